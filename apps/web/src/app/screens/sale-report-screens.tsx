import { BrandSaleReport, ItemSaleReport, SaleReport, SaleSummaryReport } from '../../features/reports-sales';

/** The sale reports (issue 13): each a report frame with its own filters, table and chart. */
export const SaleReportScreen = () => <SaleReport />;
export const SaleSummaryReportScreen = () => <SaleSummaryReport />;
export const BrandSaleReportScreen = () => <BrandSaleReport />;
export const ItemSaleReportScreen = () => <ItemSaleReport />;
