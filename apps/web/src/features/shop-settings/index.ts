export { customersResource, useGeneralSetting, useSaleSettings, warehousesResource } from './api/resources';
export { CustomerForm } from './components/customer-form';
export { GeneralSettingForm } from './components/general-setting-form';
export { SaleSettingForm } from './components/sale-setting-form';
export { WarehouseForm } from './components/warehouse-form';
