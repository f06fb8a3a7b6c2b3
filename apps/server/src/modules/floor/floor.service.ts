import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  FloorArea,
  floorAreaInputSchema,
  floorAreaUpdateSchema,
  floorPositionsSchema,
  FloorTable,
  floorTableInputSchema,
} from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { forUpdate } from '../../db/dialect/index';
import { transactional } from '../../db/transaction';
import type { RequestContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { auditFor } from '../../kernel/audit';
import { newId } from '../../lib/ids';
import { branchOfRequest, branchVisible, writableBranch } from './floor-branch';
import { assertNameFree, assertRoom, NAME_TAKEN, tableInUse } from './floor-rules';

// Input types after zod's defaults (the routes parse the bodies).
type AreaIn = z.output<typeof floorAreaInputSchema>;
type AreaUpdateIn = z.output<typeof floorAreaUpdateSchema>;
type TableIn = z.output<typeof floorTableInputSchema>;
type PositionsIn = z.output<typeof floorPositionsSchema>;

const areaColumns = ['id', 'branch_id', 'name', 'sort_order'] as const;
const tableColumns = ['id', 'branch_id', 'area_id', 'name', 'seats', 'shape', 'x', 'y'] as const;

const toArea = (r: { id: string; branch_id: string; name: string; sort_order: number }): FloorArea => ({
  ...r,
  sort_order: Number(r.sort_order),
});
const toTable = (r: FloorTable): FloorTable => ({ ...r, seats: Number(r.seats), x: Number(r.x), y: Number(r.y) });

/** A branch's areas, in their order on the floor. */
export async function floorAreasOf(db: Kysely<Database>, businessId: string, branchId: string): Promise<FloorArea[]> {
  const rows = await db
    .selectFrom('floor_areas')
    .select(areaColumns)
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .orderBy('sort_order')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toArea);
}

/** A branch's tables, by name. */
export async function floorTablesOf(db: Kysely<Database>, businessId: string, branchId: string): Promise<FloorTable[]> {
  const rows = await db
    .selectFrom('floor_tables')
    .select(tableColumns)
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toTable);
}

