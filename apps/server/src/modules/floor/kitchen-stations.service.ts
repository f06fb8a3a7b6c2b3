import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { KitchenStation, kitchenStationInputSchema, kitchenStationUpdateSchema } from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { forUpdate } from '../../db/dialect/index';
import { transactional } from '../../db/transaction';
import type { RequestContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { auditFor } from '../../kernel/audit';
import { newId } from '../../lib/ids';
import { branchOfRequest, branchVisible, writableBranch } from './floor-branch';
import { assertNameFree, assertRoom, NAME_TAKEN } from './floor-rules';

type StationIn = z.output<typeof kitchenStationInputSchema>;
type StationUpdateIn = z.output<typeof kitchenStationUpdateSchema>;

const stationColumns = ['id', 'branch_id', 'name', 'is_default', 'print_tickets'] as const;

/** A branch's kitchen stations, by name, each with the categories it prepares. */
export async function kitchenStationsOf(db: Kysely<Database>, businessId: string, branchId: string): Promise<KitchenStation[]> {
  const rows = await db
    .selectFrom('kitchen_stations')
    .select(stationColumns)
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const links = await db
    .selectFrom('kitchen_station_categories')
    .select(['station_id', 'category_id'])
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .orderBy('category_id')
    .execute();
  const byStation = new Map<string, string[]>();
  for (const l of links) byStation.set(l.station_id, [...(byStation.get(l.station_id) ?? []), l.category_id]);
  return rows.map((r) => ({
    id: r.id,
    branch_id: r.branch_id,
    name: r.name,
    category_ids: byStation.get(r.id) ?? [],
    is_default: Number(r.is_default) === 1,
    print_tickets: Number(r.print_tickets) === 1,
  }));
}

async function stationOf(db: Kysely<Database>, businessId: string, branchId: string, id: string): Promise<KitchenStation> {
  return (await kitchenStationsOf(db, businessId, branchId)).find((s) => s.id === id)!;
}

/** 422 unless every category is the shop's. */
async function assertShopCategories(trx: Kysely<Database>, businessId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await trx.selectFrom('categories').select('id').where('business_id', '=', businessId).where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw unprocessable('validation.invalid', 'category_ids');
}

export function kitchenStationsService(deps: Deps) {
  const { db, kind, clock } = deps;
  const write = transactional(db, kind, () => conflict(NAME_TAKEN, 'name'));
  const audit = auditFor(clock, 'kitchen_station');
  const now = () => clock.now().toISOString();

  async function visibleStation(trx: Kysely<Database>, ctx: RequestContext, id: string, lock = true) {
    const q = trx.selectFrom('kitchen_stations').select(stationColumns).where('business_id', '=', ctx.businessId).where('id', '=', id);
    const row = await (lock ? forUpdate(kind, q) : q).executeTakeFirst();
    if (!row || !branchVisible(ctx, row.branch_id)) throw notFound();
    return row;
  }

  /**
   * The station prepares exactly these categories at its branch: a category another station of the branch prepared
   * moves to this one (one station per category per branch). A default station makes the branch's others not.
   */
  async function applyChoices(trx: Kysely<Database>, ctx: RequestContext, branchId: string, stationId: string, input: StationUpdateIn) {
    const categoryIds = [...new Set(input.category_ids)];
    await assertShopCategories(trx, ctx.businessId, categoryIds);
    if (input.is_default) {
      await trx
        .updateTable('kitchen_stations')
        .set({ is_default: 0, updated_at: now() })
        .where('business_id', '=', ctx.businessId)
        .where('branch_id', '=', branchId)
        .where('id', '!=', stationId)
        .where('is_default', '=', 1)
        .execute();
    }
    await trx
      .deleteFrom('kitchen_station_categories')
      .where('business_id', '=', ctx.businessId)
      .where('station_id', '=', stationId)
      .execute();
    if (categoryIds.length === 0) return;
    await trx
      .deleteFrom('kitchen_station_categories')
      .where('business_id', '=', ctx.businessId)
      .where('branch_id', '=', branchId)
      .where('category_id', 'in', categoryIds)
      .execute();
    await trx
      .insertInto('kitchen_station_categories')
      .values(categoryIds.map((category_id) => ({ business_id: ctx.businessId, branch_id: branchId, category_id, station_id: stationId })))
      .execute();
  }

  const columns = (input: StationUpdateIn) => ({
    name: input.name,
    is_default: input.is_default ? 1 : 0,
    print_tickets: input.print_tickets ? 1 : 0,
  });

  return {
    /** One station the caller may see (404 otherwise). */
    async get(ctx: RequestContext, id: string): Promise<KitchenStation> {
      const row = await visibleStation(db, ctx, id, false);
      return stationOf(db, ctx.businessId, row.branch_id, id);
    },

    async list(ctx: RequestContext, requested?: string): Promise<KitchenStation[]> {
      return kitchenStationsOf(db, ctx.businessId, await branchOfRequest(db, ctx, requested));
    },

    create: (ctx: RequestContext, input: StationIn): Promise<KitchenStation> =>
      write(async (trx) => {
        const branchId = await writableBranch(trx, ctx, input.branch_id);
        const at = { businessId: ctx.businessId, branchId };
        await assertNameFree(trx, 'kitchen_stations', at, input.name, null);
        await assertRoom(trx, 'kitchen_stations', at);
        const id = newId();
        // Written first without the default mark, so the branch's one-default index never sees two at once.
        await trx
          .insertInto('kitchen_stations')
          .values({
            business_id: ctx.businessId,
            id,
            branch_id: branchId,
            ...columns(input),
            is_default: 0,
            created_at: now(),
            updated_at: now(),
          })
          .execute();
        await applyChoices(trx, ctx, branchId, id, input);
        if (input.is_default)
          await trx
            .updateTable('kitchen_stations')
            .set({ is_default: 1 })
            .where('business_id', '=', ctx.businessId)
            .where('id', '=', id)
            .execute();
        const station = await stationOf(trx, ctx.businessId, branchId, id);
        await audit(trx, ctx, 'create', id, { ...station });
        return station;
      }),

    update: (ctx: RequestContext, id: string, input: StationUpdateIn): Promise<KitchenStation> =>
      write(async (trx) => {
        const station = await visibleStation(trx, ctx, id);
        await assertNameFree(trx, 'kitchen_stations', { businessId: ctx.businessId, branchId: station.branch_id }, input.name, id);
        await applyChoices(trx, ctx, station.branch_id, id, input);
        await trx
          .updateTable('kitchen_stations')
          .set({ ...columns(input), updated_at: now() })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        const updated = await stationOf(trx, ctx.businessId, station.branch_id, id);
        await audit(trx, ctx, 'update', id, { ...updated, was: station.name });
        return updated;
      }),

    /** Its category links go with it; tickets and order lines that named it keep the id (set to null nowhere). */
    remove: (ctx: RequestContext, id: string): Promise<void> =>
      write(async (trx) => {
        const station = await visibleStation(trx, ctx, id);
        await trx.deleteFrom('kitchen_station_categories').where('business_id', '=', ctx.businessId).where('station_id', '=', id).execute();
        await trx.deleteFrom('kitchen_stations').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
        await audit(trx, ctx, 'delete', id, { name: station.name, branch_id: station.branch_id });
      }),
  };
}
