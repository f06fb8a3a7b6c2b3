import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../../../test/factories';
import { ADMIN, bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const HOUR = 60 * 60 * 1000;
const EN = { 'accept-language': 'en' };
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

interface Login {
  email?: unknown;
  password?: unknown;
}

describe('sign-in', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (body: Login, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/login', headers: EN, payload: body as object, remoteAddress });
  const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: { ...bearer(token), ...EN } });
  const userRow = (email: string) => t.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  describe('a successful sign-in', () => {
    it("answers exactly the spec's userData shape, with the cashier's branch", async () => {
      const res = await login(CASHIER);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'data', 'permissions']);
      expect(Object.keys(body.data).sort()).toEqual(['branch_id', 'name', 'role', 'role_name']);
      const cashier = await userRow(CASHIER.email);
      expect(body.data).toEqual({ name: 'Dara Kim', role_name: 'Cashier', role: ['Cashier'], branch_id: cashier.branch_id });
      expect(cashier.branch_id).toEqual(expect.any(String));
      expect(body.permissions).toContain('sale-pos');
      expect(body.permissions).not.toContain('category-management');
    });

    it('gives the owner no branch and every shop permission', async () => {
      const body = (await login(OWNER)).json();
      expect(body.data).toEqual({ name: 'Sophea Chan', role_name: 'Owner', role: ['Owner'], branch_id: null });
      expect(body.permissions).toEqual(expect.arrayContaining(['category-management', 'sale-pos', 'user-management', 'general-setting']));
    });

    it('accepts the email in any case and with surrounding spaces', async () => {
      expect((await login({ email: '  Owner@POSAUTO.local ', password: OWNER.password })).statusCode).toBe(200);
    });

    it('issues a token of at least 128 random bits that is stored only as its SHA-256', async () => {
      const a = (await login(OWNER)).json().access_token as string;
      const b = (await login(OWNER)).json().access_token as string;
      expect(a).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(a).not.toBe(b);
      const sessions = await t.deps.db.selectFrom('sessions').selectAll().execute();
      expect(sessions.map((s) => s.id)).toEqual(expect.arrayContaining([sha256(a), sha256(b)]));
      for (const s of sessions) expect(JSON.stringify(s)).not.toContain(a);
    });

    it('answers the same shape from /me, without a token in it', async () => {
      const { access_token: token, ...rest } = (await login(CASHIER)).json();
      const res = await me(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(rest);
    });
  });

  describe('a refused sign-in', () => {
    it('answers a wrong password and an unknown email with the same 401', async () => {
      const wrong = await login({ email: OWNER.email, password: 'not-the-password' });
      const unknown = await login({ email: 'nobody@posauto.local', password: 'whatever1' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Your email or password is incorrect' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it("answers the spec's validation messages", async () => {
      const cases: Array<[Login, Record<string, string>]> = [
        [{ email: '', password: 'secret123' }, { email: 'Please fill email address' }],
        [{ password: 'secret123' }, { email: 'Please fill email address' }],
        [{ email: 'not-an-email', password: 'secret123' }, { email: 'Your email is incorrect' }],
        [{ email: OWNER.email, password: '' }, { password: 'Please fill your password' }],
        [{ email: OWNER.email }, { password: 'Please fill your password' }],
        [{ email: OWNER.email, password: '12345' }, { password: 'Password at least 6 characters' }],
      ];
      for (const [body, errors] of cases) {
        const res = await login(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ message: 'Please check the highlighted fields', errors });
      }
    });

    it('refuses a shop waiting for activation, and a suspended shop, with a clear message', async () => {
      const pending = await createShop(t.deps, { status: 'pending' });
      const suspended = await createShop(t.deps, { status: 'suspended' });
      const p = await login(pending.login);
      expect(p.statusCode).toBe(403);
      expect(p.json().message).toBe('Your shop is waiting for activation by our team. This usually takes about 5 minutes.');
      const s = await login(suspended.login);
      expect(s.statusCode).toBe(403);
      expect(s.json().message).toBe('Your shop has been suspended. Please contact the POSAUTO team.');
    });
  });

  describe('a session', () => {
    it('ends at logout: the next /me answers 401', async () => {
      const token = await loginAs(t.app, OWNER);
      const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { ...bearer(token), ...EN } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: 'You have signed out' });
      expect((await me(token)).statusCode).toBe(401);
      expect(await t.deps.db.selectFrom('sessions').select('id').where('id', '=', sha256(token)).executeTakeFirst()).toBeUndefined();
    });

    it('ends after more than 12 hours without a request', async () => {
      const token = await loginAs(t.app, OWNER);
      t.clock.advance(12 * HOUR + 1000);
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue' });
    });

    it('keeps working while it is used within every 12 hours', async () => {
      const token = await loginAs(t.app, OWNER);
      for (let i = 0; i < 3; i++) {
        t.clock.advance(11 * HOUR);
        expect((await me(token)).statusCode).toBe(200);
      }
    });

    it('is refused at once when its user is disabled', async () => {
      const token = await loginAs(t.app, CASHIER);
      await t.deps.db.updateTable('users').set({ status: 'disabled' }).where('email', '=', CASHIER.email).execute();
      try {
        expect((await me(token)).statusCode).toBe(401);
        const again = await login(CASHIER);
        expect(again.statusCode).toBe(403);
        expect(again.json().message).toBe('Your account has been disabled. Please ask your shop owner.');
      } finally {
        await t.deps.db.updateTable('users').set({ status: 'active' }).where('email', '=', CASHIER.email).execute();
      }
      expect((await me(token)).statusCode).toBe(401);
    });

    it('is refused at once when its shop is suspended', async () => {
      const shop = await createShop(t.deps);
      const token = await loginAs(t.app, shop.login);
      expect((await me(token)).statusCode).toBe(200);
      await t.deps.db.updateTable('businesses').set({ status: 'suspended' }).where('id', '=', shop.businessId).execute();
      expect((await me(token)).statusCode).toBe(401);
    });
  });

  describe('platform administration', () => {
    it('belongs to the platform administrator', async () => {
      const body = (await login(ADMIN)).json();
      expect(body.permissions).toEqual(['user-admin-management']);
    });

    it('is never granted to a shop owner, even when their role lists it', async () => {
      const owner = await userRow(OWNER.email);
      const role = await t.deps.db.selectFrom('roles').select('permissions').where('id', '=', owner.role_id).executeTakeFirstOrThrow();
      const widened = JSON.stringify([...(JSON.parse(role.permissions) as string[]), 'user-admin-management']);
      await t.deps.db.updateTable('roles').set({ permissions: widened }).where('id', '=', owner.role_id).execute();
      const body = (await login(OWNER)).json();
      expect(body.permissions).not.toContain('user-admin-management');
      expect((await me(body.access_token)).json().permissions).not.toContain('user-admin-management');
    });
  });
});

