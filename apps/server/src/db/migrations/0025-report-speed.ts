import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectKind } from '../dialect/index';

/**
 * Report speed (issue 13 benchmark: a year of 1,000,000 sale lines in one shop).
 *
 * - `sales_report_figures`: every figure the reports and the dashboard add up per day, behind (business_id,
 *   sale_date), so the profit and loss of a year, the dashboard's day buckets and the sale report's sums read the
 *   index alone and never the table (on SQLite; on PostgreSQL an index-only scan once the table is vacuumed). `id`
 *   and `sold_at` are there for the joins to the lines and for the sale report's page order.
 * - `sale_lines_discounted`: only the lines that carry a line discount. Profit and loss needs Σ line_discount for
 *   a period; without it that sum visits every line of the period (a million for a year) to add up mostly zeros.
 */
export function reportSpeed(_kind: DialectKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('sales_report_figures')
        .on('sales')
        .columns([
          'business_id',
          'sale_date',
          'status',
          'document',
          'branch_id',
          'grand_total',
          'tax',
          'service_charge',
          'shipping',
          'discount_amount',
          'coupon_amount',
          'cost_total',
          'paid_amount',
          'vat_inclusive',
          'sold_at',
          'id',
        ])
        .execute();
      // A literal condition: the report query repeats it word for word so both planners can pick the partial index.
      await sql`CREATE INDEX sale_lines_discounted ON sale_lines (business_id, sale_id, line_discount) WHERE line_discount <> 0`.execute(
        db,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('sale_lines_discounted').execute();
      await db.schema.dropIndex('sales_report_figures').execute();
    },
  };
}
