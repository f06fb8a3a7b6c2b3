export { BranchPicker, LowStock, SalesByHour, TopProducts } from './dashboard-panels';
export { SetupChecklist } from './setup-checklist';
