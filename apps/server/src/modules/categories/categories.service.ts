import type { Category, CategoryInput } from '@posauto/shared/schemas/categories';
import type { ListQuery } from '@posauto/shared/schemas/common';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { transactional } from '../../db/transaction';
import { bumpCounter, runList, type ListResult, type ListSpec } from '../../db/list';
import type { RequestContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { CrudService } from '../../http/crud';
import { newId } from '../../lib/ids';
import { auditFor } from '../audit/index';
import * as repo from './categories.repo';

export const CATEGORY_COUNTER = 'categories';
/** Deep enough for any real menu; stops a corrupted chain from looping forever. */
const MAX_DEPTH = 32;

const LIST: ListSpec = {
  searchColumns: ['c.name'],
  sorts: { name: 'c.name', created_at: 'c.created_at', status: 'c.status' },
  defaultSort: 'c.name',
  statusColumn: 'c.status',
  idColumn: 'c.id',
  counter: CATEGORY_COUNTER,
};

type Row = NonNullable<Awaited<ReturnType<typeof repo.findCategory>>>;
const toApi = (r: Row): Category => ({
  id: r.id,
  name: r.name,
  parent_id: r.parent_id,
  parent_name: r.parent_name ?? null,
  icon: r.icon,
  status: Boolean(r.status),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

async function checkParent(db: Kysely<Database>, businessId: string, id: string | null, parentId: string | null | undefined) {
  if (!parentId) return;
  if (parentId === id) throw unprocessable('errors.category_parent_self', 'parent_id');
  // Walk up from the new parent: meeting this category means the move would close a loop.
  let cursor: string | null | undefined = parentId;
  for (let depth = 0; cursor; depth++) {
    const next = await repo.parentOf(db, businessId, cursor);
    if (next === undefined) throw unprocessable('errors.category_parent_missing', 'parent_id');
    if (id && next === id) throw unprocessable('errors.category_parent_cycle', 'parent_id');
    if (depth > MAX_DEPTH) throw unprocessable('errors.category_parent_cycle', 'parent_id');
    cursor = next;
  }
}

export function categoriesService(deps: Deps): Required<CrudService<Category, CategoryInput, ListQuery>> {
  const { db, kind, clock } = deps;

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<Category> {
    const row = await repo.findCategory(trx, ctx.businessId, id);
    if (!row) throw notFound();
    return toApi(row);
  }

  const write = transactional(db, kind, () => conflict('errors.category_name_taken', 'name'));

  const audit = auditFor(clock, 'category');

  return {
    async list(ctx, query): Promise<ListResult<Category>> {
      const { rows, meta } = await runList(db, kind, ctx.businessId, (biz) => repo.selectCategories(db, biz), query, LIST, 'categories');
      return { rows: rows.map(toApi), meta };
    },

    get: (ctx, id) => load(db, ctx, id),

    create: (ctx, input) =>
      write(async (trx) => {
        if (await repo.nameTaken(trx, ctx.businessId, input.name)) throw conflict('errors.category_name_taken', 'name');
        await checkParent(trx, ctx.businessId, null, input.parent_id);
        const id = newId();
        const at = clock.now().toISOString();
        await repo.insertCategory(trx, {
          business_id: ctx.businessId,
          id,
          name: input.name,
          parent_id: input.parent_id ?? null,
          icon: input.icon || null,
          status: input.status === false ? 0 : 1,
          created_at: at,
          updated_at: at,
        });
        await bumpCounter(trx, kind, ctx.businessId, CATEGORY_COUNTER, 1);
        await audit(trx, ctx, 'create', id, { name: input.name });
        return load(trx, ctx, id);
      }),

    update: (ctx, id, input) =>
      write(async (trx) => {
        await load(trx, ctx, id);
        if (await repo.nameTaken(trx, ctx.businessId, input.name, id)) throw conflict('errors.category_name_taken', 'name');
        await checkParent(trx, ctx.businessId, id, input.parent_id);
        await repo.updateCategory(trx, ctx.businessId, id, {
          name: input.name,
          parent_id: input.parent_id ?? null,
          icon: input.icon || null,
          ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }),
          updated_at: clock.now().toISOString(),
        });
        await audit(trx, ctx, 'update', id, { name: input.name });
        return load(trx, ctx, id);
      }),

    setStatus: (ctx, id, status) =>
      write(async (trx) => {
        const n = await repo.updateCategory(trx, ctx.businessId, id, { status: status ? 1 : 0, updated_at: clock.now().toISOString() });
        if (!n) throw notFound();
        await audit(trx, ctx, 'status', id, { status });
        return load(trx, ctx, id);
      }),

    remove: (ctx, id) =>
      write(async (trx) => {
        await load(trx, ctx, id);
        if (await repo.hasChildren(trx, ctx.businessId, id)) throw conflict('errors.category_has_children');
        if (await repo.hasProducts(trx, ctx.businessId, id)) throw conflict('errors.category_in_use');
        await repo.deleteCategory(trx, ctx.businessId, id);
        await bumpCounter(trx, kind, ctx.businessId, CATEGORY_COUNTER, -1);
        await audit(trx, ctx, 'delete', id);
      }),
  };
}
