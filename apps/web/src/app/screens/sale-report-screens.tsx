// Placeholder registered by the lead; the sale-reports helper replaces this file.
import { UpcomingScreen } from './upcoming-screen';

export const SaleReportScreen = UpcomingScreen;
export const SaleSummaryReportScreen = UpcomingScreen;
export const BrandSaleReportScreen = UpcomingScreen;
export const ItemSaleReportScreen = UpcomingScreen;
