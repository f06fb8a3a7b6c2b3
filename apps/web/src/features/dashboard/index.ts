export { BranchPicker, LowStock, SalesByHour, TopProducts } from './dashboard-panels';
