import type { Kysely } from 'kysely';
import type { Room, RoomHolidays, RoomInput, RoomType, RoomTypeInput, RoomUpdate } from '@posauto/shared/schemas/rooms';
import { ROOM_LIMITS, roomHolidaysSchema, roomInputSchema, roomTypeInputSchema, roomUpdateSchema } from '@posauto/shared/schemas/rooms';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { writableBranch } from '../floor/index';
import { saveProduct } from '../products/index';
import { toMinor } from '../sales/index';
import { shopCurrency } from '../settings/index';
import { assertPlan, bandsOf, roomTypeOut, typePlans } from './room-plans';

/** A unique name refused by the database (two owners saving at once) is the same 422 as one found beforehand. */
async function uniqueName<T>(kind: Deps['kind'], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(kind, e)) throw unprocessable('rooms.errors.name_taken', 'name');
    throw e;
  }
}

async function readType(db: Kysely<Database>, ctx: RequestContext, id: string): Promise<RoomType> {
  const t = (await typePlans(db, ctx.businessId, [id])).get(id);
  if (!t) throw notFound();
  const row = await db
    .selectFrom('room_types')
    .select('sort_order')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const rooms = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', ctx.businessId)
    .where('type_id', '=', id)
    .executeTakeFirst();
  return roomTypeOut({ ...t, sortOrder: Number(row.sort_order), roomCount: Number(rooms?.n ?? 0) }, await shopCurrency(db, ctx.businessId));
}

async function checked(trx: Kysely<Database>, ctx: RequestContext, raw: RoomTypeInput) {
  const input = roomTypeInputSchema.parse(raw);
  const currency = await shopCurrency(trx, ctx.businessId);
  const bands = bandsOf(input, currency);
  assertPlan({
    bands,
    block_minutes: input.block_minutes,
    first_block_minutes: input.first_block_minutes,
    grace_minutes: input.grace_minutes,
  });
  const minSpend = toMinor(input.min_spend, currency, 'min_spend');
  return { input, bands, minSpend };
}

async function writeBands(trx: Kysely<Database>, ctx: RequestContext, typeId: string, bands: ReturnType<typeof bandsOf>) {
  await trx.deleteFrom('room_rate_bands').where('business_id', '=', ctx.businessId).where('type_id', '=', typeId).execute();
  await trx
    .insertInto('room_rate_bands')
    .values(
      bands.map((b) => ({
        business_id: ctx.businessId,
        type_id: typeId,
        day_kind: b.day_kind,
        start_minute: b.start,
        end_minute: b.end,
        rate: b.rate,
      })),
    )
    .execute();
}

/**
 * Room types (with their rate plans), rooms and public holidays. A type's plan is checked by the shared rate engine
 * (validatePlan) before anything is written, so the board and the bill can always charge by it. Creating a type
 * creates its room-time product: a product that does not manage stock and is sold in no branch (the till never offers
 * it), on whose sale lines the type's time is billed.
 */
