export { PurchaseDetailPage } from './components/purchase-detail';
export { PurchaseForm } from './components/purchase-form';
export { PurchaseList } from './components/purchase-list';
export { PurchaseReturnForm } from './components/purchase-return-form';
export { PurchaseReturnList } from './components/purchase-return-list';
export { suppliersResource } from './api/suppliers';
export { SupplierForm } from './components/supplier-form';