export function floorService(deps: Deps) {
  const { db, kind, clock } = deps;
  // The unique indexes on (business, branch, name) refuse a duplicate that a concurrent request slipped past the check.
  const write = transactional(db, kind, () => conflict(NAME_TAKEN, 'name'));
  const auditArea = auditFor(clock, 'floor_area');
  const auditTable = auditFor(clock, 'floor_table');
  const now = () => clock.now().toISOString();

  /** The area (locked inside a write) when the caller may see it; 404 otherwise (another shop's, another branch's). */
  async function visibleArea(trx: Kysely<Database>, ctx: RequestContext, id: string, lock = true) {
    const q = trx.selectFrom('floor_areas').select(areaColumns).where('business_id', '=', ctx.businessId).where('id', '=', id);
    const row = await (lock ? forUpdate(kind, q) : q).executeTakeFirst();
    if (!row || !branchVisible(ctx, row.branch_id)) throw notFound();
    return row;
  }

  async function visibleTable(trx: Kysely<Database>, ctx: RequestContext, id: string, lock = true) {
    const q = trx.selectFrom('floor_tables').select(tableColumns).where('business_id', '=', ctx.businessId).where('id', '=', id);
    const row = await (lock ? forUpdate(kind, q) : q).executeTakeFirst();
    if (!row || !branchVisible(ctx, row.branch_id)) throw notFound();
    return row;
  }

  return {
    /** One area the caller may see (404 otherwise): also what a write's route checks before it reads the body. */
    getArea: (ctx: RequestContext, id: string): Promise<FloorArea> => visibleArea(db, ctx, id, false).then(toArea),

    getTable: (ctx: RequestContext, id: string): Promise<FloorTable> => visibleTable(db, ctx, id, false).then(toTable),

    async listAreas(ctx: RequestContext, requested?: string): Promise<FloorArea[]> {
      return floorAreasOf(db, ctx.businessId, await branchOfRequest(db, ctx, requested));
    },

    createArea: (ctx: RequestContext, input: AreaIn): Promise<FloorArea> =>
      write(async (trx) => {
        const branchId = await writableBranch(trx, ctx, input.branch_id);
        const at = { businessId: ctx.businessId, branchId };
        await assertNameFree(trx, 'floor_areas', at, input.name, null);
        await assertRoom(trx, 'floor_areas', at);
        const row = { id: newId(), branch_id: branchId, name: input.name, sort_order: input.sort_order };
        await trx
          .insertInto('floor_areas')
          .values({ business_id: ctx.businessId, ...row, created_at: now(), updated_at: now() })
          .execute();
        await auditArea(trx, ctx, 'create', row.id, row);
        return toArea(row);
      }),

    updateArea: (ctx: RequestContext, id: string, input: AreaUpdateIn): Promise<FloorArea> =>
      write(async (trx) => {
        const area = await visibleArea(trx, ctx, id);
        await assertNameFree(trx, 'floor_areas', { businessId: ctx.businessId, branchId: area.branch_id }, input.name, id);
        await trx
          .updateTable('floor_areas')
          .set({ name: input.name, sort_order: input.sort_order, updated_at: now() })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        await auditArea(trx, ctx, 'update', id, { name: input.name, sort_order: input.sort_order, was: area.name });
        return toArea({ ...area, name: input.name, sort_order: input.sort_order });
      }),

    removeArea: (ctx: RequestContext, id: string): Promise<void> =>
      write(async (trx) => {
        const area = await visibleArea(trx, ctx, id);
        const table = await trx
          .selectFrom('floor_tables')
          .select('id')
          .where('business_id', '=', ctx.businessId)
          .where('area_id', '=', id)
          .executeTakeFirst();
        if (table) throw conflict('restaurant.errors.area_has_tables');
        await trx.deleteFrom('floor_areas').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
        await auditArea(trx, ctx, 'delete', id, { name: area.name, branch_id: area.branch_id });
      }),

    async listTables(ctx: RequestContext, requested?: string): Promise<FloorTable[]> {
      return floorTablesOf(db, ctx.businessId, await branchOfRequest(db, ctx, requested));
    },

    createTable: (ctx: RequestContext, input: TableIn): Promise<FloorTable> =>
      write(async (trx) => {
        const area = await visibleArea(trx, ctx, input.area_id);
        const at = { businessId: ctx.businessId, branchId: area.branch_id };
        await assertNameFree(trx, 'floor_tables', at, input.name, null);
        await assertRoom(trx, 'floor_tables', at);
        const row: FloorTable = { id: newId(), branch_id: area.branch_id, ...tableFields(input) };
        await trx
          .insertInto('floor_tables')
          .values({ business_id: ctx.businessId, ...row, created_at: now(), updated_at: now() })
          .execute();
        await auditTable(trx, ctx, 'create', row.id, { ...row });
        return row;
      }),

    updateTable: (ctx: RequestContext, id: string, input: TableIn): Promise<FloorTable> =>
      write(async (trx) => {
        const table = await visibleTable(trx, ctx, id);
        const area = table.area_id === input.area_id ? null : await visibleArea(trx, ctx, input.area_id);
        const branchId = area?.branch_id ?? table.branch_id;
        const at = { businessId: ctx.businessId, branchId };
        if (branchId !== table.branch_id) {
          // A table's branch is its area's: moving it to another branch moves its order too, so not while it has one.
          if (await tableInUse(trx, ctx.businessId, id)) throw conflict('restaurant.errors.table_in_use');
          await assertRoom(trx, 'floor_tables', at);
        }
        await assertNameFree(trx, 'floor_tables', at, input.name, id);
        const row: FloorTable = { id, branch_id: branchId, ...tableFields(input) };
        await trx
          .updateTable('floor_tables')
          .set({ ...tableFields(input), branch_id: branchId, updated_at: now() })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        await auditTable(trx, ctx, 'update', id, { ...row, was: { name: table.name, area_id: table.area_id } });
        return row;
      }),

    removeTable: (ctx: RequestContext, id: string): Promise<void> =>
      write(async (trx) => {
        const table = await visibleTable(trx, ctx, id);
        if (await tableInUse(trx, ctx.businessId, id)) throw conflict('restaurant.errors.table_in_use');
        await trx.deleteFrom('floor_tables').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
        await auditTable(trx, ctx, 'delete', id, { name: table.name, branch_id: table.branch_id });
      }),

    /** Where several tables of one branch stand: answers the branch's tables as they now are. */
    savePositions: (ctx: RequestContext, input: PositionsIn): Promise<FloorTable[]> =>
      write(async (trx) => {
        const wanted = new Map(input.tables.map((p) => [p.id, p]));
        const q = trx
          .selectFrom('floor_tables')
          .select(['id', 'branch_id'])
          .where('business_id', '=', ctx.businessId)
          .where('id', 'in', [...wanted.keys()]);
        const rows = await forUpdate(kind, q).execute();
        if (rows.length !== wanted.size || rows.some((r) => !branchVisible(ctx, r.branch_id))) throw notFound();
        const branches = new Set(rows.map((r) => r.branch_id));
        if (branches.size !== 1) throw unprocessable('validation.invalid', 'tables');
        const branchId = rows[0]!.branch_id;
        for (const p of wanted.values()) {
          await trx
            .updateTable('floor_tables')
            .set({ x: p.x, y: p.y, updated_at: now() })
            .where('business_id', '=', ctx.businessId)
            .where('id', '=', p.id)
            .execute();
        }
        await auditTable(trx, ctx, 'positions', null, { branch_id: branchId, tables: [...wanted.values()] });
        return floorTablesOf(trx, ctx.businessId, branchId);
      }),
  };
}

function tableFields(input: TableIn) {
  return { area_id: input.area_id, name: input.name, seats: input.seats, shape: input.shape, x: input.x, y: input.y };
}
