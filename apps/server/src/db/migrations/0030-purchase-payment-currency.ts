import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, type DialectKind } from '../dialect/index';

/**
 * Purchases paid in riel (issue 21): a supplier payment is handed over in dollars or riel, as a sale's is.
 *
 * - `purchase_payments.tendered_currency` and `tendered_amount`: what was handed over, in its own minor units.
 * - `purchase_payments.exchange_rate`: the riel-per-dollar rate it was converted at (RATE_SCALE; 0 when it was paid in
 *   the purchase's own currency). `amount` stays what it is worth in the purchase's currency, so every sum over it
 *   (paid, balance due, the reports) is unchanged. Existing payments were paid in the purchase's currency.
 */
export function purchasePaymentCurrency(kind: DialectKind): Migration {
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('purchase_payments')
        .addColumn('tendered_currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .execute();
      await db.schema
        .alterTable('purchase_payments')
        .addColumn('tendered_amount', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('purchase_payments')
        .addColumn('exchange_rate', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db
        .updateTable('purchase_payments')
        .set({
          tendered_amount: sql`amount`,
          tendered_currency: sql`(select p.currency from purchases p where p.business_id = purchase_payments.business_id and p.id = purchase_payments.purchase_id)`,
        })
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const column of ['exchange_rate', 'tendered_amount', 'tendered_currency'])
        await db.schema.alterTable('purchase_payments').dropColumn(column).execute();
    },
  };
}
