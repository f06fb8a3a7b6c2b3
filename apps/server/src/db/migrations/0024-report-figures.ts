import type { Kysely, Migration } from 'kysely';
import { roundDiv } from '@posauto/shared/money/index';
import { bigintType, type DialectKind } from '../dialect/index';

/**
 * Report figures (issue 13): the VAT part of each sale return, so profit and loss can take returns net of VAT
 * with a SQL sum instead of re-deriving it from the sale's lines, and the date index the reports read returns by.
 *
 * - `sale_return_lines.tax_amount` is the returned share of the sale line's VAT, taken on the running returned
 *   quantity with the same half-up rounding as `amount` (sale-returns.service.ts), so returning a whole line in
 *   several goes gives back exactly its VAT. `sale_returns.tax` is the sum over its lines.
 * - Existing returns are filled the same way, in the order they were posted.
 * - sales(business_id, sale_date) and purchases(business_id, purchase_date) already have indexes (0017, 0022);
 *   the expenses index belongs to 0023.
 */
export function reportFigures(kind: DialectKind): Migration {
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('sale_return_lines')
        .addColumn('tax_amount', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sale_returns')
        .addColumn('tax', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sale_returns_by_date').on('sale_returns').columns(['business_id', 'returned_on', 'id']).execute();
      await fillReturnTax(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('sale_returns_by_date').execute();
      await db.schema.alterTable('sale_returns').dropColumn('tax').execute();
      await db.schema.alterTable('sale_return_lines').dropColumn('tax_amount').execute();
    },
  };
}

const PAGE = 2000;

/** Fills tax_amount of every return line that has VAT to give back, page by page, then each return's tax. */
export async function fillReturnTax(db: Kysely<any>): Promise<void> {
  // Only lines of sales with VAT matter; ordered by sale line, then as they were posted (no return is ever voided).
  let after: { sale_line_id: string; created_at: string; return_number: string; line_no: number; business_id: string } | null = null;
  let returnedBefore = new Map<string, number>();
  const touched = new Set<string>();
  for (;;) {
    let q = db
      .selectFrom('sale_return_lines as l')
      .innerJoin('sale_returns as r', (j) => j.onRef('r.business_id', '=', 'l.business_id').onRef('r.id', '=', 'l.return_id'))
      .innerJoin('sale_lines as sl', (j) => j.onRef('sl.business_id', '=', 'l.business_id').onRef('sl.id', '=', 'l.sale_line_id'))
      .select([
        'l.business_id',
        'l.id',
        'l.return_id',
        'l.sale_line_id',
        'l.line_no',
        'l.quantity',
        'r.created_at',
        'r.return_number',
        'sl.quantity as sold',
        'sl.tax_amount as line_tax',
      ])
      .where('sl.tax_amount', '<>', 0)
      .orderBy('l.business_id')
      .orderBy('l.sale_line_id')
      .orderBy('r.created_at')
      .orderBy('r.return_number')
      .orderBy('l.line_no')
      .limit(PAGE);
    if (after) {
      const a = after;
      q = q.where((eb) =>
        eb.or([
          eb('l.business_id', '>', a.business_id),
          eb.and([eb('l.business_id', '=', a.business_id), eb('l.sale_line_id', '>', a.sale_line_id)]),
          eb.and([
            eb('l.business_id', '=', a.business_id),
            eb('l.sale_line_id', '=', a.sale_line_id),
            eb.or([
              eb('r.created_at', '>', a.created_at),
              eb.and([eb('r.created_at', '=', a.created_at), eb('r.return_number', '>', a.return_number)]),
              eb.and([eb('r.created_at', '=', a.created_at), eb('r.return_number', '=', a.return_number), eb('l.line_no', '>', a.line_no)]),
            ]),
          ]),
        ]),
      );
    }
    const rows = await q.execute();
    if (!rows.length) break;
    for (const row of rows) {
      const key = `${row.business_id}/${row.sale_line_id}`;
      if (!returnedBefore.has(key)) returnedBefore = new Map([[key, 0]]);
      const before = returnedBefore.get(key)!;
      const now = before + Number(row.quantity);
      returnedBefore.set(key, now);
      const sold = BigInt(Number(row.sold));
      const whole = BigInt(Math.abs(Number(row.line_tax)));
      const share = (q: number) => roundDiv(whole * BigInt(q), sold, 'half-up');
      const tax = share(now) - share(before);
      await db
        .updateTable('sale_return_lines')
        .set({ tax_amount: tax })
        .where('business_id', '=', row.business_id)
        .where('id', '=', row.id)
        .execute();
      touched.add(`${row.business_id}\u0000${row.return_id}`);
    }
    const last = rows[rows.length - 1]!;
    after = {
      business_id: last.business_id,
      sale_line_id: last.sale_line_id,
      created_at: last.created_at,
      return_number: last.return_number,
      line_no: last.line_no,
    };
    if (rows.length < PAGE) break;
  }
  for (const k of touched) {
    const [businessId, returnId] = k.split('\u0000') as [string, string];
    const sum = await db
      .selectFrom('sale_return_lines')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('tax_amount'), eb.lit(0)).as('n'))
      .where('business_id', '=', businessId)
      .where('return_id', '=', returnId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sale_returns')
      .set({ tax: Number(sum.n) })
      .where('business_id', '=', businessId)
      .where('id', '=', returnId)
      .execute();
  }
}
