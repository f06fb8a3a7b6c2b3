export { PurchaseReport } from './purchase-report';
export { ItemPurchaseReport } from './item-purchase-report';
export { ExpenseReport } from './expense-report';
export { PosCashFlowReport } from './pos-cash-flow-report';
