import { sql, type RawBuilder } from 'kysely';
import { formatDecimal, isCurrencyCode, minorDigits } from '@posauto/shared/money/index';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';

/** Minor units as decimal text of their currency ("12.50", "41000"). */
export const money = (amount: number | string | null | undefined, currency: string) =>
  formatDecimal(Number(amount ?? 0), isCurrencyCode(currency) ? minorDigits(currency) : 2);

/**
 * SUM of an integer expression, 0 over no rows. PostgreSQL answers numeric for a bigint sum; the pg type parser
 * turns it into a number, so both databases give a JS integer (within 2^53 at our scales).
 */
export const sumOf = (expr: RawBuilder<unknown> | string) =>
  typeof expr === 'string' ? sql<number>`COALESCE(SUM(${sql.ref(expr)}), 0)` : sql<number>`COALESCE(SUM(${expr}), 0)`;

export const countAll = () => sql<number>`COUNT(*)`;

/**
 * A line's quantity in the product's base unit: thousandths of its own unit times the factor frozen on the line
 * (FACTOR_SCALE), rounded half up per line exactly as the stock ledger converted it (convertQuantity 'half-up').
 * Quantities and factors are positive, so integer division truncating toward zero is a floor on both databases.
 */
export const baseQuantity = (line: string) =>
  sql<number>`((${sql.ref(`${line}.quantity`)} * ${sql.ref(`${line}.unit_factor`)} + 500000) / 1000000)`;

/** The period's days as a filter on a shop-local day column. */
export const inPeriod = (period: Pick<ReportPeriodInfo, 'from' | 'to'>) => [period.from, period.to] as const;

/** Adds up integers that are already sums (one per row of a report), refusing to lose precision. */
export function addUp(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) {
    total += Number(v);
    if (!Number.isSafeInteger(total)) throw new RangeError('report total beyond 2^53');
  }
  return total;
}
