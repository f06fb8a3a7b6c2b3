export { SaleReport } from './components/sale-report';
export { SaleSummaryReport } from './components/sale-summary-report';
export { BrandSaleReport } from './components/brand-sale-report';
export { ItemSaleReport } from './components/item-sale-report';
