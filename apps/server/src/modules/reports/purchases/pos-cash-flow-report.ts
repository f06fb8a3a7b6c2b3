import { sql } from 'kysely';
import {
  posCashFlowQuerySchema,
  posCashFlowResponseSchema,
  type CashFlowFigures,
  type PosCashFlowQuery,
  type PosCashFlowResponse,
} from '@posauto/shared/schemas/reports-purchases';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import type { ExportColumn } from '../../../http/export';
import { addDays, startOfLocalDay } from '../../../lib/time-zone';
import { defineReport, resolvePeriod } from '../../../kernel/report-kit';
import { money } from '../report-sql';
import { columns, num, TOTAL, type Cells, type T } from './sheet-cells';

type Currency = 'USD' | 'KHR';
const CURRENCIES = [
  ['usd', 'USD'],
  ['khr', 'KHR'],
] as const;

/**
 * What each figure adds up, by entry kind. Entries are signed (money into the drawer positive); money out is shown
 * as a positive amount taken out, so those kinds are negated. Expected is every entry of the currency.
 */
const FIGURES = {
  opening: { kinds: ['opening'], sign: 1 },
  cash_sales: { kinds: ['sale', 'payment'], sign: 1 },
  change: { kinds: ['change'], sign: -1 },
  refunds: { kinds: ['refund'], sign: -1 },
  cash_in: { kinds: ['cash_in'], sign: 1 },
  cash_out: { kinds: ['cash_out'], sign: -1 },
  expected: { kinds: null, sign: 1 },
} as const;
type Figure = keyof typeof FIGURES;
const FIGURE_NAMES = Object.keys(FIGURES) as Figure[];
const col = (prefix: string, f: Figure) => `${prefix}_${f}`;

/** SUM over one currency's entries of some kinds (all kinds: null). */
function entrySum(currency: Currency, figure: Figure) {
  const { kinds, sign } = FIGURES[figure];
  const kindTest = kinds ? sql` AND e.kind IN (${sql.join(kinds.map((k) => sql.lit(k)))})` : sql``;
  const signed = sign < 0 ? sql`-e.amount` : sql`e.amount`;
  return sql<number>`COALESCE(SUM(CASE WHEN e.currency = ${sql.lit(currency)}${kindTest} THEN ${signed} ELSE 0 END), 0)`;
}

/**
 * The POS cash flow report: each cash session opened in the period (the shop-local day of opened_at), per drawer
 * currency: its opening cash, cash sales (sale and invoice-payment entries), change given, refunds, cash in and out,
 * the expected cash (the sum of every entry), and for a closed session what was counted and the difference. The
 * entries are summed per session by the database; the totals are sums of those sums, also in SQL.
 */
