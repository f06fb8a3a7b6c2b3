import type { ListQuery } from '@posauto/shared/schemas/common';
import type { Warehouse, WarehouseInput } from '@posauto/shared/schemas/shop-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import { isForeignKeyViolation } from '../../db/dialect/index';
import { bumpCounter, runList, type ListSpec } from '../../db/list';
import { transactional } from '../../db/transaction';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import type { CrudService } from '../../http/crud';
import { AppError, conflict, notFound } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../audit/index';
import { assertBranchLimit, BRANCH_COUNTER } from '../businesses/index';
import * as repo from './warehouses.repo';

const LIST: ListSpec = {
  searchColumns: ['t.name', 't.address', 't.phone'],
  sorts: { name: 't.name', created_at: 't.created_at', status: 't.status' },
  defaultSort: 't.name',
  statusColumn: 't.status',
  idColumn: 't.id',
  counter: BRANCH_COUNTER,
};

const toApi = (r: repo.WarehouseRow): Warehouse => ({
  id: r.id,
  name: r.name,
  address: r.address,
  phone: r.phone,
  status: Boolean(r.status),
  is_default: Boolean(r.is_default),
  users_count: Number(r.users_count ?? 0),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const columns = (i: WarehouseInput) => ({ address: i.address || null, phone: i.phone || null });

/**
 * The shop's branches (warehouses). A new one must fit the package's branch limit; the shop always keeps an
 * active default branch, so the default and the last active branch can be neither deactivated nor deleted, and
 * a branch people work at (or that other records use) is not deleted.
 */
export function warehousesService(deps: Deps): Required<CrudService<Warehouse, WarehouseInput, ListQuery>> {
  const { db, kind, clock } = deps;
  const write = transactional(db, kind, () => conflict('errors.warehouse_name_taken', 'name'));
  const audit = auditFor(clock, 'warehouse');

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<Warehouse> {
    const row = await repo.selectWarehouses(trx, ctx.businessId).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return toApi(row);
  }

  async function change(trx: Kysely<Database>, ctx: RequestContext, id: string, set: Record<string, unknown>) {
    await trx
      .updateTable('branches')
      .set({ ...set, updated_at: clock.now().toISOString() })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .execute();
  }

  /** The default branch and the last active one stay active. */
  async function assertMayDeactivate(trx: Kysely<Database>, ctx: RequestContext, branch: Warehouse) {
    if (!branch.status) return;
    if (branch.is_default) throw conflict('errors.warehouse_default');
    if ((await repo.activeBranchCount(trx, ctx.businessId)) <= 1) throw conflict('errors.warehouse_last_active');
  }

  return {
    async list(ctx, query) {
      const { rows, meta } = await runList(db, kind, ctx.businessId, (biz) => repo.selectWarehouses(db, biz), query, LIST, 'warehouses');
      return { rows: rows.map(toApi), meta };
    },

    get: (ctx, id) => load(db, ctx, id),

    create: (ctx, input) =>
      write(async (trx) => {
        await assertBranchLimit(trx, ctx.businessId);
        if (await repo.nameTaken(trx, ctx.businessId, input.name)) throw conflict('errors.warehouse_name_taken', 'name');
        const id = newId();
        const at = clock.now().toISOString();
        await trx
          .insertInto('branches')
          .values({
            business_id: ctx.businessId,
            id,
            name: input.name,
            ...columns(input),
            status: input.status === false ? 0 : 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
        // A shop that had no branch gets its first one as the default.
        if (input.status !== false && !(await repo.defaultBranchId(trx, ctx.businessId)))
          await repo.setDefaultBranch(trx, ctx.businessId, id, at);
        await bumpCounter(trx, kind, ctx.businessId, BRANCH_COUNTER, 1);
        await audit(trx, ctx, 'create', id, { name: input.name });
        return load(trx, ctx, id);
      }),

    update: (ctx, id, input) =>
      write(async (trx) => {
        await repo.lockShop(trx, ctx.businessId);
        const before = await load(trx, ctx, id);
        if (await repo.nameTaken(trx, ctx.businessId, input.name, id)) throw conflict('errors.warehouse_name_taken', 'name');
        if (input.status === false) await assertMayDeactivate(trx, ctx, before);
        await change(trx, ctx, id, {
          name: input.name,
          ...columns(input),
          ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }),
        });
        await audit(trx, ctx, 'update', id, { name: input.name });
        return load(trx, ctx, id);
      }),

    setStatus: (ctx, id, status) =>
      write(async (trx) => {
        await repo.lockShop(trx, ctx.businessId);
        const before = await load(trx, ctx, id);
        if (!status) await assertMayDeactivate(trx, ctx, before);
        await change(trx, ctx, id, { status: status ? 1 : 0 });
        await audit(trx, ctx, 'status', id, { status });
        return load(trx, ctx, id);
      }),

    async remove(ctx, id) {
      try {
        await write(async (trx) => {
          await repo.lockShop(trx, ctx.businessId);
          const branch = await load(trx, ctx, id);
          if (branch.users_count > 0) throw new AppError(409, 'errors.warehouse_has_users', undefined, { count: branch.users_count });
          if (branch.is_default) throw conflict('errors.warehouse_default');
          await assertMayDeactivate(trx, ctx, branch);
          await trx.deleteFrom('branches').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
          await bumpCounter(trx, kind, ctx.businessId, BRANCH_COUNTER, -1);
          await audit(trx, ctx, 'delete', id, { name: branch.name });
        });
      } catch (e) {
        // Stock, sales or other records still point at the branch: it stays (it can be deactivated instead).
        if (isForeignKeyViolation(kind, e)) throw conflict('errors.warehouse_in_use');
        throw e;
      }
    },
  };
}
