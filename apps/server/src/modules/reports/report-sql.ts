import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type ReferenceExpression, type SqlBool } from 'kysely';
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

/**
 * A document dated in the period (its shop-local day column between from and to) and, when the period names one, of
 * its branch: `.where(datedIn(period, 'e.expense_date', 'e.branch_id'))`. Every purchase-side report and the profit
 * and loss's expenses scope their documents so.
 */
export function datedIn(period: Pick<ReportPeriodInfo, 'from' | 'to' | 'branch_id'>, day: string, branch: string) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const ref = (column: string) => column as ReferenceExpression<DB, TB>;
    const terms = [eb(ref(day), '>=', period.from as never), eb(ref(day), '<=', period.to as never)];
    if (period.branch_id) terms.push(eb(ref(branch), '=', period.branch_id as never));
    return eb.and(terms);
  };
}

/** A figure the database answered (PostgreSQL may give a bigint sum as text) as a JS integer; none is 0. */
export const int = (v: string | number | bigint | null | undefined) => Number(v ?? 0);
