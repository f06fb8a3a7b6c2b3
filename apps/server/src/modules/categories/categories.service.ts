import type { Category, CategoryInput } from '@posauto/shared/schemas/categories';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { crudTableService } from '../../http/crud-table';
import { conflict, unprocessable } from '../../http/errors';
import { parentLinkProblem } from '../../lib/parent-link';
import * as repo from './categories.repo';

export const CATEGORY_COUNTER = 'categories';

const toApi = (r: repo.CategoryRow): Category => ({
  id: r.id,
  name: r.name,
  parent_id: r.parent_id,
  parent_name: r.parent_name ?? null,
  icon: r.icon,
  status: Boolean(r.status),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const PARENT_ERRORS = {
  self: 'errors.category_parent_self',
  missing: 'errors.category_parent_missing',
  cycle: 'errors.category_parent_cycle',
} as const;

async function checkParent(db: Kysely<Database>, businessId: string, id: string | null, parentId: string | null | undefined) {
  if (!parentId) return;
  const problem = await parentLinkProblem(id, parentId, (categoryId) => repo.parentOf(db, businessId, categoryId));
  if (problem) throw unprocessable(PARENT_ERRORS[problem], 'parent_id');
}

/** The shop's categories: a tree (a parent of the same shop, no loops); one with sub-categories or products stays. */
export function categoriesService(deps: Deps) {
  return crudTableService(deps, {
    table: 'categories',
    entity: 'category',
    counter: CATEGORY_COUNTER,
    nameTaken: 'errors.category_name_taken',
    select: repo.selectCategories,
    toApi,
    columns: (i: CategoryInput) => ({ parent_id: i.parent_id ?? null, icon: i.icon || null }),
    check: (trx, businessId, id, input) => checkParent(trx, businessId, id, input.parent_id),
    async beforeRemove(trx, businessId, id) {
      if (await repo.hasChildren(trx, businessId, id)) throw conflict('errors.category_has_children');
      if (await repo.hasProducts(trx, businessId, id)) throw conflict('errors.category_in_use');
    },
  });
}
