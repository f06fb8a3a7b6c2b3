import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../http/context';
import { addShopUser, contextFor, countRows, createShop, type TestShop } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { usersService } from './index';

const refusal = (statusCode: number, messageKey: string) => expect.objectContaining({ statusCode, messageKey });
const PASSWORD = 'service-pass-1';

describe('users service', () => {
  let t: TestContext;
  let svc: ReturnType<typeof usersService>;
  let shop: TestShop;
  let owner: RequestContext;

  beforeAll(async () => {
    t = await createTestApp();
    svc = usersService(t.deps, 'all');
    shop = await createShop(t.deps);
    owner = await contextFor(t.deps, shop.login.email);
  });
  afterAll(() => t.close());

  const input = (over: Partial<Parameters<typeof svc.create>[1]> = {}) => ({
    first_name: 'Service',
    last_name: 'User',
    email: `svc-${Math.random().toString(36).slice(2, 10)}@example.com`,
    role_id: shop.roleIds.Cashier!,
    branch_id: shop.branchIds[0]!,
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...over,
  });
  const audits = () =>
    t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('business_id', '=', shop.businessId)
      .where('entity', '=', 'user')
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('writes every change to the audit log, and never a password or its hash', async () => {
    const before = (await audits()).length;
    const u = await svc.create(owner, input());
    await svc.update(owner, u.id, {
      first_name: u.first_name,
      last_name: 'Renamed',
      email: u.email,
      role_id: u.role_id,
      branch_id: u.branch_id,
      status: true,
    });
    await svc.setStatus(owner, u.id, false);
    await svc.resetPassword(owner, u.id, 'brand-new-1');
    await svc.remove(owner, u.id);
    const lines = (await audits()).slice(before);
    expect(lines.map((l) => [l.action, l.entity_id, l.user_id])).toEqual([
      ['create', u.id, owner.userId],
      ['update', u.id, owner.userId],
      ['status', u.id, owner.userId],
      ['reset_password', u.id, owner.userId],
      ['delete', u.id, owner.userId],
    ]);
    expect(JSON.parse(lines[1]!.detail!)).toEqual({ changed: ['last_name'] });
    const all = JSON.stringify(lines);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain('brand-new-1');
    expect(all).not.toContain('$argon2');
  });

  it('saves nothing, not even an audit line, when a rule refuses the change', async () => {
    const count = async () => ({
      users: await countRows(t.deps, 'users', shop.businessId),
      audits: await countRows(t.deps, 'audit_log', shop.businessId),
    });
    const before = await count();
    await expect(svc.create(owner, input({ email: shop.login.email }))).rejects.toEqual(refusal(409, 'errors.email_taken'));
    await expect(svc.remove(owner, owner.userId)).rejects.toEqual(refusal(422, 'errors.delete_self'));
    await expect(svc.setStatus(owner, owner.userId, false)).rejects.toEqual(refusal(422, 'errors.own_status'));
    expect(await count()).toEqual(before);
  });

  it("refuses an editor who lacks some of a user's role permissions: no password reset, edit, status change or delete", async () => {
    const manager = await addShopUser(t.deps, { businessId: shop.businessId, roleId: shop.roleIds.Manager!, branchId: null });
    const strong = await svc.create(owner, input({ role_id: shop.roleIds.Owner!, branch_id: null }));
    // An editor who may edit users but holds less than the Owner role gives.
    const editor = {
      ...(await contextFor(t.deps, manager.login.email)),
      permissions: new Set(['user-management', 'edit-user', 'delete-user'] as const),
    };
    const refused = refusal(422, 'errors.cannot_manage_user');
    const hashBefore = await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', strong.id).executeTakeFirstOrThrow();
    await expect(svc.resetPassword(editor, strong.id, 'taken-over-1')).rejects.toEqual(refused);
    await expect(
      svc.update(editor, strong.id, {
        first_name: 'Taken',
        last_name: 'Over',
        email: 'taken-over@example.com',
        role_id: strong.role_id,
        branch_id: null,
        status: true,
      }),
    ).rejects.toEqual(refused);
    await expect(svc.setStatus(editor, strong.id, false)).rejects.toEqual(refused);
    await expect(svc.remove(editor, strong.id)).rejects.toEqual(refused);
    expect(await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', strong.id).executeTakeFirstOrThrow()).toEqual(
      hashBefore,
    );
    expect(await svc.get(owner, strong.id)).toMatchObject({ email: strong.email, first_name: strong.first_name, status: true });
  });

  it('keeps exactly one of two simultaneous creates with the same email', async () => {
    const email = 'twice@example.com';
    const results = await Promise.allSettled([svc.create(owner, input({ email })), svc.create(owner, input({ email }))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: refusal(409, 'errors.email_taken') });
  });

  it('lets exactly one of two owners who disable each other at the same moment succeed', async () => {
    const second = await addShopUser(t.deps, { businessId: shop.businessId, roleId: shop.roleIds.Owner!, branchId: null });
    await t.deps.db.updateTable('users').set({ is_owner: 1 }).where('id', '=', second.userId).execute();
    const secondCtx = await contextFor(t.deps, second.login.email);
    const results = await Promise.allSettled([svc.setStatus(owner, second.userId, false), svc.setStatus(secondCtx, owner.userId, false)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: refusal(422, 'errors.last_owner') });
    const active = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('business_id', '=', shop.businessId)
      .where('is_owner', '=', 1)
      .where('status', '=', 'active')
      .execute();
    expect(active).toHaveLength(1);
  });

  it('answers another branch as missing to a branch user, and keeps the branch-users list to users with a branch', async () => {
    const branchSvc = usersService(t.deps, 'branch');
    const u = await svc.create(owner, input({ branch_id: shop.branchIds[1]! }));
    const nobranch = await svc.create(owner, input({ branch_id: null }));
    const inFirst = { ...owner, branchId: shop.branchIds[0]! };
    await expect(svc.get(inFirst, u.id)).rejects.toEqual(refusal(404, 'errors.not_found'));
    await expect(branchSvc.get(owner, nobranch.id)).rejects.toEqual(refusal(404, 'errors.not_found'));
    expect((await branchSvc.get(owner, u.id)).id).toBe(u.id);
  });
});