export async function posCashFlowReport(deps: Deps, ctx: RequestContext, query: PosCashFlowQuery): Promise<PosCashFlowResponse> {
  const { db } = deps;
  const period = await resolvePeriod(deps, ctx, query);
  const start = startOfLocalDay(period.from, period.time_zone).toISOString();
  const end = startOfLocalDay(addDays(period.to, 1), period.time_zone).toISOString();
  const biz = ctx.businessId;

  const sessions = () => {
    let q = db
      .selectFrom('cash_sessions as s')
      .where('s.business_id', '=', biz)
      .where('s.opened_at', '>=', start)
      .where('s.opened_at', '<', end);
    if (period.branch_id) q = q.where('s.branch_id', '=', period.branch_id);
    if (query.user_id) q = q.where('s.user_id', '=', query.user_id);
    return q;
  };

  // Per session, every figure of both currencies: one grouped pass over the sessions' entries.
  const perSession = db
    .selectFrom('cash_session_entries as e')
    .select([
      'e.session_id',
      ...CURRENCIES.flatMap(([prefix, currency]) => FIGURE_NAMES.map((f) => entrySum(currency, f).as(col(prefix, f)))),
    ])
    .where('e.business_id', '=', biz)
    .where('e.session_id', 'in', sessions().select('s.id'))
    .groupBy('e.session_id');

  const figureRef = (prefix: string, f: Figure) => sql<number>`COALESCE(${sql.ref(`f.${col(prefix, f)}`)}, 0)`;
  const closed = sql`s.status = 'closed'`;
  const counted = (prefix: string) => sql.ref(`s.counted_${prefix}`);

  const [rows, totals] = await Promise.all([
    sessions()
      .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 's.business_id').onRef('b.id', '=', 's.branch_id'))
      .innerJoin('users as u', (j) => j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.user_id'))
      .leftJoin(perSession.as('f'), (j) => j.onRef('f.session_id', '=', 's.id'))
      .select([
        's.id',
        's.session_number',
        's.branch_id',
        'b.name as branch_name',
        's.user_id',
        sql<string>`u.first_name || ' ' || u.last_name`.as('cashier_name'),
        's.status',
        's.opened_at',
        's.closed_at',
        's.counted_usd',
        's.counted_khr',
        ...CURRENCIES.flatMap(([prefix]) => FIGURE_NAMES.map((f) => figureRef(prefix, f).as(col(prefix, f)))),
      ])
      .orderBy('s.opened_at')
      .orderBy('s.id')
      .execute(),
    sessions()
      .leftJoin(perSession.as('f'), (j) => j.onRef('f.session_id', '=', 's.id'))
      .select([
        sql<number>`COUNT(*)`.as('count'),
        ...CURRENCIES.flatMap(([prefix]) => [
          ...FIGURE_NAMES.map((f) => sql<number>`COALESCE(SUM(${figureRef(prefix, f)}), 0)`.as(col(prefix, f))),
          sql<number>`COALESCE(SUM(CASE WHEN ${closed} THEN ${counted(prefix)} ELSE 0 END), 0)`.as(`${prefix}_counted`),
          sql<number>`COALESCE(SUM(CASE WHEN ${closed} THEN ${counted(prefix)} - ${figureRef(prefix, 'expected')} ELSE 0 END), 0)`.as(
            `${prefix}_difference`,
          ),
          sql<number>`COALESCE(SUM(CASE WHEN ${closed} THEN 1 ELSE 0 END), 0)`.as(`${prefix}_closed`),
        ]),
      ])
      .executeTakeFirstOrThrow(),
  ]);

  const figures = (
    r: Record<string, unknown>,
    prefix: string,
    currency: Currency,
    countedAmount: number | null,
    differenceAmount: number | null,
  ) =>
    ({
      ...(Object.fromEntries(FIGURE_NAMES.map((f) => [f, money(Number(r[col(prefix, f)] ?? 0), currency)])) as Record<Figure, string>),
      counted: countedAmount === null ? null : money(countedAmount, currency),
      difference: differenceAmount === null ? null : money(differenceAmount, currency),
    }) satisfies CashFlowFigures;

  const t = totals as unknown as Record<string, unknown>;
  const totalFigures = (prefix: 'usd' | 'khr', currency: Currency) => {
    const anyClosed = Number(t[`${prefix}_closed`]) > 0;
    return figures(
      t,
      prefix,
      currency,
      anyClosed ? Number(t[`${prefix}_counted`]) : null,
      anyClosed ? Number(t[`${prefix}_difference`]) : null,
    );
  };

  return {
    period,
    rows: rows.map((r) => {
      const rec = r as unknown as Record<string, unknown>;
      const isClosed = r.status === 'closed';
      const one = (prefix: 'usd' | 'khr', currency: Currency) => {
        const c = rec[`counted_${prefix}`];
        const countedAmount = isClosed && c !== null && c !== undefined ? Number(c) : null;
        const expected = Number(rec[col(prefix, 'expected')] ?? 0);
        return figures(rec, prefix, currency, countedAmount, countedAmount === null ? null : countedAmount - expected);
      };
      return {
        id: r.id,
        session_number: r.session_number,
        branch_id: r.branch_id,
        branch_name: r.branch_name,
        user_id: r.user_id,
        cashier_name: r.cashier_name,
        status: r.status,
        opened_at: r.opened_at,
        closed_at: r.closed_at ?? null,
        usd: one('usd', 'USD'),
        khr: one('khr', 'KHR'),
      };
    }),
    totals: { count: Number(t.count), usd: totalFigures('usd', 'USD'), khr: totalFigures('khr', 'KHR') },
  };
}

const FLOW: (keyof CashFlowFigures)[] = [
  'opening',
  'cash_sales',
  'change',
  'refunds',
  'cash_in',
  'cash_out',
  'expected',
  'counted',
  'difference',
];
const flowCells = (usd: CashFlowFigures, khr: CashFlowFigures): Cells =>
  Object.fromEntries([...FLOW.map((f) => [`usd_${f}`, num(usd[f])]), ...FLOW.map((f) => [`khr_${f}`, num(khr[f])])]);

const cashFlowSheet = {
  fileKey: 'purchase_reports.cash_flow.title',
  fileName: 'pos-cash-flow-report',
  columns: (t: T): ExportColumn<Cells>[] => [
    ...columns(t, [
      ['session', 'purchase_reports.col.session'],
      ['branch', 'purchase_reports.col.branch'],
      ['cashier', 'purchase_reports.col.cashier'],
      ['opened_at', 'purchase_reports.col.opened_at'],
      ['closed_at', 'purchase_reports.col.closed_at'],
    ]),
    ...(['usd', 'khr'] as const).flatMap((c) =>
      FLOW.map((f) => ({
        header: `${t(`purchase_reports.cash_flow.${f}`)} (${c.toUpperCase()})`,
        value: (r: Cells) => r[`${c}_${f}`] ?? null,
      })),
    ),
  ],
  rows: (d: PosCashFlowResponse, t: T): Cells[] => [
    ...d.rows.map((r) => ({
      session: r.session_number,
      branch: r.branch_name,
      cashier: r.cashier_name,
      opened_at: r.opened_at,
      closed_at: r.closed_at,
      ...flowCells(r.usd, r.khr),
    })),
    { session: t(TOTAL), ...flowCells(d.totals.usd, d.totals.khr) },
  ],
};

export const posCashFlowReportRoutes = defineReport({
  path: '/api/v1/reports/pos-cash-flow',
  operationId: 'posCashFlowReport',
  summary: 'POS cash flow report: each cash session opened in the period, per drawer currency',
  permission: 'sale-report',
  query: posCashFlowQuerySchema,
  response: posCashFlowResponseSchema,
  run: posCashFlowReport,
  sheet: cashFlowSheet,
});
