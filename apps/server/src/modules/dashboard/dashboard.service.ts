import type { DashboardFigures, DashboardResponse } from '@posauto/shared/schemas/shell';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { addDays, DEFAULT_TIME_ZONE, isoWeek, isoWeekYearStart, isTimeZone, localDay, startOfLocalDay } from '../../lib/time-zone';
import * as repo from './dashboard.repo';

const zero = (): DashboardFigures => ({ sales: 0, profit: 0 });
const add = (into: DashboardFigures, b: repo.DayBucket) => {
  into.sales += b.sales;
  into.profit += b.profit;
};

/** The first day any figure of the dashboard needs: 1 January, 30 days ago or the Monday of ISO week 1. */
export function firstDayNeeded(today: string): string {
  return [`${today.slice(0, 4)}-01-01`, addDays(today, -29), isoWeekYearStart(isoWeek(today).year)].sort()[0]!;
}

/**
 * Adds daily figures up into the dashboard's periods, `today` being the shop's current calendar day. Periods
 * without sales read as zero; days after today are ignored.
 */
export function summarise(buckets: readonly repo.DayBucket[], today: string, currency: string): DashboardResponse {
  const year = today.slice(0, 4);
  const thisWeek = isoWeek(today);
  const last30From = addDays(today, -29);
  const result: DashboardResponse = {
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

/**
 * Today's, the last 30 days', this year's monthly and this ISO week-year's weekly sales and profit, with days
 * cut at midnight in the shop's time zone. A branch user sees their branch's figures.
 */
export async function getDashboard(deps: Deps, ctx: RequestContext): Promise<DashboardResponse> {
  const settings = await repo.dashboardSettings(deps.db, ctx.businessId);
  const timeZone = isTimeZone(settings?.time_zone) ? settings.time_zone : DEFAULT_TIME_ZONE;
  const today = localDay(deps.clock.now(), timeZone);
  const buckets = await repo.salesBuckets(
    deps.db,
    deps.kind,
    { businessId: ctx.businessId, branchId: ctx.branchId },
    {
      from: startOfLocalDay(firstDayNeeded(today), timeZone).toISOString(),
      to: startOfLocalDay(addDays(today, 1), timeZone).toISOString(),
    },
    timeZone,
  );
  return summarise(buckets, today, settings?.currency ?? 'USD');
}
