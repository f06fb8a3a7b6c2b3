import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/** The restaurant's keys (issue #24), given to the roles that held every shop permission before them (as 0028 did). */
const NEW_KEYS = ['table-management', 'table-service', 'table-void', 'kitchen-display'];

/**
 * Table service (issue #24).
 *
 * - A branch's floor: areas, and tables placed on a grid (x, y: cells of the plan). Names are unique per branch.
 * - Kitchen stations per branch; a category is prepared at one station per branch (the primary key of
 *   kitchen_station_categories says so), what no station names goes to the branch's default station.
 * - An open order is a document (`table_orders`) with real lines. A table holds at most one order that is not yet
 *   cleared: a partial unique index, so two waiters opening the same table at once meet there.
 * - Each line keeps what the kitchen was told (`sent_quantity`, `sent_note`): sending makes tickets of the difference
 *   and brings these up to date in the same transaction, on the order's locked row, so a ticket is never made twice.
 * - `table_order_requests` remembers each addition's and each send's Idempotency-Key: a retry finds it and changes
 *   nothing.
 * - A sale paid at a table names its order, table and waiter (the reports filter by them); the table's name is copied,
 *   so a sale outlives a table that is renamed or removed.
 */
export function restaurants(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('floor_areas')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('floor_areas_pk', ['business_id', 'id'])
        .addUniqueConstraint('floor_areas_name_unique', ['business_id', 'branch_id', 'name'])
        .addForeignKeyConstraint('floor_areas_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();

      await db.schema
        .createTable('floor_tables')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('area_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats between 1 and 99`))
        .addColumn('shape', 'text', (c) => c.notNull().check(sql`shape in ('square', 'round', 'rectangle')`))
        .addColumn('x', 'integer', (c) => c.notNull())
        .addColumn('y', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('floor_tables_pk', ['business_id', 'id'])
        .addUniqueConstraint('floor_tables_name_unique', ['business_id', 'branch_id', 'name'])
        .addForeignKeyConstraint('floor_tables_area_fk', ['business_id', 'area_id'], 'floor_areas', ['business_id', 'id'])
        .addForeignKeyConstraint('floor_tables_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();

      await db.schema
        .createTable('kitchen_stations')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('print_tickets', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('kitchen_stations_pk', ['business_id', 'id'])
        .addUniqueConstraint('kitchen_stations_name_unique', ['business_id', 'branch_id', 'name'])
        .addForeignKeyConstraint('kitchen_stations_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();
      await sql`CREATE UNIQUE INDEX kitchen_stations_one_default ON kitchen_stations (business_id, branch_id) WHERE is_default = 1`.execute(
        db,
      );

      await db.schema
        .createTable('kitchen_station_categories')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('category_id', 'text', (c) => c.notNull())
        .addColumn('station_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('kitchen_station_categories_pk', ['business_id', 'branch_id', 'category_id'])
        .addForeignKeyConstraint(
          'kitchen_station_categories_station_fk',
          ['business_id', 'station_id'],
          'kitchen_stations',
          ['business_id', 'id'],
          (f) => f.onDelete('cascade'),
        )
        .addForeignKeyConstraint(
          'kitchen_station_categories_category_fk',
          ['business_id', 'category_id'],
          'categories',
          ['business_id', 'id'],
          (f) => f.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('kitchen_station_categories_station')
        .on('kitchen_station_categories')
        .columns(['business_id', 'station_id'])
        .execute();

      await db.schema
        .createTable('table_orders')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('table_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'paid', 'cancelled')`))
        .addColumn('guests', 'integer', (c) => c.notNull())
        .addColumn('waiter_id', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('line_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('opened_at', ts, (c) => c.notNull())
        .addColumn('bill_printed_at', ts)
        .addColumn('changed_at', ts, (c) => c.notNull())
        .addColumn('paid_at', ts)
        .addColumn('cleared_at', ts)
        .addColumn('merged_into', 'text')
        .addColumn('created_by', 'text')
        .addPrimaryKeyConstraint('table_orders_pk', ['business_id', 'id'])
        .addUniqueConstraint('table_orders_number_unique', ['business_id', 'order_number'])
        .addForeignKeyConstraint('table_orders_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();
      // One order at a time on a table, from opening until the table is cleared.
      await sql`CREATE UNIQUE INDEX table_orders_one_per_table ON table_orders (business_id, table_id) WHERE cleared_at IS NULL AND table_id IS NOT NULL`.execute(
        db,
      );
      await db.schema.createIndex('table_orders_branch').on('table_orders').columns(['business_id', 'branch_id', 'opened_at']).execute();

      await db.schema
        .createTable('table_order_lines')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit_id', 'text')
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('unit_name', 'text')
        .addColumn('category_id', 'text')
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity >= 0`))
        .addColumn('unit_price', big, (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seat', 'integer')
        .addColumn('bill', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'void')`))
        .addColumn('sent_quantity', big, (c) => c.notNull().defaultTo(0))
        .addColumn('sent_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sent_at', ts)
        .addColumn('station_id', 'text')
        .addColumn('ready_at', ts)
        .addColumn('void_quantity', big, (c) => c.notNull().defaultTo(0))
        .addColumn('void_reason', 'text')
        .addColumn('voided_by', 'text')
        .addColumn('approved_by', 'text')
        .addColumn('sale_id', 'text')
        .addColumn('split_from', 'text')
        .addColumn('added_by', 'text')
        .addColumn('added_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('table_order_lines_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('table_order_lines_order_fk', ['business_id', 'order_id'], 'table_orders', ['business_id', 'id'])
        .execute();
      await db.schema
        .createIndex('table_order_lines_order')
        .on('table_order_lines')
        .columns(['business_id', 'order_id', 'line_no'])
        .execute();

      await db.schema
        .createTable('table_order_requests')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('add', 'send', 'pay', 'open')`))
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('table_order_requests_pk', ['business_id', 'idempotency_key'])
        .execute();

      await db.schema
        .createTable('kitchen_tickets')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('ticket_number', 'integer', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('station_id', 'text')
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'ready', 'done')`))
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('ready_at', ts)
        .addColumn('done_at', ts)
        .addPrimaryKeyConstraint('kitchen_tickets_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('kitchen_tickets_order_fk', ['business_id', 'order_id'], 'table_orders', ['business_id', 'id'])
        .execute();
      await db.schema
        .createIndex('kitchen_tickets_board')
        .on('kitchen_tickets')
        .columns(['business_id', 'branch_id', 'status', 'created_at'])
        .execute();
      await db.schema.createIndex('kitchen_tickets_order').on('kitchen_tickets').columns(['business_id', 'order_id']).execute();

      await db.schema
        .createTable('kitchen_ticket_lines')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('ticket_id', 'text', (c) => c.notNull())
        .addColumn('order_line_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('unit_name', 'text')
        .addColumn('quantity', big, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('new', 'more', 'less', 'void', 'note')`))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('seat', 'integer')
        .addColumn('ready_at', ts)
        .addPrimaryKeyConstraint('kitchen_ticket_lines_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('kitchen_ticket_lines_ticket_fk', ['business_id', 'ticket_id'], 'kitchen_tickets', ['business_id', 'id'])
        .execute();
      await db.schema
        .createIndex('kitchen_ticket_lines_ticket')
        .on('kitchen_ticket_lines')
        .columns(['business_id', 'ticket_id', 'line_no'])
        .execute();
      await db.schema
        .createIndex('kitchen_ticket_lines_line')
        .on('kitchen_ticket_lines')
        .columns(['business_id', 'order_line_id'])
        .execute();

      await db.schema.alterTable('sales').addColumn('table_order_id', 'text').execute();
      await db.schema.alterTable('sales').addColumn('table_id', 'text').execute();
      await db.schema.alterTable('sales').addColumn('table_name', 'text').execute();
      await db.schema.alterTable('sales').addColumn('waiter_id', 'text').execute();
      await db.schema.createIndex('sales_table_order').on('sales').columns(['business_id', 'table_order_id']).execute();

      await grantNewKeys(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('sales_table_order').execute();
      for (const c of ['waiter_id', 'table_name', 'table_id', 'table_order_id'])
        await db.schema.alterTable('sales').dropColumn(c).execute();
      for (const t of [
        'kitchen_ticket_lines',
        'kitchen_tickets',
        'table_order_requests',
        'table_order_lines',
        'table_orders',
        'kitchen_station_categories',
        'kitchen_stations',
        'floor_tables',
        'floor_areas',
      ])
        await db.schema.dropTable(t).execute();
    },
  };
}

/** The new keys for the Owner role (is_owner) and the preset Manager of every shop that exists already. */
async function grantNewKeys(db: Kysely<any>) {
  const roles = (await db
    .selectFrom('roles as r')
    .innerJoin('businesses as b', 'b.id', 'r.business_id')
    .select(['r.business_id', 'r.id', 'r.permissions', 'r.is_owner', 'r.preset_key'])
    .where('b.is_platform', '=', 0)
    .execute()) as Array<{ business_id: string; id: string; permissions: string; is_owner: number; preset_key: string | null }>;
  for (const role of roles) {
    let held: unknown;
    try {
      held = JSON.parse(role.permissions);
    } catch {
      continue;
    }
    if (!Array.isArray(held)) continue;
    // The owner and the preset manager run the floor; other roles are the shop's own to extend.
    const full = Number(role.is_owner) === 1 || role.preset_key === 'manager';
    const missing = NEW_KEYS.filter((k) => !held.includes(k));
    if (!full || missing.length === 0) continue;
    await db
      .updateTable('roles')
      .set({ permissions: JSON.stringify([...held, ...missing]) })
      .where('business_id', '=', role.business_id)
      .where('id', '=', role.id)
      .execute();
  }
}
