import type { Warehouse, WarehouseInput } from '@posauto/shared/schemas/shop-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { crudTableService } from '../../http/crud-table';
import { AppError, conflict } from '../../http/errors';
import { assertBranchLimit, BRANCH_COUNTER } from '../businesses/index';
import * as repo from './warehouses.repo';

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

/** The default branch and the last active one stay active. */
async function assertMayDeactivate(trx: Kysely<Database>, businessId: string, branch: Warehouse) {
  if (!branch.status) return;
  if (branch.is_default) throw conflict('errors.warehouse_default');
  if ((await repo.activeBranchCount(trx, businessId)) <= 1) throw conflict('errors.warehouse_last_active');
}

/**
 * The shop's branches (warehouses). A new one must fit the package's branch limit; the shop always keeps an
 * active default branch, so the default and the last active branch can be neither deactivated nor deleted, and
 * a branch people work at (or that other records use) is not deleted. A branch user sees and changes only its
 * own branch (another answers as missing).
 */
export function warehousesService(deps: Deps) {
  return crudTableService(deps, {
    table: 'branches',
    entity: 'warehouse',
    counter: BRANCH_COUNTER,
    nameTaken: 'errors.warehouse_name_taken',
    list: { searchColumns: ['t.name', 't.address', 't.phone'] },
    branchColumn: 't.id',
    select: repo.selectWarehouses,
    toApi,
    columns: (i: WarehouseInput) => ({ address: i.address || null, phone: i.phone || null }),
    // Creates check the package's branch limit (locking the shop's row); other writes lock it too, so two
    // simultaneous deactivations cannot leave the shop without an active branch.
    lock: (trx, businessId, id) => (id === null ? assertBranchLimit(trx, businessId) : repo.lockShop(trx, businessId)),
    beforeDeactivate: assertMayDeactivate,
    async afterCreate(trx, businessId, id, input, at) {
      // A shop that had no branch gets its first one as the default.
      if (input.status !== false && !(await repo.defaultBranchId(trx, businessId))) await repo.setDefaultBranch(trx, businessId, id, at);
    },
    async beforeRemove(trx, businessId, _id, branch) {
      if (branch.users_count > 0) throw new AppError(409, 'errors.warehouse_has_users', undefined, { count: branch.users_count });
      if (branch.is_default) throw conflict('errors.warehouse_default');
      await assertMayDeactivate(trx, businessId, branch);
    },
    // Stock, sales or other records still point at the branch: it stays (it can be deactivated instead).
    inUse: 'errors.warehouse_in_use',
    auditRemoved: (branch) => ({ name: branch.name }),
  });
}
