export { brandsResource, paymentMethodsResource, suppliersResource, unitsResource } from './api/resources';
export { BrandForm } from './components/brand-form';
export { PaymentMethodForm } from './components/payment-method-form';
export { SupplierForm } from './components/supplier-form';
export { UnitForm } from './components/unit-form';
