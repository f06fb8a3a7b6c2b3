// Placeholder registered by the lead; the purchase-reports helper replaces this file.
import { UpcomingScreen } from './upcoming-screen';

export const PurchaseReportScreen = UpcomingScreen;
export const ItemPurchaseReportScreen = UpcomingScreen;
export const ExpenseReportScreen = UpcomingScreen;
export const PosCashFlowReportScreen = UpcomingScreen;
