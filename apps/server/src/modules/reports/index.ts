import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { profitLossRoutes } from './profit-loss';
import { expenseReportRoutes } from './purchases/expense-report';
import { itemPurchaseReportRoutes } from './purchases/item-purchase-report';
import { posCashFlowReportRoutes } from './purchases/pos-cash-flow-report';
import { purchaseReportRoutes } from './purchases/purchase-report';
import { purchaseOptionRoutes, reportOptionRoutes } from './report-options';
import { brandSalesRoutes } from './sales/brand-sales';
import { itemSalesRoutes } from './sales/item-sales';
import { saleReportRoutes } from './sales/sale-report';
import { saleSummaryRoutes } from './sales/sale-summary';

/**
 * Every report (issue 13), one file each: the sales side in sales/, the purchase side in purchases/, the profit and
 * loss; each registers its figures and its export through the report kit (kernel/report-kit.ts). Listed in the order
 * the routes were always registered (the OpenAPI document follows it).
 */
const REPORTS: Array<(app: AppInstance, deps: Deps) => void> = [
  reportOptionRoutes,
  saleReportRoutes,
  saleSummaryRoutes,
  brandSalesRoutes,
  itemSalesRoutes,
  purchaseOptionRoutes,
  purchaseReportRoutes,
  itemPurchaseReportRoutes,
  expenseReportRoutes,
  posCashFlowReportRoutes,
  profitLossRoutes,
];

export function reportRoutes(app: AppInstance, deps: Deps): void {
  for (const register of REPORTS) register(app, deps);
}
