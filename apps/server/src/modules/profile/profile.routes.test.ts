import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopUser, countRows } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

type Method = 'GET' | 'PUT' | 'POST';

describe('profile and password routes', () => {
  let t: TestContext;
  let owner: string;
  let cashier: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
  });
  afterAll(() => t.close());

  function call(method: Method, url: string, token: string | null, payload?: unknown, lang = 'en') {
    const headers: Record<string, string> = { 'accept-language': lang, ...(token === null ? {} : bearer(token)) };
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const me = (token: string) => call('GET', '/api/v1/me', token);
  /** A fresh member of the demo shop, so password changes do not disturb the other tests. */
  async function freshUser() {
    const cashierRow = await t.deps.db
      .selectFrom('users')
      .select(['business_id', 'role_id', 'branch_id'])
      .where('email', '=', CASHIER.email)
      .executeTakeFirstOrThrow();
    return addShopUser(t.deps, { businessId: cashierRow.business_id, roleId: cashierRow.role_id, branchId: cashierRow.branch_id });
  }

  it('answers 401 on every route without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/profile'],
      ['PUT', '/api/v1/profile'],
      ['POST', '/api/v1/change-password'],
    ] as const) {
      const res = await call(method, url, null, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue' });
    }
  });

  it("answers the caller's own profile, whatever their permissions", async () => {
    const res = await call('GET', '/api/v1/profile', cashier);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      first_name: 'Dara',
      last_name: 'Kim',
      email: CASHIER.email,
      phone: null,
      gender: 'male',
      role_name: 'Cashier',
      branch_name: 'Riverside (Phnom Penh)',
      shop_name: 'Demo Coffee',
      package: 'premium',
    });
    expect((await call('GET', '/api/v1/profile', owner)).json()).toMatchObject({
      first_name: 'Sophea',
      role_name: 'Owner',
      branch_name: null,
    });
  });

  it('updates only the name, phone and gender, and writes it to the audit log', async () => {
    const u = await freshUser();
    const token = await loginAs(t.app, u.login);
    const audits = await countRows(
      t.deps,
      'audit_log',
      (await t.deps.db.selectFrom('users').select('business_id').where('id', '=', u.userId).executeTakeFirstOrThrow()).business_id,
    );
    const res = await call('PUT', '/api/v1/profile', token, {
      first_name: ' Bopha ',
      last_name: 'Lim',
      phone: '+855 17 888 999',
      gender: 'female',
      email: 'changed@example.com',
      role_name: 'Owner',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your profile has been updated',
      data: expect.objectContaining({
        first_name: 'Bopha',
        last_name: 'Lim',
        phone: '+855 17 888 999',
        gender: 'female',
        email: u.login.email,
        role_name: 'Cashier',
      }),
    });
    expect((await me(token)).json().data.name).toBe('Bopha Lim');
    const row = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('user_id', '=', u.userId)
      .where('action', '=', 'update_profile')
      .execute();
    expect(row).toHaveLength(1);
    expect(await countRows(t.deps, 'audit_log', row[0]!.business_id)).toBe(audits + 1);
  });

  it('answers 400 with a message per field in English', async () => {
    const res = await call('PUT', '/api/v1/profile', owner, { first_name: '', gender: 'robot' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please check the highlighted fields',
      errors: { first_name: 'Please enter first name', last_name: 'Please enter last name', gender: 'Incorrect Data' },
    });
    const pw = await call('POST', '/api/v1/change-password', owner, { current_password: '', password: '123', confirm_password: '' });
    expect(pw.json().errors).toEqual({
      current_password: 'Please fill your password',
      password: 'Password at least 6 characters',
      confirm_password: 'Please enter confirm password',
    });
    const mismatch = await call('POST', '/api/v1/change-password', owner, {
      current_password: OWNER.password,
      password: 'new-pass-1',
      confirm_password: 'new-pass-2',
    });
    expect(mismatch.json().errors).toEqual({ confirm_password: 'Confirm password not matched' });
  });

  it('refuses a wrong current password, on its field, and keeps the old one', async () => {
    const u = await freshUser();
    const token = await loginAs(t.app, u.login);
    const res = await call('POST', '/api/v1/change-password', token, {
      current_password: 'not-my-password',
      password: 'new-pass-1',
      confirm_password: 'new-pass-1',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Your current password is incorrect',
      errors: { current_password: 'Your current password is incorrect' },
    });
    await loginAs(t.app, u.login);
  });

  it("changes the password, keeps the current session and ends the user's other sessions", async () => {
    const u = await freshUser();
    const current = await loginAs(t.app, u.login);
    const phone = await loginAs(t.app, u.login);
    const laptop = await loginAs(t.app, u.login);
    const bystander = await loginAs(t.app, CASHIER);
    const res = await call('POST', '/api/v1/change-password', current, {
      current_password: u.login.password,
      password: 'changed-pass-7',
      confirm_password: 'changed-pass-7',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. Your other sessions have been signed out.' });
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(bystander)).statusCode).toBe(200);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: u.login.email, password } });
    expect((await login(u.login.password)).statusCode).toBe(401);
    expect((await login('changed-pass-7')).statusCode).toBe(200);
    const hash = (await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', u.userId).executeTakeFirstOrThrow())
      .password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('user_id', '=', u.userId)
      .where('action', '=', 'change_password')
      .execute();
    expect(audit).toEqual([{ action: 'change_password', detail: null }]);
  });

  it('allows 5 wrong current passwords per user in 15 minutes, then answers 429 even for the right one', async () => {
    const u = await freshUser();
    const token = await loginAs(t.app, u.login);
    const change = (current: string, next = 'throttled-pass-1') =>
      call('POST', '/api/v1/change-password', token, { current_password: current, password: next, confirm_password: next });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}-pass`)).statusCode, `try ${i + 1}`).toBe(422);
    const blocked = await change(u.login.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many wrong passwords. Please try again in 15 minutes.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The password did not change, and another user is not held back.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: u.login })).statusCode).toBe(200);
    const other = await freshUser();
    const otherToken = await loginAs(t.app, other.login);
    const otherChange = await call('POST', '/api/v1/change-password', otherToken, {
      current_password: other.login.password,
      password: 'other-pass-1',
      confirm_password: 'other-pass-1',
    });
    expect(otherChange.statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await change(u.login.password)).statusCode).toBe(200);
  });

  it('counts every one of many wrong current passwords sent at the same moment', async () => {
    const u = await freshUser();
    const token = await loginAs(t.app, u.login);
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/api/v1/change-password', token, {
          current_password: `guess-${i}-pass`,
          password: 'x-pass-12',
          confirm_password: 'x-pass-12',
        }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
  });

  it('answers in Khmer when asked', async () => {
    const res = await call(
      'POST',
      '/api/v1/change-password',
      owner,
      { current_password: 'wrong-one', password: 'new-pass-1', confirm_password: 'new-pass-1' },
      'km',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('ពាក្យសម្ងាត់បច្ចុប្បន្នរបស់អ្នកមិនត្រឹមត្រូវទេ');
  });
});