describe('failed sign-in throttling', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const MINUTE = 60 * 1000;
  const login = (body: Login, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/login', headers: EN, payload: body as object, remoteAddress });
  const fail = (email: string, remoteAddress: string, i = 0) => login({ email, password: `wrong-${i}-pass` }, remoteAddress);

  it('never locks the account itself: failures from one address leave the real user in from another', async () => {
    for (let i = 0; i < 150; i++) await fail(ADMIN.email, '10.2.0.1', i);
    const elsewhere = await login(ADMIN, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().access_token).toEqual(expect.any(String));
    const blocked = await login(ADMIN, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  }, 120_000); // hundreds of Argon2 checks: time enough on a busy machine

  it('allows 10 wrong passwords per email and address in 15 minutes: the 11th try is refused even when right', async () => {
    for (let i = 0; i < 10; i++) expect((await fail(CASHIER.email, '10.3.0.1', i)).statusCode, `attempt ${i + 1}`).toBe(401);
    const blocked = await login(CASHIER, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account from the same address is not blocked.
    expect((await login(OWNER, '10.3.0.1')).statusCode).toBe(200);
  });

  it('lets the right password in again from that address once the 15 minutes have passed', async () => {
    const shop = await createShop(t.deps);
    for (let i = 0; i < 10; i++) await fail(shop.login.email, '10.3.1.1', i);
    t.clock.advance(10 * MINUTE);
    expect((await login(shop.login, '10.3.1.1')).statusCode).toBe(429);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await login(shop.login, '10.3.1.1')).statusCode).toBe(200);
  });

  it('counts failures on one account whatever the case of the email', async () => {
    const shop = await createShop(t.deps);
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? shop.login.email.toUpperCase() : shop.login.email;
      expect((await fail(email, '10.3.2.1', i)).statusCode).toBe(401);
    }
    expect((await login(shop.login, '10.3.2.1')).statusCode).toBe(429);
  });

  it('lets no more than 10 wrong passwords through from one address, even all at once', async () => {
    const shop = await createShop(t.deps);
    const attempts = Array.from({ length: 30 }, (_, i) => fail(shop.login.email, '10.6.0.1', i));
    const codes = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    expect((await login(shop.login, '10.6.0.2')).statusCode).toBe(200);
  });

  it('forgets the failures of that email and address at a successful sign-in', async () => {
    const shop = await createShop(t.deps);
    for (let i = 0; i < 9; i++) await fail(shop.login.email, '10.6.1.1', i);
    expect((await login(shop.login, '10.6.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await fail(shop.login.email, '10.6.1.1', i)).statusCode).toBe(401);
  });

  it('does not count successful sign-ins against the address', async () => {
    const shop = await createShop(t.deps);
    await Promise.all(Array.from({ length: 190 }, (_, i) => login({ email: `typo${i}@example.com`, password: 'wrong-pass' }, '10.7.0.1')));
    for (let i = 0; i < 11; i++) expect((await login(shop.login, '10.7.0.1')).statusCode, `sign-in ${i + 1}`).toBe(200);
    expect((await login(OWNER, '10.7.0.1')).statusCode).toBe(200);
  }, 120_000); // hundreds of Argon2 checks: time enough on a busy machine

  it('blocks an address after 200 failures across accounts, for the hour', async () => {
    for (let i = 0; i < 200; i++) {
      expect((await login({ email: `guess${i}@example.com`, password: 'wrong-pass' }, '10.4.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(ADMIN, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Please try again in 60 minutes.');
    expect((await login(ADMIN, '10.4.0.2')).statusCode).toBe(200);
  }, 120_000); // hundreds of Argon2 checks: time enough on a busy machine

  it('sweeps the counters whose window is over, and keeps the others', async () => {
    const rows = () => t.deps.db.selectFrom('auth_throttle').select(['key', 'window_start']).execute();
    await fail(OWNER.email, '10.8.0.1');
    const early = t.clock.now().toISOString();
    expect((await rows()).filter((r) => r.window_start === early).length).toBeGreaterThan(0);
    t.clock.advance(HOUR + 10 * MINUTE);
    await fail(OWNER.email, '10.8.0.2');
    const now = t.clock.now().toISOString();
    const left = await rows();
    // Everything counted more than an hour ago is gone (this test's first failure and the earlier tests' rows).
    expect(left.filter((r) => r.window_start < new Date(t.clock.now().getTime() - HOUR).toISOString())).toEqual([]);
    expect(left.filter((r) => r.window_start === now).length).toBeGreaterThan(0);
  });
});
