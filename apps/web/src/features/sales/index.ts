export { ItemSaleList } from './components/item-sale-list';
export { SaleDetailDrawer, type SaleDetailActions } from './components/sale-detail';
export { SaleList } from './components/sale-list';
export { SaleReturnForm } from './components/sale-return-form';
export { SaleReturnList } from './components/sale-return-list';
