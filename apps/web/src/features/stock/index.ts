export { StockAdjustmentDetailPage } from './components/adjustment-detail';
export { StockAdjustmentForm } from './components/adjustment-form';
export { StockAdjustmentList } from './components/adjustment-list';
export { StockList } from './components/stock-list';
