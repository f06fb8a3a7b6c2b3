import { ExpenseReport, ItemPurchaseReport, PosCashFlowReport, PurchaseReport } from '../../features/reports-purchases';

export const PurchaseReportScreen = PurchaseReport;
export const ItemPurchaseReportScreen = ItemPurchaseReport;
export const ExpenseReportScreen = ExpenseReport;
export const PosCashFlowReportScreen = PosCashFlowReport;
