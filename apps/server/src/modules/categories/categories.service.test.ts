import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '@posauto/shared/schemas/common';
import { readCounter } from '../../db/list';
import type { RequestContext } from '../../http/context';
import { contextFor, countRows, createShop } from '../../../test/factories';
import { createTestApp, OWNER, type TestContext } from '../../../test/harness';
import { CATEGORY_COUNTER, categoriesService } from './index';

const HOUR = 60 * 60 * 1000;
const query = (q: Partial<ListQuery> = {}): ListQuery => ({ page: 1, per_page: '10', order: 'asc', ...q });
const refusal = (statusCode: number, messageKey: string) => expect.objectContaining({ statusCode, messageKey });

describe('categories service', () => {
  let t: TestContext;
  let svc: ReturnType<typeof categoriesService>;
  let owner: RequestContext;
  let other: RequestContext;

  beforeAll(async () => {
    t = await createTestApp();
    svc = categoriesService(t.deps);
    owner = await contextFor(t.deps, OWNER.email);
    const shop = await createShop(t.deps);
    other = await contextFor(t.deps, shop.login.email);
  });
  afterAll(() => t.close());

  const rows = (ctx: RequestContext = owner) => countRows(t.deps, 'categories', ctx.businessId);
  const counter = (ctx: RequestContext = owner) => readCounter(t.deps.db, ctx.businessId, CATEGORY_COUNTER);
  const audits = (ctx: RequestContext = owner) => countRows(t.deps, 'audit_log', ctx.businessId);
  /** Rows, counter and audit lines together: what a refused write must leave exactly as it was. */
  const state = async () => ({ rows: await rows(), counter: await counter(), audits: await audits() });

  describe('create', () => {
    it('creates a category under a parent and answers it with the parent name', async () => {
      const parent = await svc.create(owner, { name: 'Juices' });
      const child = await svc.create(owner, { name: 'Orange juice', parent_id: parent.id, icon: 'glass' });
      expect(child).toMatchObject({ name: 'Orange juice', parent_id: parent.id, parent_name: 'Juices', icon: 'glass', status: true });
      expect(await svc.get(owner, child.id)).toEqual(child);
    });

    it('creates an inactive category when asked to', async () => {
      const c = await svc.create(owner, { name: 'Seasonal', status: false });
      expect(c.status).toBe(false);
    });

    it('refuses a name that differs from an existing one only in case, with 409', async () => {
      await expect(svc.create(owner, { name: 'COFFEE' })).rejects.toEqual(refusal(409, 'errors.category_name_taken'));
      await expect(svc.create(owner, { name: 'coffee' })).rejects.toEqual(refusal(409, 'errors.category_name_taken'));
    });

    it('compares accented letters case-insensitively too, on both databases', async () => {
      await svc.create(owner, { name: 'CAFÉ GLACÉ' });
      await expect(svc.create(owner, { name: 'Café glacé' })).rejects.toEqual(refusal(409, 'errors.category_name_taken'));
      const found = await svc.list(owner, query({ search: 'café glacé' }));
      expect(found.rows.map((r) => r.name)).toEqual(['CAFÉ GLACÉ']);
    });

    it('allows a name that another shop already uses', async () => {
      const c = await svc.create(other, { name: 'Coffee' });
      expect(c.name).toBe('Coffee');
    });

    it('refuses a parent that does not exist', async () => {
      await expect(svc.create(owner, { name: 'Orphan', parent_id: '01890a5d-ac96-774b-bcce-b302099a8057' })).rejects.toEqual(
        refusal(422, 'errors.category_parent_missing'),
      );
    });

    it("refuses another shop's category as parent", async () => {
      const foreign = await svc.create(other, { name: 'Foreign parent' });
      await expect(svc.create(owner, { name: 'Smuggled', parent_id: foreign.id })).rejects.toEqual(
        refusal(422, 'errors.category_parent_missing'),
      );
    });
  });

  describe('update', () => {
    it('lets a category change the case of its own name', async () => {
      const c = await svc.create(owner, { name: 'lemonade' });
      const updated = await svc.update(owner, c.id, { name: 'Lemonade' });
      expect(updated.name).toBe('Lemonade');
    });

    it("refuses to rename onto another category's name in any case", async () => {
      const c = await svc.create(owner, { name: 'Waffles' });
      await expect(svc.update(owner, c.id, { name: 'tEA' })).rejects.toEqual(refusal(409, 'errors.category_name_taken'));
      expect((await svc.get(owner, c.id)).name).toBe('Waffles');
    });

    it('refuses a category as its own parent', async () => {
      const c = await svc.create(owner, { name: 'Selfish' });
      await expect(svc.update(owner, c.id, { name: 'Selfish', parent_id: c.id })).rejects.toEqual(
        refusal(422, 'errors.category_parent_self'),
      );
    });

    it('refuses a parent that would close a loop', async () => {
      const a = await svc.create(owner, { name: 'Loop A' });
      const b = await svc.create(owner, { name: 'Loop B', parent_id: a.id });
      const c = await svc.create(owner, { name: 'Loop C', parent_id: b.id });
      await expect(svc.update(owner, a.id, { name: 'Loop A', parent_id: b.id })).rejects.toEqual(
        refusal(422, 'errors.category_parent_cycle'),
      );
      await expect(svc.update(owner, a.id, { name: 'Loop A', parent_id: c.id })).rejects.toEqual(
        refusal(422, 'errors.category_parent_cycle'),
      );
      expect((await svc.get(owner, a.id)).parent_id).toBeNull();
    });

    it('moves a category under a new parent when no loop results', async () => {
      const a = await svc.create(owner, { name: 'Move A' });
      const b = await svc.create(owner, { name: 'Move B' });
      const moved = await svc.update(owner, b.id, { name: 'Move B', parent_id: a.id });
      expect(moved).toMatchObject({ parent_id: a.id, parent_name: 'Move A' });
    });

    it("answers 404 for another shop's category on get, update, status and delete", async () => {
      const mine = await svc.create(owner, { name: 'Not yours' });
      const notFound = refusal(404, 'errors.not_found');
      await expect(svc.get(other, mine.id)).rejects.toEqual(notFound);
      await expect(svc.update(other, mine.id, { name: 'Taken over' })).rejects.toEqual(notFound);
      await expect(svc.setStatus(other, mine.id, false)).rejects.toEqual(notFound);
      await expect(svc.remove(other, mine.id)).rejects.toEqual(notFound);
      expect(await svc.get(owner, mine.id)).toEqual(mine);
    });
  });

  describe('delete', () => {
    it('refuses to delete a category that has sub-categories', async () => {
      const parent = await svc.create(owner, { name: 'Has kids' });
      await svc.create(owner, { name: 'Kid', parent_id: parent.id });
      await expect(svc.remove(owner, parent.id)).rejects.toEqual(refusal(409, 'errors.category_has_children'));
      expect((await svc.get(owner, parent.id)).id).toBe(parent.id);
    });

    it('deletes a category without sub-categories', async () => {
      const c = await svc.create(owner, { name: 'Short lived' });
      await svc.remove(owner, c.id);
      await expect(svc.get(owner, c.id)).rejects.toEqual(refusal(404, 'errors.not_found'));
    });
  });

  describe('the tenant counter', () => {
    it('stays equal to the real row count through creates, refusals and deletes', async () => {
      expect(await counter()).toBe(await rows());
      const made = [];
      for (const name of ['Count 1', 'Count 2', 'Count 3']) made.push(await svc.create(owner, { name }));
      await expect(svc.create(owner, { name: 'count 1' })).rejects.toEqual(refusal(409, 'errors.category_name_taken'));
      await svc.remove(owner, made[0]!.id);
      await svc.remove(owner, made[2]!.id);
      expect(await counter()).toBe(await rows());
      expect(await counter(other)).toBe(await rows(other));
    });

    it('answers the counted total on an unfiltered list', async () => {
      const { meta } = await svc.list(owner, query());
      expect(meta.total).toBe(await rows());
    });
  });

  describe('the list', () => {
    let shop: RequestContext;
    const names = [
      ...Array.from({ length: 23 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`),
      'Espresso',
      '100% arabica',
      'under_score',
    ];
    const inactive = new Set(['Item 01', 'Item 02', 'Item 03', 'Item 04', 'Item 05']);

    beforeAll(async () => {
      const created = await createShop(t.deps, { shopName: 'List Shop' });
      shop = await contextFor(t.deps, created.login.email);
      for (const name of names) await svc.create(shop, { name, status: !inactive.has(name) });
    });

    const listNames = async (q: Partial<ListQuery>) => (await svc.list(shop, query(q))).rows.map((r) => r.name);

    it("lists only the caller's shop", async () => {
      const { rows: all, meta } = await svc.list(shop, query({ per_page: 'all' }));
      expect(meta.total).toBe(names.length);
      expect(all.map((r) => r.name).sort()).toEqual([...names].sort());
    });

    it('searches names case-insensitively', async () => {
      expect(await listNames({ search: 'ESPRESS' })).toEqual(['Espresso']);
      const { meta } = await svc.list(shop, query({ search: 'item' }));
      expect(meta).toMatchObject({ total: 23, last_page: 3 });
    });

    it('treats % and _ in the search as plain characters', async () => {
      expect(await listNames({ search: '%' })).toEqual(['100% arabica']);
      expect(await listNames({ search: '_' })).toEqual(['under_score']);
    });

    it('sorts by name both ways', async () => {
      const sorted = [...names].sort();
      expect(await listNames({ sort: 'name', per_page: 'all' })).toEqual(sorted);
      expect(await listNames({ sort: 'name', order: 'desc', per_page: 'all' })).toEqual([...sorted].reverse());
    });

    it('filters by status and counts only the matches', async () => {
      const off = await svc.list(shop, query({ status: 'inactive', per_page: 'all' }));
      expect(off.rows.map((r) => r.name).sort()).toEqual([...inactive].sort());
      expect(off.meta.total).toBe(inactive.size);
      const on = await svc.list(shop, query({ status: 'active', per_page: 'all' }));
      expect(on.meta.total).toBe(names.length - inactive.size);
      expect(on.rows.every((r) => r.status)).toBe(true);
    });

    it('pages through the sorted rows with a stable total and last page', async () => {
      const sorted = [...names].sort();
      const page2 = await svc.list(shop, query({ sort: 'name', page: 2 }));
      expect(page2.rows.map((r) => r.name)).toEqual(sorted.slice(10, 20));
      expect(page2.meta).toEqual({ page: 2, per_page: '10', total: 26, last_page: 3 });
      const page3 = await svc.list(shop, query({ sort: 'name', page: 3 }));
      expect(page3.rows.map((r) => r.name)).toEqual(sorted.slice(20));
      expect((await svc.list(shop, query({ per_page: '25' }))).rows).toHaveLength(25);
    });

    it('answers every row on one page with per_page all', async () => {
      const { rows: all, meta } = await svc.list(shop, query({ per_page: 'all', page: 3 }));
      expect(all).toHaveLength(26);
      expect(meta).toEqual({ page: 1, per_page: 'all', total: 26, last_page: 1 });
    });
  });

  describe('the audit log', () => {
    it('records create, update, status and delete with the acting user', async () => {
      const c = await svc.create(owner, { name: 'Audited' });
      t.clock.advance(HOUR);
      await svc.update(owner, c.id, { name: 'Audited twice' });
      t.clock.advance(HOUR);
      await svc.setStatus(owner, c.id, false);
      t.clock.advance(HOUR);
      await svc.remove(owner, c.id);
      const lines = await t.deps.db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'user_id', 'business_id'])
        .where('entity_id', '=', c.id)
        .orderBy('created_at')
        .execute();
      const by = { entity: 'category', user_id: owner.userId, business_id: owner.businessId };
      expect(lines).toEqual(['create', 'update', 'status', 'delete'].map((action) => ({ action, ...by })));
    });
  });

  describe('when a rule fails', () => {
    it('saves nothing: rows, counter and audit lines stay as they were', async () => {
      const parent = await svc.create(owner, { name: 'Atomic parent' });
      const child = await svc.create(owner, { name: 'Atomic child', parent_id: parent.id });
      const before = await state();
      await expect(svc.create(owner, { name: 'ATOMIC PARENT' })).rejects.toEqual(refusal(409, 'errors.category_name_taken'));
      await expect(svc.create(owner, { name: 'Lost', parent_id: '01890a5d-ac96-774b-bcce-b302099a8057' })).rejects.toEqual(
        refusal(422, 'errors.category_parent_missing'),
      );
      await expect(svc.update(owner, parent.id, { name: 'Renamed', parent_id: child.id })).rejects.toEqual(
        refusal(422, 'errors.category_parent_cycle'),
      );
      await expect(svc.remove(owner, parent.id)).rejects.toEqual(refusal(409, 'errors.category_has_children'));
      expect(await state()).toEqual(before);
      expect((await svc.get(owner, parent.id)).name).toBe('Atomic parent');
    });

    it('keeps exactly one of two simultaneous creates with the same name', async () => {
      const before = await state();
      const results = await Promise.allSettled([svc.create(owner, { name: 'Race' }), svc.create(owner, { name: 'race' })]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(failed.map((r) => r.reason as unknown)).toEqual([refusal(409, 'errors.category_name_taken')]);
      expect(await state()).toEqual({ rows: before.rows + 1, counter: before.counter + 1, audits: before.audits + 1 });
    });
  });
});
