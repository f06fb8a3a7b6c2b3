import { formatQuantity } from '@posauto/shared/money/index';
import type { DashboardFigures, DashboardQuery, DashboardResponse } from '@posauto/shared/schemas/shell';
import type { Deps } from '../../deps';
import { branchScope, type RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { addDays, isoWeek, isoWeekYearStart } from '../../lib/time-zone';
import { shopSettings, shopToday } from '../settings/index';
import * as repo from './dashboard.repo';

const zero = (): DashboardFigures => ({ sales: 0, profit: 0 });
const add = (into: DashboardFigures, b: repo.DayBucket) => {
  into.sales += b.sales;
  into.profit = (into.profit ?? 0) + b.profit;
};

/** The first day any figure of the dashboard needs: 1 January, 30 days ago or the Monday of ISO week 1. */
export function firstDayNeeded(today: string): string {
  return [`${today.slice(0, 4)}-01-01`, addDays(today, -29), isoWeekYearStart(isoWeek(today).year)].sort()[0]!;
}

/**
 * Adds daily figures up into the dashboard's periods, `today` being the shop's current calendar day. Periods
 * without sales read as zero; days after today are ignored.
 */
export type DashboardPeriods = Pick<DashboardResponse, 'currency' | 'today' | 'last_30_days' | 'monthly' | 'weekly'>;

export function summarise(buckets: readonly repo.DayBucket[], today: string, currency: string): DashboardPeriods {
  const year = today.slice(0, 4);
  const thisWeek = isoWeek(today);
  const last30From = addDays(today, -29);
  const result: DashboardPeriods = {
    currency,
    today: zero(),
    last_30_days: zero(),
    monthly: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...zero() })),
    weekly: Array.from({ length: thisWeek.week }, (_, i) => ({ week: i + 1, ...zero() })),
  };
  for (const b of buckets) {
    if (b.day > today) continue;
    if (b.day === today) add(result.today, b);
    if (b.day >= last30From) add(result.last_30_days, b);
    if (b.day.startsWith(`${year}-`)) add(result.monthly[Number(b.day.slice(5, 7)) - 1]!, b);
    const week = isoWeek(b.day);
    if (week.year === thisWeek.year) add(result.weekly[week.week - 1]!, b);
  }
  return result;
}

/** The shop's profit is not everyone's to see: without `profit-lost-report` the figures carry sales only. */
function withoutProfit(p: DashboardPeriods): DashboardPeriods {
  const hide = <T extends DashboardFigures>(f: T): T => ({ ...f, profit: null });
  return { ...p, today: hide(p.today), last_30_days: hide(p.last_30_days), monthly: p.monthly.map(hide), weekly: p.weekly.map(hide) };
}

const TOP_PRODUCTS = 5;
const LOW_STOCK_SHOWN = 5;

/**
 * Today's, the last 30 days', this year's monthly and this ISO week-year's weekly sales and profit, with days
 * cut at midnight in the shop's time zone; the top products of the last 30 days, today's sales by hour and the items
 * low on stock. A branch user sees their branch's figures; the owner may pick a branch (?branch_id=) or the shop.
 */
export async function getDashboard(deps: Deps, ctx: RequestContext, query: DashboardQuery = {}): Promise<DashboardResponse> {
  const branchId = branchScope(ctx, query.branch_id);
  if (branchId && branchId !== ctx.branchId && !(await repo.branchExists(deps.db, ctx.businessId, branchId))) throw notFound();
  const scope = { businessId: ctx.businessId, branchId };
  const settings = await shopSettings(deps.db, ctx.businessId);
  const timeZone = settings.timeZone;
  const today = shopToday(settings, deps.clock);
  const last30 = { from: addDays(today, -29), to: today };
  const [buckets, top, hours, low] = await Promise.all([
    repo.salesBuckets(deps.db, scope, { from: firstDayNeeded(today), to: today }),
    repo.topProducts(deps.db, deps.kind, scope, last30, TOP_PRODUCTS),
    repo.salesByHour(deps.db, deps.kind, scope, today, timeZone),
    repo.lowStock(deps.db, scope, LOW_STOCK_SHOWN, settings.defaultStockAlert),
  ]);
  const byHour = new Map(hours.map((h) => [h.hour, h]));
  const periods = summarise(buckets, today, settings.currency);
  return {
    ...(ctx.permissions.has('profit-lost-report') ? periods : withoutProfit(periods)),
    branch_id: branchId,
    top_products: top,
    hourly: Array.from({ length: 24 }, (_, hour) => ({ hour, count: byHour.get(hour)?.count ?? 0, sales: byHour.get(hour)?.sales ?? 0 })),
    low_stock: {
      count: low.count,
      items: low.items.map((i) => ({
        product_id: i.product_id,
        variant_id: i.variant_id || null,
        branch_id: i.branch_id,
        branch_name: i.branch_name,
        product_name: i.product_name,
        on_hand: formatQuantity(Number(i.on_hand)),
        alert: formatQuantity(Number(i.alert ?? 0)),
      })),
    },
  };
}
