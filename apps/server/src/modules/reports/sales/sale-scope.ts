import { sql } from 'kysely';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import type { SaleReportQuery } from '@posauto/shared/schemas/reports-sales';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import { countedReturn, countedSale } from '../../../kernel/counted';

/** The period of a report as the kernel's counted scope. */
const scopeOf = (ctx: RequestContext, period: ReportPeriodInfo) => ({
  businessId: ctx.businessId,
  from: period.from,
  to: period.to,
  branchId: period.branch_id,
});

/** The period's counted sales, `sales as s` (kernel/counted.ts). */
export const countedSales = (deps: Deps, ctx: RequestContext, period: ReportPeriodInfo) =>
  deps.db.selectFrom('sales as s').where(countedSale('s', scopeOf(ctx, period)));

/** The period's counted returns, `sale_returns as sr`, with their sale as `s` (the sale filters narrow returns too). */
export const countedReturns = (deps: Deps, ctx: RequestContext, period: ReportPeriodInfo) =>
  deps.db
    .selectFrom('sale_returns as sr')
    .innerJoin('sales as s', (j) => j.onRef('s.business_id', '=', 'sr.business_id').onRef('s.id', '=', 'sr.sale_id'))
    .where(countedReturn('sr', scopeOf(ctx, period)));

/** The table and the waiter of a table sale (issue #24), on `sales as s`: both sale reports narrow by them. */
export function tableFilters<Q extends { where: (...a: any[]) => Q }>(q: Q, query: { table_id?: string; waiter_id?: string }): Q {
  if (query.table_id) q = q.where('s.table_id', '=', query.table_id);
  if (query.waiter_id) q = q.where('s.waiter_id', '=', query.waiter_id);
  return q;
}

/** The sale-level filters of the sales report (not the period): they narrow the sales and the returns alike. */
export function saleFilters<Q extends { where: (...a: any[]) => Q }>(q: Q, query: SaleReportQuery, deps: Deps, biz: string): Q {
  q = tableFilters(q, query);
  if (query.created_by) q = q.where('s.created_by', '=', query.created_by);
  if (query.customer_id) q = q.where('s.customer_id', '=', query.customer_id);
  if (query.sale_type) q = q.where('s.sale_type', '=', query.sale_type);
  if (query.payment_status) q = q.where('s.payment_status', '=', query.payment_status);
  if (query.payment_method_id) {
    const method = query.payment_method_id;
    q = q.where((eb: any) =>
      eb.exists(
        deps.db
          .selectFrom('sale_payments as sp')
          .select(sql.lit(1).as('one'))
          .where('sp.business_id', '=', biz)
          .where('sp.sale_id', '=', sql.ref<string>('s.id'))
          .where('sp.payment_method_id', '=', method),
      ),
    );
  }
  return q;
}
