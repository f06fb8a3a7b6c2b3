import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * Karaoke rooms (issue #25).
 *
 * - Room types carry the rate plan: block, first-block minimum, grace, minimum spend and the minutes a room spends
 *   cleaning; their bands (`room_rate_bands`, minutes of the day and an integer rate per hour in minor units) tile the
 *   day once per kind of day (checked by the shared rate engine before anything is written). Each type has a product
 *   that does not manage stock and is sold in no branch: the sale line its room time is billed on, so the item report
 *   shows room revenue per type and the stock ledger never sees it.
 * - Rooms per branch, names unique per branch; `cleaning_since` is set when a stay stops.
 * - A stay is a table order (`table_orders.room_id`) with a timer: `room_stays` holds its state and booked minutes,
 *   `room_stay_periods` its active time, one row per run in one room (a pause ends a period, resuming starts the next,
 *   a move ends it here and starts it there). A room holds at most one stay that is not stopped: a partial unique index,
 *   so two tablets starting the same room at once meet there.
 * - `room_stay_requests` remembers each start/pause/resume/extend/move/stop's Idempotency-Key.
 */
export function karaokeRooms(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('room_types')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('block_minutes', 'integer', (c) => c.notNull().check(sql`block_minutes in (1, 15, 30, 60)`))
        .addColumn('first_block_minutes', 'integer', (c) => c.notNull().check(sql`first_block_minutes between 0 and 600`))
        .addColumn('grace_minutes', 'integer', (c) => c.notNull().check(sql`grace_minutes >= 0 and grace_minutes < block_minutes`))
        .addColumn('min_spend', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`min_spend >= 0`),
        )
        .addColumn('cleaning_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('room_types_pk', ['business_id', 'id'])
        .addUniqueConstraint('room_types_name_unique', ['business_id', 'name'])
        .addForeignKeyConstraint('room_types_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'])
        .execute();

      await db.schema
        .createTable('room_rate_bands')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('type_id', 'text', (c) => c.notNull())
        .addColumn('day_kind', 'text', (c) => c.notNull().check(sql`day_kind in ('weekday', 'weekend', 'holiday')`))
        .addColumn('start_minute', 'integer', (c) => c.notNull().check(sql`start_minute between 0 and 1439`))
        .addColumn('end_minute', 'integer', (c) => c.notNull().check(sql`end_minute between 1 and 1440`))
        .addColumn('rate', big, (c) => c.notNull().check(sql`rate >= 0`))
        .addPrimaryKeyConstraint('room_rate_bands_pk', ['business_id', 'type_id', 'day_kind', 'start_minute'])
        .addForeignKeyConstraint('room_rate_bands_type_fk', ['business_id', 'type_id'], 'room_types', ['business_id', 'id'], (fk) =>
          fk.onDelete('cascade'),
        )
        .execute();

      await db.schema
        .createTable('room_holidays')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('room_holidays_pk', ['business_id', 'day'])
        .execute();

      await db.schema
        .createTable('rooms')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('type_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cleaning_since', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('rooms_pk', ['business_id', 'id'])
        .addUniqueConstraint('rooms_name_unique', ['business_id', 'branch_id', 'name'])
        .addForeignKeyConstraint('rooms_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .addForeignKeyConstraint('rooms_type_fk', ['business_id', 'type_id'], 'room_types', ['business_id', 'id'])
        .execute();

      await db.schema
        .createTable('room_stays')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'paused', 'stopped')`))
        .addColumn('booked_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', ts, (c) => c.notNull())
        .addColumn('stopped_at', ts)
        .addColumn('period_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_by', 'text')
        // The sale its time was paid on (the order's first bill).
        .addColumn('sale_id', 'text')
        .addPrimaryKeyConstraint('room_stays_pk', ['business_id', 'id'])
        .addUniqueConstraint('room_stays_order_unique', ['business_id', 'order_id'])
        .addForeignKeyConstraint('room_stays_order_fk', ['business_id', 'order_id'], 'table_orders', ['business_id', 'id'])
        .addForeignKeyConstraint('room_stays_room_fk', ['business_id', 'room_id'], 'rooms', ['business_id', 'id'])
        .execute();
      // One stay at a time in a room, from its start until it stops.
      await sql`CREATE UNIQUE INDEX room_stays_one_per_room ON room_stays (business_id, room_id) WHERE stopped_at IS NULL`.execute(db);
      await db.schema.createIndex('room_stays_branch').on('room_stays').columns(['business_id', 'branch_id', 'started_at']).execute();

      await db.schema
        .createTable('room_stay_periods')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('stay_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('type_id', 'text', (c) => c.notNull())
        .addColumn('started_at', ts, (c) => c.notNull())
        .addColumn('ended_at', ts)
        .addPrimaryKeyConstraint('room_stay_periods_pk', ['business_id', 'stay_id', 'seq'])
        .addForeignKeyConstraint('room_stay_periods_stay_fk', ['business_id', 'stay_id'], 'room_stays', ['business_id', 'id'])
        .execute();

      await db.schema
        .createTable('room_stay_requests')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('stay_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('room_stay_requests_pk', ['business_id', 'idempotency_key'])
        .execute();

      await db.schema.alterTable('table_orders').addColumn('room_id', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('table_orders').dropColumn('room_id').execute();
      for (const t of ['room_stay_requests', 'room_stay_periods', 'room_stays', 'rooms', 'room_holidays', 'room_rate_bands', 'room_types'])
        await db.schema.dropTable(t).execute();
    },
  };
}