export function roomTypesService(deps: Deps) {
  const { clock } = deps;
  const audit = auditFor(clock, 'room_type');

  return {
    async listTypes(db: Kysely<Database>, ctx: RequestContext): Promise<RoomType[]> {
      const [plans, rows, counts, currency] = await Promise.all([
        typePlans(db, ctx.businessId),
        db.selectFrom('room_types').select(['id', 'sort_order']).where('business_id', '=', ctx.businessId).execute(),
        db
          .selectFrom('rooms')
          .select(['type_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('business_id', '=', ctx.businessId)
          .groupBy('type_id')
          .execute(),
        shopCurrency(db, ctx.businessId),
      ]);
      const sort = new Map(rows.map((r) => [r.id, Number(r.sort_order)]));
      const count = new Map(counts.map((c) => [c.type_id, Number(c.n)]));
      return [...plans.values()]
        .map((t) => roomTypeOut({ ...t, sortOrder: sort.get(t.id) ?? 0, roomCount: count.get(t.id) ?? 0 }, currency))
        .sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));
    },

    readType,

    async createType(trx: Kysely<Database>, ctx: RequestContext, raw: RoomTypeInput): Promise<RoomType> {
      const { input, bands, minSpend } = await checked(trx, ctx, raw);
      const count = await trx
        .selectFrom('room_types')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('business_id', '=', ctx.businessId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= ROOM_LIMITS.typesPerBusiness) throw unprocessable('rooms.errors.too_many');
      const id = newId();
      const at = clock.now().toISOString();
      const product = await saveProduct(trx, deps, ctx, null, {
        type: 'single',
        product_name: input.name,
        purchase_cost: '0',
        sale_cost: '0',
        is_stock_manage: false,
        has_expiry: false,
        is_variation_cost: false,
        description: null,
      });
      // Sold in no branch: the till never offers it; only a room's bill puts it on a sale (sale-lines' service lines).
      await trx
        .updateTable('products')
        .set({ all_branches: 0 })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', product.id)
        .execute();
      await uniqueName(deps.kind, () =>
        trx
          .insertInto('room_types')
          .values({
            business_id: ctx.businessId,
            id,
            name: input.name,
            block_minutes: input.block_minutes,
            first_block_minutes: input.first_block_minutes,
            grace_minutes: input.grace_minutes,
            min_spend: minSpend,
            cleaning_minutes: input.cleaning_minutes,
            sort_order: input.sort_order,
            product_id: product.id,
            created_at: at,
            updated_at: at,
          })
          .execute(),
      );
      await writeBands(trx, ctx, id, bands);
      await audit(trx, ctx, 'create', id, { name: input.name, bands: bands.length });
      return readType(trx, ctx, id);
    },

    async updateType(trx: Kysely<Database>, ctx: RequestContext, id: string, raw: RoomTypeInput): Promise<RoomType> {
      const { input, bands, minSpend } = await checked(trx, ctx, raw);
      const r = await uniqueName(deps.kind, () =>
        trx
          .updateTable('room_types')
          .set({
            name: input.name,
            block_minutes: input.block_minutes,
            first_block_minutes: input.first_block_minutes,
            grace_minutes: input.grace_minutes,
            min_spend: minSpend,
            cleaning_minutes: input.cleaning_minutes,
            sort_order: input.sort_order,
            updated_at: clock.now().toISOString(),
          })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .executeTakeFirst(),
      );
      if (!Number(r.numUpdatedRows)) throw notFound();
      await writeBands(trx, ctx, id, bands);
      await audit(trx, ctx, 'update', id, { name: input.name, bands: bands.length });
      return readType(trx, ctx, id);
    },

    async removeType(trx: Kysely<Database>, ctx: RequestContext, id: string) {
      await readType(trx, ctx, id);
      const used = await trx
        .selectFrom('rooms')
        .select('id')
        .where('business_id', '=', ctx.businessId)
        .where('type_id', '=', id)
        .executeTakeFirst();
      const charged = await trx
        .selectFrom('room_stay_periods')
        .select('stay_id')
        .where('business_id', '=', ctx.businessId)
        .where('type_id', '=', id)
        .executeTakeFirst();
      if (used || charged) throw unprocessable('rooms.errors.type_in_use');
      await trx.deleteFrom('room_rate_bands').where('business_id', '=', ctx.businessId).where('type_id', '=', id).execute();
      await trx.deleteFrom('room_types').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
      await audit(trx, ctx, 'delete', id, {});
    },
  };
}

/** The rooms of the caller's shop with their type's name: of one branch (a branch user's own, whatever it names). */
const roomRows = (db: Kysely<Database>, ctx: RequestContext, branchId: string | null) => {
  let q = db
    .selectFrom('rooms as r')
    .innerJoin('room_types as t', (j) => j.onRef('t.business_id', '=', 'r.business_id').onRef('t.id', '=', 'r.type_id'))
    .select(['r.id', 'r.branch_id', 'r.type_id', 't.name as type_name', 'r.name', 'r.sort_order'])
    .where('r.business_id', '=', ctx.businessId);
  const branch = ctx.branchId ?? branchId;
  if (branch) q = q.where('r.branch_id', '=', branch);
  return q;
};

