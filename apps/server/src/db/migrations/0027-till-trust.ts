import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, type DialectKind } from '../dialect/index';

/**
 * Trust at the till (issue 20).
 *
 * - `sales.rounding`: signed minor units added to the total when cash settles it in round notes: a riel payment of
 *   the riel total shown (short by under half a 100-riel note), or change given in whole dollars by a drawer out of
 *   riel. It is part of `grand_total`, so every report sees what was really charged.
 * - `sales.approved_by`: the user who approved a discount above the cashier's role limit (null: none was needed).
 * - `sale_returns.settled_amount`: the part of a return that only reduced what the customer still owed on the sale
 *   (nothing comes back for goods never paid); `refund_value`: the part refunded (cash or balance), in the sale's
 *   currency. Existing returns refunded their whole value.
 * - roles, `max_discount`: the largest discount (hundredths of a percent of the sale) a role may give without an
 *   approval; 100% unless set; the preset Cashier gets 10%.
 * - `discount_approvals`: a manager's approval, given on the till's screen, used by one sale.
 * - Invoice numbers: one series per shop instead of one per branch (two branches printed the same INV-000100). The
 *   shop's series starts after the highest number any branch reached, so no number is given twice.
 */
export function tillTrust(kind: DialectKind): Migration {
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('sales')
        .addColumn('rounding', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('sales').addColumn('approved_by', 'text').execute();
      await db.schema
        .alterTable('sale_returns')
        .addColumn('settled_amount', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sale_returns')
        .addColumn('refund_value', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db
        .updateTable('sale_returns')
        .set({ refund_value: sql`total` })
        .execute();
      await db.schema
        .alterTable('roles')
        .addColumn('max_discount', 'integer', (c) => c.notNull().defaultTo(10_000))
        .execute();
      await db.updateTable('roles').set({ max_discount: 1_000 }).where('is_preset', '=', 1).where('name', '=', 'Cashier').execute();
      await db.schema
        .createTable('discount_approvals')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('approver_id', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('max_percent', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('sale_id', 'text')
        .addPrimaryKeyConstraint('discount_approvals_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('discount_approvals_approver_fk', ['business_id', 'approver_id'], 'users', ['business_id', 'id'])
        .addForeignKeyConstraint('discount_approvals_requester_fk', ['business_id', 'requested_by'], 'users', ['business_id', 'id'])
        .execute();
      for (const series of ['sale', 'quotation'])
        await sql`INSERT INTO tenant_counters (business_id, name, value)
          SELECT business_id, ${series}, max(value) FROM tenant_counters WHERE name LIKE ${`${series}:%`} GROUP BY business_id`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.deleteFrom('tenant_counters').where('name', 'in', ['sale', 'quotation']).execute();
      await db.schema.dropTable('discount_approvals').execute();
      await db.schema.alterTable('roles').dropColumn('max_discount').execute();
      await db.schema.alterTable('sale_returns').dropColumn('refund_value').execute();
      await db.schema.alterTable('sale_returns').dropColumn('settled_amount').execute();
      await db.schema.alterTable('sales').dropColumn('approved_by').execute();
      await db.schema.alterTable('sales').dropColumn('rounding').execute();
    },
  };
}
