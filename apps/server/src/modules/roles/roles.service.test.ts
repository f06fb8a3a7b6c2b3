import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_PERMISSIONS } from '@posauto/shared/permissions';
import { PACKAGE_RULES } from '@posauto/shared/packages';
import type { RequestContext } from '../../http/context';
import { contextFor, countRows, createShop, type TestShop } from '../../../test/factories';
import { createTestApp, OWNER, type TestContext } from '../../../test/harness';
import { hashPassword } from '../../lib/secrets';
import { createBusiness } from '../businesses/index';
import { rolesService } from './index';

const query = { page: 1, per_page: 'all', order: 'asc' } as const;
const refusal = (statusCode: number, messageKey: string) => expect.objectContaining({ statusCode, messageKey });

describe('roles service', () => {
  let t: TestContext;
  let svc: ReturnType<typeof rolesService>;
  let owner: RequestContext;

  beforeAll(async () => {
    t = await createTestApp();
    svc = rolesService(t.deps);
    owner = await contextFor(t.deps, OWNER.email);
  });
  afterAll(() => t.close());

  const audits = (ctx: RequestContext = owner) =>
    t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('business_id', '=', ctx.businessId)
      .where('entity', '=', 'role')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const state = async (ctx: RequestContext = owner) => ({
    roles: (await svc.list(ctx, query)).rows,
    audits: await countRows(t.deps, 'audit_log', ctx.businessId),
  });

  it('writes every change to the audit log with who made it and what changed', async () => {
    const before = (await audits()).length;
    const role = await svc.create(owner, { name: 'Audited', permissions: ['sale-pos'] });
    await svc.update(owner, role.id, { name: 'Audited role', permissions: ['product-list'] });
    await svc.remove(owner, role.id);
    const lines = (await audits()).slice(before);
    expect(lines.map((l) => [l.action, l.entity_id, l.user_id])).toEqual([
      ['create', role.id, owner.userId],
      ['update', role.id, owner.userId],
      ['delete', role.id, owner.userId],
    ]);
    expect(JSON.parse(lines[1]!.detail!)).toEqual({ name: 'Audited role', added: ['product-list'], removed: ['sale-pos'] });
  });

  it('saves nothing, not even an audit line, when a rule refuses the change', async () => {
    const before = await state();
    const weak = { ...owner, permissions: new Set(['role-create' as const]) };
    await expect(svc.create(weak, { name: 'Too strong', permissions: ['sale-pos'] })).rejects.toEqual(refusal(422, 'errors.cannot_grant'));
    await expect(svc.create(owner, { name: 'OWNER', permissions: [] })).rejects.toEqual(refusal(409, 'errors.role_name_taken'));
    await expect(svc.create(owner, { name: 'Bogus', permissions: ['bogus'] })).rejects.toEqual(refusal(400, 'errors.invalid_input'));
    expect(await state()).toEqual(before);
  });

  describe('a role that gives more than the editor holds', () => {
    const weakOf = (ctx: RequestContext) => ({
      ...ctx,
      permissions: new Set(['role-list', 'role-edit', 'role-delete', 'sale-pos'] as const),
    });

    it('can be neither narrowed, renamed nor deleted by that editor, and nothing changes', async () => {
      const strong = await svc.create(owner, { name: 'Strong staff', permissions: ['sale-pos', 'user-management', 'edit-user'] });
      const weak = weakOf(owner);
      const before = await state();
      const refused = refusal(422, 'errors.cannot_change_role');
      await expect(svc.update(weak, strong.id, { name: 'Strong staff', permissions: ['sale-pos'] })).rejects.toEqual(refused);
      await expect(svc.update(weak, strong.id, { name: 'Renamed', permissions: strong.permissions })).rejects.toEqual(refused);
      await expect(svc.remove(weak, strong.id)).rejects.toEqual(refused);
      await expect(
        svc.update(weak, (await svc.list(owner, query)).rows.find((r) => r.name === 'Owner')!.id, {
          name: 'Boss',
          permissions: [...BUSINESS_PERMISSIONS],
        }),
      ).rejects.toEqual(refused);
      expect(await state()).toEqual(before);
      expect(await svc.get(owner, strong.id)).toMatchObject({
        name: 'Strong staff',
        permissions: ['sale-pos', 'user-management', 'edit-user'],
      });
    });

    it('can be changed and deleted by an editor who holds every permission it gives', async () => {
      const till = await svc.create(owner, { name: 'Till only', permissions: ['sale-pos'] });
      const weak = weakOf(owner);
      expect((await svc.update(weak, till.id, { name: 'Till', permissions: [] })).name).toBe('Till');
      await svc.remove(weak, till.id);
      await expect(svc.get(owner, till.id)).rejects.toEqual(refusal(404, 'errors.not_found'));
    });
  });

  it('keeps exactly one of two simultaneous creates whose names differ only in case', async () => {
    const results = await Promise.allSettled([
      svc.create(owner, { name: 'Night shift', permissions: [] }),
      svc.create(owner, { name: 'NIGHT SHIFT', permissions: [] }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: refusal(409, 'errors.role_name_taken') });
  });

  it('refuses to delete the Owner role even when nobody holds it', async () => {
    const shop = await createShop(t.deps);
    const ctx = await contextFor(t.deps, shop.login.email);
    const boss = await svc.create(ctx, { name: 'Boss', permissions: [...BUSINESS_PERMISSIONS] });
    await t.deps.db.updateTable('users').set({ role_id: boss.id }).where('id', '=', shop.ownerId).execute();
    await expect(svc.remove(ctx, shop.roleIds.Owner!)).rejects.toEqual(refusal(422, 'errors.owner_role_delete'));
    expect((await svc.get(ctx, shop.roleIds.Owner!)).users_count).toBe(0);
  });

  describe('the last owner', () => {
    let shop: TestShop;
    let ctx: RequestContext;

    beforeAll(async () => {
      shop = await createShop(t.deps);
      ctx = await contextFor(t.deps, shop.login.email);
    });

    it("refuses to narrow a custom role that is the last owner's only source of every permission", async () => {
      const boss = await svc.create(ctx, { name: 'Boss', permissions: [...BUSINESS_PERMISSIONS] });
      await t.deps.db.updateTable('users').set({ role_id: boss.id }).where('id', '=', shop.ownerId).execute();
      const narrowed = BUSINESS_PERMISSIONS.filter((p) => p !== 'delete-user');
      await expect(svc.update(ctx, boss.id, { name: 'Boss', permissions: narrowed })).rejects.toEqual(refusal(422, 'errors.last_owner'));
      expect((await svc.get(ctx, boss.id)).permissions).toEqual([...BUSINESS_PERMISSIONS]);
      // Back on the Owner role, the owner no longer depends on Boss, which may then be narrowed.
      await t.deps.db.updateTable('users').set({ role_id: shop.roleIds.Owner! }).where('id', '=', shop.ownerId).execute();
      expect((await svc.update(ctx, boss.id, { name: 'Boss', permissions: narrowed })).permissions).toEqual(narrowed);
    });
  });

  describe('a Start Up shop', () => {
    let ctx: RequestContext;
    let ownerRoleId: string;

    beforeAll(async () => {
      const email = 'startup-owner@example.com';
      const passwordHash = await hashPassword('startup-1234');
      const created = await t.deps.db.transaction().execute((trx) =>
        createBusiness(
          trx,
          {
            shopName: 'Menu Only Cafe',
            shopType: 'coffee_shop',
            package: 'startup',
            status: 'active',
            branches: ['Main'],
            owner: { firstName: 'Menu', lastName: 'Owner', email, passwordHash },
          },
          t.deps.clock.now().toISOString(),
        ),
      );
      ownerRoleId = created.roleIds.Owner!;
      ctx = await contextFor(t.deps, email);
    });

    it('offers and grants only what the package includes, even to the owner', async () => {
      const offered = (await svc.grantable(ctx)).flatMap((g) => g.permissions);
      expect(offered).toEqual([...PACKAGE_RULES.startup.permissions]);
      expect(offered).not.toContain('sale-pos');
      await expect(svc.create(ctx, { name: 'Till', permissions: ['sale-pos'] })).rejects.toEqual(refusal(422, 'errors.cannot_grant'));
      expect((await svc.create(ctx, { name: 'Menu editor', permissions: ['product-list', 'product-edit'] })).permissions).toEqual([
        'product-list',
        'product-edit',
      ]);
    });

    it("keeps every shop permission on the Owner role when its form sends only the package's", async () => {
      const saved = await svc.update(ctx, ownerRoleId, { name: 'Owner', permissions: [...PACKAGE_RULES.startup.permissions] });
      expect(saved.permissions).toEqual([...BUSINESS_PERMISSIONS]);
      const fewer = PACKAGE_RULES.startup.permissions.filter((p) => p !== 'product-list');
      await expect(svc.update(ctx, ownerRoleId, { name: 'Owner', permissions: fewer })).rejects.toEqual(
        refusal(422, 'errors.owner_role_permissions'),
      );
    });
  });
});