/** Rooms per branch and the shop's public holidays (see roomTypesService for the types). */
function roomListService(deps: Deps) {
  const { clock } = deps;
  const auditRoom = auditFor(clock, 'room');
  async function typeMustBeKnown(db: Kysely<Database>, ctx: RequestContext, typeId: string) {
    const t = await db
      .selectFrom('room_types')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', typeId)
      .executeTakeFirst();
    if (!t) throw unprocessable('validation.invalid', 'type_id');
  }
  return {
    async listRooms(db: Kysely<Database>, ctx: RequestContext, branchId: string | null): Promise<Room[]> {
      const rows = await roomRows(db, ctx, branchId).orderBy('r.sort_order').orderBy('r.name').execute();
      return rows.map((r) => ({ ...r, sort_order: Number(r.sort_order) }));
    },

    /** One room of the caller's shop (a branch user's: of its branch), by its id alone; else 404. */
    async readRoom(db: Kysely<Database>, ctx: RequestContext, id: string): Promise<Room> {
      const room = await roomRows(db, ctx, null).where('r.id', '=', id).executeTakeFirst();
      if (!room) throw notFound();
      return { ...room, sort_order: Number(room.sort_order) };
    },

    async createRoom(trx: Kysely<Database>, ctx: RequestContext, raw: RoomInput): Promise<Room> {
      const input = roomInputSchema.parse(raw);
      const branchId = await writableBranch(trx, ctx, input.branch_id);
      await typeMustBeKnown(trx, ctx, input.type_id);
      const count = await trx
        .selectFrom('rooms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('business_id', '=', ctx.businessId)
        .where('branch_id', '=', branchId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= ROOM_LIMITS.roomsPerBranch) throw unprocessable('rooms.errors.too_many');
      const id = newId();
      const at = clock.now().toISOString();
      await uniqueName(deps.kind, () =>
        trx
          .insertInto('rooms')
          .values({
            business_id: ctx.businessId,
            id,
            branch_id: branchId,
            type_id: input.type_id,
            name: input.name,
            sort_order: input.sort_order,
            cleaning_since: null,
            created_at: at,
            updated_at: at,
          })
          .execute(),
      );
      await auditRoom(trx, ctx, 'create', id, { name: input.name });
      return this.readRoom(trx, ctx, id);
    },

    async updateRoom(trx: Kysely<Database>, ctx: RequestContext, id: string, raw: RoomUpdate): Promise<Room> {
      const input = roomUpdateSchema.parse(raw);
      await this.readRoom(trx, ctx, id);
      await typeMustBeKnown(trx, ctx, input.type_id);
      await uniqueName(deps.kind, () =>
        trx
          .updateTable('rooms')
          .set({ name: input.name, type_id: input.type_id, sort_order: input.sort_order, updated_at: clock.now().toISOString() })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute(),
      );
      await auditRoom(trx, ctx, 'update', id, { name: input.name });
      return this.readRoom(trx, ctx, id);
    },

    async removeRoom(trx: Kysely<Database>, ctx: RequestContext, id: string) {
      await this.readRoom(trx, ctx, id);
      const stay = await trx
        .selectFrom('room_stays')
        .select(['id', 'stopped_at'])
        .where('business_id', '=', ctx.businessId)
        .where('room_id', '=', id)
        .orderBy('stopped_at', 'desc')
        .executeTakeFirst();
      const period = await trx
        .selectFrom('room_stay_periods')
        .select('stay_id')
        .where('business_id', '=', ctx.businessId)
        .where('room_id', '=', id)
        .executeTakeFirst();
      if (stay && !stay.stopped_at) throw unprocessable('rooms.errors.room_in_use');
      if (stay || period) throw unprocessable('rooms.errors.room_has_history');
      await trx.deleteFrom('rooms').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
      await auditRoom(trx, ctx, 'delete', id, {});
    },

    async holidays(db: Kysely<Database>, ctx: RequestContext) {
      const rows = await db
        .selectFrom('room_holidays')
        .select(['day', 'name'])
        .where('business_id', '=', ctx.businessId)
        .orderBy('day')
        .execute();
      return { holidays: rows.map((r) => ({ date: r.day, name: r.name })) };
    },

    async saveHolidays(trx: Kysely<Database>, ctx: RequestContext, raw: RoomHolidays) {
      const input = roomHolidaysSchema.parse(raw);
      const unique = new Map(input.holidays.map((h) => [h.date, h.name]));
      await trx.deleteFrom('room_holidays').where('business_id', '=', ctx.businessId).execute();
      if (unique.size)
        await trx
          .insertInto('room_holidays')
          .values([...unique].map(([day, name]) => ({ business_id: ctx.businessId, day, name })))
          .execute();
      await auditFor(clock, 'room_holidays')(trx, ctx, 'update', null, { days: unique.size });
      return this.holidays(trx, ctx);
    },
  };
}

export function roomSettingsService(deps: Deps) {
  return { ...roomTypesService(deps), ...roomListService(deps) };
}
