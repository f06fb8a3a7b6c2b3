import { sql, type ReferenceExpression, type SelectQueryBuilder } from 'kysely';

/**
 * The rows whose day `column` (a YYYY-MM-DD date column) falls in a list's period: from and to both included, either
 * one left open. Every document list wrote the same two conditions; the column is checked against the query as a
 * where() would check it.
 *
 *   inPeriod(purchaseHeader(db, biz), 'p.purchase_date', query)
 */
export function inPeriod<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  column: ReferenceExpression<DB, TB> & string,
  period: { from?: string | undefined; to?: string | undefined },
): SelectQueryBuilder<DB, TB, O> {
  let out = q;
  if (period.from) out = out.where(sql.ref(column), '>=', period.from);
  if (period.to) out = out.where(sql.ref(column), '<=', period.to);
  return out;
}
