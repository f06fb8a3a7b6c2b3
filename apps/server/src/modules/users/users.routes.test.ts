import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, StaffUser } from '@posauto/shared/schemas/accounts';
import { createShop, type TestShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const USERS = '/api/v1/users';
const BRANCH_USERS = '/api/v1/branch-users';
const MISSING_ID = '01890a5d-ac96-774b-bcce-b302099a8057';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const PASSWORD = 'staff-pass-1';
let serial = 0;
const email = (who: string) => `${who}-${++serial}@example.com`;

describe('user and branch-user routes', () => {
  let t: TestContext;
  let owner: string;
  let cashier: string;
  let otherShop: TestShop;
  let other: string;
  let branches: Array<{ id: string; name: string }>;
  let roles: Record<string, Role>;
  let foreign: StaffUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
    otherShop = await createShop(t.deps, { shopName: 'Rival Bakery' });
    other = await loginAs(t.app, otherShop.login);
    branches = (await call('GET', '/api/v1/branches/options', owner)).json();
    roles = Object.fromEntries(((await call('GET', '/api/v1/roles?per_page=all', owner)).json().data as Role[]).map((r) => [r.name, r]));
    foreign = (await call('POST', USERS, other, body({ role_id: otherShop.roleIds.Cashier!, branch_id: otherShop.branchIds[0]! }))).json()
      .data;
  });
  afterAll(() => t.close());

  function call(method: Method, url: string, token: string | null, payload?: unknown, lang: string | null = 'en') {
    const headers: Record<string, string> = token === null ? {} : bearer(token);
    if (lang) headers['accept-language'] = lang;
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  /** A complete, valid create body. */
  function body(over: Record<string, unknown> = {}) {
    return {
      first_name: 'Srey',
      last_name: 'Mom',
      email: email('staff'),
      phone: '+855 10 222 333',
      gender: 'female',
      role_id: roles?.Cashier?.id,
      branch_id: null,
      password: PASSWORD,
      confirm_password: PASSWORD,
      ...over,
    };
  }
  /** The update body that keeps a user as they are. */
  const same = (u: StaffUser, over: Record<string, unknown> = {}) => ({
    first_name: u.first_name,
    last_name: u.last_name,
    gender: u.gender,
    email: u.email,
    phone: u.phone,
    role_id: u.role_id,
    branch_id: u.branch_id,
    status: u.status,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, token = owner) => {
    const res = await call('POST', USERS, token, body(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as StaffUser;
  };
  const newRole = async (permissions: string[]) =>
    (await call('POST', '/api/v1/roles', owner, { name: `Role ${++serial}`, permissions })).json().data as Role;
  const snapshot = async () => (await call('GET', `${USERS}?per_page=all&sort=email`, owner)).json().data as StaffUser[];
  const userByEmail = async (address: string) => (await snapshot()).find((u) => u.email === address)!;
  const me = (token: string) => call('GET', '/api/v1/me', token);

  describe('who may call', () => {
    it('answers 401 without a token on every route', async () => {
      for (const base of [USERS, BRANCH_USERS]) {
        for (const [method, url] of [
          ['GET', base],
          ['POST', base],
          ['GET', `${base}/export`],
          ['GET', `${base}/${MISSING_ID}`],
          ['PUT', `${base}/${MISSING_ID}`],
          ['PATCH', `${base}/${MISSING_ID}/status`],
          ['POST', `${base}/${MISSING_ID}/reset-password`],
          ['DELETE', `${base}/${MISSING_ID}`],
        ] as const) {
          const res = await call(method, url, null, method === 'GET' || method === 'DELETE' ? undefined : {});
          expect(res.statusCode, `${method} ${url}`).toBe(401);
          expect(res.json()).toEqual({ message: 'Please sign in to continue' });
        }
      }
      expect((await call('GET', '/api/v1/branches/options', null)).statusCode).toBe(401);
    });

    it('answers 403 to the demo cashier, who holds no user permission, and changes nothing', async () => {
      const before = await snapshot();
      const target = before.find((u) => u.email === CASHIER.email)!;
      for (const base of [USERS, BRANCH_USERS]) {
        const attempts: Array<[Method, string, unknown?]> = [
          ['GET', base],
          ['GET', `${base}/${target.id}`],
          ['GET', `${base}/export?format=csv`],
          ['POST', base, body({ branch_id: target.branch_id })],
          ['PUT', `${base}/${target.id}`, same(target, { role_id: roles.Owner!.id })],
          ['PATCH', `${base}/${target.id}/status`, { status: false }],
          ['POST', `${base}/${target.id}/reset-password`, { password: 'hijacked1', confirm_password: 'hijacked1' }],
          ['DELETE', `${base}/${target.id}`],
        ];
        for (const [method, url, payload] of attempts) {
          const res = await call(method, url, cashier, payload);
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('asks each action for its own permission on /users: user-management reads, create-user creates, edit-user edits, delete-user deletes', async () => {
      const sign = async (permissions: string[]) => {
        const u = await create({ role_id: (await newRole(permissions)).id, email: email('perm') });
        return loginAs(t.app, { email: u.email, password: PASSWORD });
      };
      const reader = await sign(['user-management']);
      const target = await create();
      expect((await call('GET', USERS, reader)).statusCode).toBe(200);
      expect((await call('GET', `${USERS}/${target.id}`, reader)).statusCode).toBe(200);
      expect((await call('POST', USERS, reader, body())).statusCode).toBe(403);
      expect((await call('PUT', `${USERS}/${target.id}`, reader, same(target))).statusCode).toBe(403);
      expect((await call('DELETE', `${USERS}/${target.id}`, reader)).statusCode).toBe(403);
      expect((await call('GET', BRANCH_USERS, reader)).statusCode).toBe(403);

      const creator = await sign(['create-user']);
      expect((await call('GET', USERS, creator)).statusCode).toBe(403);
      expect((await call('POST', USERS, creator, body({ role_id: (await newRole(['create-user'])).id }))).statusCode).toBe(201);

      const editor = await sign(['edit-user', ...roles.Cashier!.permissions]);
      expect((await call('PATCH', `${USERS}/${target.id}/status`, editor, { status: false })).statusCode).toBe(200);
      expect((await call('DELETE', `${USERS}/${target.id}`, editor)).statusCode).toBe(403);

      const deleter = await sign(['delete-user', ...roles.Cashier!.permissions]);
      expect((await call('DELETE', `${USERS}/${target.id}`, deleter)).statusCode).toBe(200);
    });

    it('answers the branch options to any signed-in user: the owner every branch, a branch user only theirs', async () => {
      expect(branches.map((b) => b.name).sort()).toEqual(['BKK1 (Phnom Penh)', 'Riverside (Phnom Penh)']);
      const res = await call('GET', '/api/v1/branches/options', cashier);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([branches.find((b) => b.name === 'Riverside (Phnom Penh)')]);
      expect((await call('GET', '/api/v1/branches/options', other)).json().map((b: { id: string }) => b.id)).not.toContain(branches[0]!.id);
    });
  });

  describe('invalid input', () => {
    it('answers 400 with the spec messages per field in English, and saves nothing', async () => {
      const before = await snapshot();
      const res = await call('POST', USERS, owner, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields',
        errors: {
          first_name: 'Please enter first name',
          last_name: 'Please enter last name',
          email: 'Please fill email address',
          role_id: 'Please select role',
          password: 'Please fill your password',
          confirm_password: 'Please enter confirm password',
        },
      });
      const bad = await call('POST', USERS, owner, body({ email: 'nope', password: '12345', gender: 'robot', role_id: '' }));
      expect(bad.json().errors).toEqual({
        email: 'Your email is incorrect',
        password: 'Password at least 6 characters',
        gender: 'Incorrect Data',
        role_id: 'Please select role',
      });
      const mismatch = await call('POST', USERS, owner, body({ confirm_password: 'something-else' }));
      expect(mismatch.json().errors).toEqual({ confirm_password: 'Confirm password not matched' });
      expect(await snapshot()).toEqual(before);
    });

    it("asks for the branch of a branch user: 'Please select branch'", async () => {
      const res = await call('POST', BRANCH_USERS, owner, body({ branch_id: null }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please check the highlighted fields', errors: { branch_id: 'Please select branch' } });
      const cashierUser = await userByEmail(CASHIER.email);
      const update = await call('PUT', `${BRANCH_USERS}/${cashierUser.id}`, owner, same(cashierUser, { branch_id: null }));
      expect(update.statusCode).toBe(400);
      expect(update.json().errors).toEqual({ branch_id: 'Please select branch' });
      expect(await userByEmail(CASHIER.email)).toEqual(cashierUser);
    });

    it('checks the reset password and its confirmation', async () => {
      const target = await create();
      const res = await call('POST', `${USERS}/${target.id}/reset-password`, owner, {
        password: 'new-pass-1',
        confirm_password: 'new-pass-2',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ confirm_password: 'Confirm password not matched' });
    });

    it('answers 400 for a malformed id and for a filter that is not an id', async () => {
      expect((await call('GET', `${USERS}/not-a-uuid`, owner)).json().errors).toEqual({ id: 'Incorrect Data' });
      expect((await call('GET', `${USERS}?role_id=1`, owner)).json().errors).toEqual({ role_id: 'Incorrect Data' });
      expect((await call('GET', `${USERS}?sort=password_hash`, owner)).statusCode).toBe(400);
    });
  });

  describe("another shop's users", () => {
    it("answers 404 for another shop's user on every route, whatever the body, and leaves them as they were", async () => {
      for (const base of [USERS, BRANCH_USERS]) {
        const attempts: Array<[Method, string, unknown?]> = [
          ['GET', `${base}/${foreign.id}`],
          ['PUT', `${base}/${foreign.id}`, same(foreign, { first_name: 'Stolen' })],
          ['PUT', `${base}/${foreign.id}`, {}],
          ['PATCH', `${base}/${foreign.id}/status`, { status: false }],
          ['POST', `${base}/${foreign.id}/reset-password`, { password: 'hijacked1', confirm_password: 'hijacked1' }],
          ['DELETE', `${base}/${foreign.id}`],
        ];
        for (const [method, url, payload] of attempts) {
          const res = await call(method, url, owner, payload);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toEqual({ message: 'We could not find what you asked for' });
        }
      }
      expect((await call('GET', `${USERS}/${foreign.id}`, other)).json()).toEqual(foreign);
      await loginAs(t.app, { email: foreign.email, password: PASSWORD });
    });

    it("refuses another shop's role or branch for a new user, as if it did not exist", async () => {
      const before = await snapshot();
      const role = await call('POST', USERS, owner, body({ role_id: otherShop.roleIds.Owner! }));
      expect(role.statusCode).toBe(422);
      expect(role.json()).toEqual({ message: 'This role does not exist', errors: { role_id: 'This role does not exist' } });
      const branch = await call('POST', USERS, owner, body({ branch_id: otherShop.branchIds[0]! }));
      expect(branch.statusCode).toBe(422);
      expect(branch.json()).toEqual({ message: 'This branch does not exist', errors: { branch_id: 'This branch does not exist' } });
      expect(await snapshot()).toEqual(before);
    });

    it("never lists another shop's users, and answers 404 for a well-formed id that does not exist", async () => {
      expect((await snapshot()).map((u) => u.id)).not.toContain(foreign.id);
      expect((await call('GET', `${USERS}/${MISSING_ID}`, owner)).statusCode).toBe(404);
    });
  });

  it('creates, reads, updates, disables, resets the password of and deletes a member of staff', async () => {
    const address = email('dara');
    const created = await call(
      'POST',
      USERS,
      owner,
      body({ email: `  ${address.toUpperCase()} `, branch_id: branches[1]!.id, first_name: ' Dara ' }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('You have created successfully');
    const user = created.json().data as StaffUser;
    expect(user).toMatchObject({
      first_name: 'Dara',
      last_name: 'Mom',
      full_name: 'Dara Mom',
      email: address,
      gender: 'female',
      phone: '+855 10 222 333',
      role_id: roles.Cashier!.id,
      role_name: 'Cashier',
      branch_id: branches[1]!.id,
      branch_name: branches[1]!.name,
      status: true,
      is_owner: false,
    });
    expect(Object.keys(user).sort()).toEqual([
      'branch_id',
      'branch_name',
      'created_at',
      'email',
      'first_name',
      'full_name',
      'gender',
      'id',
      'is_owner',
      'last_name',
      'phone',
      'role_id',
      'role_name',
      'status',
      'updated_at',
    ]);
    expect((await call('GET', `${USERS}/${user.id}`, owner)).json()).toEqual(user);
    const stored = await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const token = await loginAs(t.app, { email: address, password: PASSWORD });
    expect((await me(token)).statusCode).toBe(200);

    const updated = await call(
      'PUT',
      `${USERS}/${user.id}`,
      owner,
      same(user, { last_name: 'Sok', role_id: roles.Manager!.id, branch_id: null, phone: '', gender: null }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'You have updated successfully',
      data: { last_name: 'Sok', role_name: 'Manager', branch_id: null, branch_name: null, phone: null, gender: null, status: true },
    });
    expect((await me(token)).json().data.role_name).toBe('Manager');

    const off = await call('PATCH', `${USERS}/${user.id}/status`, owner, { status: false });
    expect(off.json()).toMatchObject({ message: 'The status has been updated', data: { status: false } });
    const inactive = (await call('GET', `${USERS}?status=inactive&per_page=all`, owner)).json().data as StaffUser[];
    expect(inactive.map((u) => u.id)).toContain(user.id);
    expect((await call('PATCH', `${USERS}/${user.id}/status`, owner, { status: true })).json().data.status).toBe(true);

    const reset = await call('POST', `${USERS}/${user.id}/reset-password`, owner, {
      password: 'fresh-pass-9',
      confirm_password: 'fresh-pass-9',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'The password has been reset and the user has been signed out' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: address, password: PASSWORD } })).statusCode).toBe(
      401,
    );
    await loginAs(t.app, { email: address, password: 'fresh-pass-9' });

    const deleted = await call('DELETE', `${USERS}/${user.id}`, owner);
    expect(deleted.json()).toEqual({ message: 'You have successfully deleted' });
    expect((await call('GET', `${USERS}/${user.id}`, owner)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: address, password: 'fresh-pass-9' } })).statusCode,
    ).toBe(401);
  });

  describe('the list', () => {
    it('searches first name, last name, email and phone, case-insensitively', async () => {
      const u = await create({ first_name: 'Chantrea', last_name: 'Vannak', phone: '+855 99 123 987', email: email('searchable') });
      for (const term of ['chantrea', 'VANNAK', 'searchable-', '99 123 987']) {
        const res = (await call('GET', `${USERS}?search=${encodeURIComponent(term)}&per_page=all`, owner)).json();
        expect(
          res.data.map((x: StaffUser) => x.id),
          term,
        ).toEqual([u.id]);
        expect(res.meta.total).toBe(1);
      }
    });

    it('filters by role, branch and status, each request with its own values', async () => {
      const role = await newRole(['sale-pos']);
      const a = await create({ role_id: role.id, branch_id: branches[0]!.id });
      const b = await create({ role_id: role.id, branch_id: branches[1]!.id, status: false });
      const ids = async (q: string) =>
        ((await call('GET', `${USERS}?per_page=all&${q}`, owner)).json().data as StaffUser[]).map((u) => u.id).sort();
      expect(await ids(`role_id=${role.id}`)).toEqual([a.id, b.id].sort());
      expect(await ids(`role_id=${role.id}&branch_id=${branches[0]!.id}`)).toEqual([a.id]);
      expect(await ids(`role_id=${role.id}&branch_id=${branches[1]!.id}`)).toEqual([b.id]);
      expect(await ids(`role_id=${role.id}&status=active`)).toEqual([a.id]);
      expect(await ids(`role_id=${role.id}&status=inactive`)).toEqual([b.id]);
      expect(await ids(`role_id=${roles.Owner!.id}`)).toEqual([(await userByEmail(OWNER.email)).id]);
      const page = (await call('GET', `${USERS}?role_id=${role.id}&per_page=10&sort=created_at&order=desc`, owner)).json();
      expect(page.meta).toEqual({ page: 1, per_page: '10', total: 2, last_page: 1 });
    });

    it('lists on /branch-users only the users bound to a branch', async () => {
      const all = await snapshot();
      const branchUsers = (await call('GET', `${BRANCH_USERS}?per_page=all`, owner)).json().data as StaffUser[];
      expect(branchUsers.length).toBeGreaterThan(0);
      expect(branchUsers.every((u) => u.branch_id !== null)).toBe(true);
      expect(branchUsers.map((u) => u.id).sort()).toEqual(
        all
          .filter((u) => u.branch_id !== null)
          .map((u) => u.id)
          .sort(),
      );
      const ownerUser = all.find((u) => u.email === OWNER.email)!;
      expect((await call('GET', `${BRANCH_USERS}/${ownerUser.id}`, owner)).statusCode).toBe(404);
    });

    it('exports the staff with translated headers', async () => {
      const u = await create({ first_name: 'Export', last_name: 'Me', email: email('export'), branch_id: branches[0]!.id, gender: 'male' });
      const res = await call('GET', `${USERS}/export?format=csv&search=${encodeURIComponent(u.email)}`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users_export-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('First name,Last name,Email,Phone,Gender,Role,Branch,Status,Created');
      // A cell starting with + would run as a formula in a spreadsheet: exports write it inert.
      expect(lines[1]).toBe(`Export,Me,${u.email},'+855 10 222 333,Male,Cashier,${branches[0]!.name},Active,${u.created_at.slice(0, 10)}`);
      const km = await call('GET', `${BRANCH_USERS}/export?format=csv&search=${encodeURIComponent(u.email)}`, owner, undefined, 'km');
      expect(km.body).toContain('នាមខ្លួន');
    });
  });

  describe('the rules', () => {
    it('refuses an email already used anywhere, in any case, with 409', async () => {
      const before = await snapshot();
      for (const taken of [OWNER.email.toUpperCase(), foreign.email]) {
        const res = await call('POST', USERS, owner, body({ email: taken }));
        expect(res.statusCode, taken).toBe(409);
        expect(res.json()).toEqual({
          message: 'This email is already used by another account',
          errors: { email: 'This email is already used by another account' },
        });
      }
      const cashierUser = await userByEmail(CASHIER.email);
      expect((await call('PUT', `${USERS}/${cashierUser.id}`, owner, same(cashierUser, { email: OWNER.email }))).statusCode).toBe(409);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses to let anyone change their own role', async () => {
      const ownerUser = await userByEmail(OWNER.email);
      const res = await call('PUT', `${USERS}/${ownerUser.id}`, owner, same(ownerUser, { role_id: roles.Manager!.id }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'You cannot change your own role', errors: { role_id: 'You cannot change your own role' } });
      const renamed = await call('PUT', `${USERS}/${ownerUser.id}`, owner, same(ownerUser, { phone: '+855 12 345 679' }));
      expect(renamed.json().data).toMatchObject({ phone: '+855 12 345 679', role_id: roles.Owner!.id });
      await call('PUT', `${USERS}/${ownerUser.id}`, owner, same(ownerUser));
    });

    it('refuses to let anyone disable or delete themselves', async () => {
      const ownerUser = await userByEmail(OWNER.email);
      const off = await call('PATCH', `${USERS}/${ownerUser.id}/status`, owner, { status: false });
      expect(off.statusCode).toBe(422);
      expect(off.json().message).toBe('You cannot disable your own account');
      const del = await call('DELETE', `${USERS}/${ownerUser.id}`, owner);
      expect(del.statusCode).toBe(422);
      expect(del.json()).toEqual({ message: 'You cannot delete your own account' });
      expect((await me(owner)).statusCode).toBe(200);
    });

    it('never lets the last active owner be disabled, demoted or deleted, but allows it once another owner exists', async () => {
      const coOwner = await create({ role_id: roles.Owner!.id, email: email('co-owner') });
      const co = await loginAs(t.app, { email: coOwner.email, password: PASSWORD });
      const ownerUser = await userByEmail(OWNER.email);
      const attempts: Array<[Method, string, unknown?]> = [
        ['PATCH', `${USERS}/${ownerUser.id}/status`, { status: false }],
        ['PUT', `${USERS}/${ownerUser.id}`, same(ownerUser, { status: false })],
        ['PUT', `${USERS}/${ownerUser.id}`, same(ownerUser, { role_id: roles.Manager!.id })],
        ['DELETE', `${USERS}/${ownerUser.id}`],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await call(method, url, co, payload);
        expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(422);
        expect(res.json()).toEqual({ message: 'The last owner of the shop cannot be disabled, demoted or deleted' });
      }
      expect(await userByEmail(OWNER.email)).toEqual(ownerUser);
      expect((await me(owner)).statusCode).toBe(200);

      // Make the co-owner an owner too: now the first owner is no longer the last.
      await t.deps.db.updateTable('users').set({ is_owner: 1 }).where('id', '=', coOwner.id).execute();
      const demoted = await call('PUT', `${USERS}/${ownerUser.id}`, co, same(ownerUser, { role_id: roles.Manager!.id }));
      expect(demoted.statusCode).toBe(200);
      expect((await me(owner)).json().data.role_name).toBe('Manager');
      // Once the first owner holds the Owner role again, the co-owner may go.
      expect((await call('PUT', `${USERS}/${ownerUser.id}`, co, same(ownerUser))).statusCode).toBe(200);
      expect((await call('PATCH', `${USERS}/${coOwner.id}/status`, owner, { status: false })).statusCode).toBe(200);
      expect((await call('PATCH', `${USERS}/${ownerUser.id}/status`, co, { status: false })).statusCode).toBe(401);
      await t.deps.db.updateTable('users').set({ status: 'active', is_owner: 0 }).where('id', '=', coOwner.id).execute();
      await call('DELETE', `${USERS}/${coOwner.id}`, owner);
    });

    it('signs a disabled user out at once, on their very next request', async () => {
      const u = await create({ email: email('disabled') });
      const token = await loginAs(t.app, { email: u.email, password: PASSWORD });
      const second = await loginAs(t.app, { email: u.email, password: PASSWORD });
      expect((await me(token)).statusCode).toBe(200);
      await call('PATCH', `${USERS}/${u.id}/status`, owner, { status: false });
      expect((await me(token)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      expect(await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'accept-language': 'en' },
        payload: { email: u.email, password: PASSWORD },
      });
      expect(again.json()).toEqual({ message: 'Your account has been disabled. Please ask your shop owner.' });

      const v = await create({ email: email('disabled-by-edit') });
      const vToken = await loginAs(t.app, { email: v.email, password: PASSWORD });
      await call('PUT', `${USERS}/${v.id}`, owner, same(v, { status: false }));
      expect((await me(vToken)).statusCode).toBe(401);
    });

    it("ends a user's sessions at once when their password is reset", async () => {
      const u = await create({ email: email('reset') });
      const token = await loginAs(t.app, { email: u.email, password: PASSWORD });
      await call('POST', `${USERS}/${u.id}/reset-password`, owner, { password: 'another-1', confirm_password: 'another-1' });
      expect((await me(token)).statusCode).toBe(401);
    });

    it('refuses to hand out a role with a permission the caller does not hold, or to change a user who holds more', async () => {
      const hrRole = await newRole(['user-management', 'create-user', 'edit-user', 'delete-user', ...roles.Cashier!.permissions]);
      const hrUser = await create({ role_id: hrRole.id, email: email('hr') });
      const hr = await loginAs(t.app, { email: hrUser.email, password: PASSWORD });
      const before = await snapshot();
      const grant = await call('POST', USERS, hr, body({ role_id: roles.Manager!.id }));
      expect(grant.statusCode).toBe(422);
      expect(grant.json()).toEqual({
        message: 'You cannot give a permission that you do not hold yourself',
        errors: { role_id: 'You cannot give a permission that you do not hold yourself' },
      });
      const cashierUser = await userByEmail(CASHIER.email);
      expect((await call('PUT', `${USERS}/${cashierUser.id}`, hr, same(cashierUser, { role_id: roles.Owner!.id }))).statusCode).toBe(422);
      const ownerUser = await userByEmail(OWNER.email);
      for (const [method, url, payload] of [
        ['POST', `${USERS}/${ownerUser.id}/reset-password`, { password: 'taken-over', confirm_password: 'taken-over' }],
        ['PUT', `${USERS}/${ownerUser.id}`, same(ownerUser, { email: email('hijack') })],
        ['PATCH', `${USERS}/${ownerUser.id}/status`, { status: false }],
        ['DELETE', `${USERS}/${ownerUser.id}`],
      ] as const) {
        const res = await call(method, url, hr, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(422);
        expect(res.json().message).toBe('You cannot change a user who holds permissions that you do not hold');
      }
      expect(await snapshot()).toEqual(before);
      // What the caller does hold, they may hand out and manage.
      const made = await call('POST', USERS, hr, body({ role_id: roles.Cashier!.id }));
      expect(made.statusCode).toBe(201);
      expect((await call('PATCH', `${USERS}/${made.json().data.id}/status`, hr, { status: false })).statusCode).toBe(200);
    });
  });

  describe('a branch user', () => {
    let manager: string;
    let managerUser: StaffUser;
    let mine: StaffUser;
    let theirs: StaffUser;
    let boss: StaffUser;

    beforeAll(async () => {
      const role = await newRole(['user-management', 'create-user', 'edit-user', 'delete-user', 'branch-user-management', 'sale-pos']);
      const staffRole = await newRole(['sale-pos']);
      managerUser = await create({ role_id: role.id, branch_id: branches[0]!.id, email: email('branch-manager') });
      manager = await loginAs(t.app, { email: managerUser.email, password: PASSWORD });
      mine = await create({ role_id: staffRole.id, branch_id: branches[0]!.id, email: email('mine') });
      theirs = await create({ role_id: staffRole.id, branch_id: branches[1]!.id, email: email('theirs') });
      boss = await create({ role_id: staffRole.id, branch_id: null, email: email('boss') });
    });

    it('sees only the users of their own branch, and never the shop-wide list', async () => {
      expect((await call('GET', `${USERS}?per_page=all`, manager)).statusCode).toBe(403);
      for (const base of [BRANCH_USERS]) {
        const listed = (await call('GET', `${base}?per_page=all`, manager)).json().data as StaffUser[];
        expect(listed.length).toBeGreaterThan(0);
        expect(
          listed.every((u) => u.branch_id === branches[0]!.id),
          base,
        ).toBe(true);
        expect(listed.map((u) => u.id)).toEqual(expect.arrayContaining([mine.id, managerUser.id]));
        expect(listed.map((u) => u.id)).not.toContain(theirs.id);
        expect(listed.map((u) => u.id)).not.toContain(boss.id);
        const filtered = await call('GET', `${base}?branch_id=${branches[1]!.id}`, manager);
        expect(filtered.statusCode).toBe(404);
      }
      expect((await call('GET', '/api/v1/branches/options', manager)).json()).toEqual([branches[0]]);
    });

    it("answers 404 for another branch's user, and for a user of no branch, on every route", async () => {
      const before = await snapshot();
      for (const base of [USERS, BRANCH_USERS]) {
        for (const target of [theirs, boss]) {
          const attempts: Array<[Method, string, unknown?]> = [
            ['GET', `${base}/${target.id}`],
            ['PUT', `${base}/${target.id}`, same(target, { branch_id: branches[0]!.id })],
            ['PATCH', `${base}/${target.id}/status`, { status: false }],
            ['POST', `${base}/${target.id}/reset-password`, { password: 'hijacked1', confirm_password: 'hijacked1' }],
            ['DELETE', `${base}/${target.id}`],
          ];
          for (const [method, url, payload] of attempts) {
            // /users is the shop's (403 to any branch user); on /branch-users another branch's user is not found.
            expect((await call(method, url, manager, payload)).statusCode, `${method} ${url}`).toBe(base === USERS ? 403 : 404);
          }
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('places new users only in their own branch', async () => {
      const elsewhere = await call('POST', BRANCH_USERS, manager, body({ role_id: mine.role_id, branch_id: branches[1]!.id }));
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json().errors).toEqual({ branch_id: 'This branch does not exist' });
      expect((await call('POST', USERS, manager, body({ role_id: mine.role_id, branch_id: null }))).statusCode).toBe(403);
      const placed = await call('POST', BRANCH_USERS, manager, body({ role_id: mine.role_id, branch_id: branches[0]!.id }));
      expect(placed.statusCode).toBe(201);
      expect(placed.json().data.branch_id).toBe(branches[0]!.id);
      const moved = await call('PUT', `${BRANCH_USERS}/${mine.id}`, manager, same(mine, { branch_id: branches[1]!.id }));
      expect(moved.statusCode).toBe(422);
      const edited = await call('PUT', `${BRANCH_USERS}/${mine.id}`, manager, same(mine, { first_name: 'Mine' }));
      expect(edited.json().data).toMatchObject({ first_name: 'Mine', branch_id: branches[0]!.id });
    });
  });
});
