/**
 * Access control over every route the server registers, found by walking Fastify's route tree rather than
 * by listing routes by hand, so a new module's routes are covered the day they are added.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { declaredAccess, SHOP_LEVEL_PERMISSIONS, type Access } from '../src/http/access';
import { addBranchOwner, createShop } from './factories';
import { ADMIN, bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from './harness';

/** The only API routes anyone may call without signing in. Adding one here is a security decision. */
const PUBLIC = new Set([
  'GET /api/v1/health',
  'HEAD /api/v1/health',
  'POST /api/v1/login',
  // Sign-up and forgot password: before there is an account to sign in with.
  'POST /api/v1/register',
  'POST /api/v1/otp-verify',
  'POST /api/v1/otp-resend',
  'POST /api/v1/registration',
  'POST /api/v1/forgot-password',
  'POST /api/v1/reset-password',
  // The QR menu: a visitor at a table, with no account.
  'GET /api/v1/public/menu/:slug',
  'HEAD /api/v1/public/menu/:slug',
]);
const RANDOM_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

type InjectMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
interface Route {
  method: InjectMethod;
  url: string;
}

/** Reads `printRoutes({ commonPrefix: false })`: each tree line adds its segment to its parent's path. */
function listRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?) \(([^)]*)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    paths.length = depth;
    const path = (paths[depth - 1] ?? '') + m[2]!;
    paths[depth] = path;
    for (const method of m[3]!.split(',').map((s) => s.trim())) {
      if (method && method !== '-') routes.push({ method: method as InjectMethod, url: path });
    }
  }
  return routes;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  minLength?: number;
};

/** The smallest body the route's published schema accepts: required fields only. */
function minimalBody(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  const s = schema.anyOf?.find((x) => x.type !== 'null') ?? schema;
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object') return Object.fromEntries((s.required ?? []).map((k) => [k, minimalBody(s.properties?.[k])]));
  if (type === 'boolean') return false;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'array') return [];
  return 'Cross-tenant probe';
}

const key = (r: Route) => `${r.method} ${r.url}`;

describe('access to every API route', () => {
  let t: TestContext;
  let api: Route[];
  let owner: string;
  let intruder: string;
  let admin: string;
  /** A user of the demo shop holding the Owner role, but bound to a branch. */
  let branchUser: string;
  let openapi: { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };

  beforeAll(async () => {
    t = await createTestApp({ demoSales: true });
    api = listRoutes(t.app).filter((r) => r.url.startsWith('/api/v1/'));
    owner = await loginAs(t.app, OWNER);
    const shop = await createShop(t.deps, { shopName: 'Intruder Mart' });
    intruder = await loginAs(t.app, shop.login);
    admin = await loginAs(t.app, ADMIN);
    branchUser = await loginAs(t.app, (await addBranchOwner(t.deps, CASHIER.email)).login);
    openapi = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  /** The route with `id` for :id, and for its other parameters a row that is not there (a bill: the first). */
  const withId = (url: string, id: string) =>
    url
      .replace(/:id\b/g, id)
      .replace(/:bill\b/g, '1')
      .replace(/:[a-zA-Z]+\b/g, RANDOM_ID);
  /** Who reads a collection: the demo shop's owner, or the platform administrator for the platform's own screens. */
  const viewerOf = async (collection: string) =>
    (await t.app.inject({ url: collection, headers: bearer(owner) })).statusCode === 403 ? admin : owner;

  it('finds the routes it is about to check', () => {
    const found = api.map(key);
    expect(found).toEqual(
      expect.arrayContaining([...PUBLIC, 'GET /api/v1/me', 'GET /api/v1/categories/:id', 'PATCH /api/v1/categories/:id/status']),
    );
    expect(found.length).toBeGreaterThan(12);
  });

  it('keeps every public route reachable without a token', async () => {
    for (const r of api.filter((x) => PUBLIC.has(key(x)))) {
      const res = await t.app.inject({ method: r.method, url: r.url, ...(r.method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, key(r)).not.toBe(401);
    }
  });

  it('answers 401 on every other API route without a token, or with a garbage one', async () => {
    const guarded = api.filter((r) => !PUBLIC.has(key(r)));
    expect(guarded.length).toBeGreaterThan(8);
    for (const r of guarded) {
      for (const headers of [{}, bearer('not-a-real-token'), { authorization: 'Basic b3duZXI6b3duZXIxMjM0' }]) {
        const res = await t.app.inject({ method: r.method, url: withId(r.url, RANDOM_ID), headers, payload: {} });
        expect(res.statusCode, `${key(r)} with ${JSON.stringify(headers)}`).toBe(401);
        if (r.method !== 'HEAD') expect(res.json(), key(r)).toEqual({ message: expect.any(String) });
      }
    }
  });

  it("answers 404 or 403 on every :id route to another shop's owner, and leaves the row as it was", async () => {
    const idRoutes = api.filter((r) => r.url.includes('/:id') && r.method !== 'HEAD');
    expect(idRoutes.length).toBeGreaterThanOrEqual(4);
    for (const r of idRoutes) {
      const collection = r.url.slice(0, r.url.indexOf('/:id'));
      const viewer = await viewerOf(collection);
      const list = (await t.app.inject({ url: `${collection}?per_page=all`, headers: bearer(viewer) })).json() as {
        data: Array<{ id: string }>;
      };
      expect(list.data.length, `${collection} has rows in the demo shop`).toBeGreaterThan(0);
      // The last row by name: for categories a leaf, so a delete that crossed shops would succeed and show.
      const victim = list.data[list.data.length - 1]!.id;
      const one = `${collection}/${victim}`;
      const before = (await t.app.inject({ url: one, headers: bearer(viewer) })).json();

      const schema =
        openapi.paths[r.url.replace(/:id\b/g, '{id}')]?.[r.method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
      const body = minimalBody(schema);
      const res = await t.app.inject({
        method: r.method,
        url: withId(r.url, victim),
        headers: bearer(intruder),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect([403, 404], `${key(r)} answered ${res.statusCode} ${res.body}`).toContain(res.statusCode);

      const after = await t.app.inject({ url: one, headers: bearer(viewer) });
      expect(after.statusCode, key(r)).toBe(200);
      expect(after.json(), key(r)).toEqual(before);
    }
  });

  /** Every row of every table but the sessions: what "a refused request changed nothing" compares. */
  async function everyRow(): Promise<Record<string, string[]>> {
    const db = t.deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const tables = (await t.deps.db.introspection.getTables())
      .map((x) => x.name)
      .filter((n) => n !== 'sessions' && !n.startsWith('kysely_'));
    const out: Record<string, string[]> = {};
    for (const name of tables.sort()) out[name] = (await db.selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
    return out;
  }

  it('answers 403 to a branch user, whatever its role holds, on every shop-level route, and changes nothing', async () => {
    const declared = declaredAccess(t.app);
    const shopOnly = (a: Access | undefined) =>
      a !== undefined &&
      !('public' in a) &&
      (a.shopLevel === true ||
        ('permission' in a && SHOP_LEVEL_PERMISSIONS.has(a.permission)) ||
        ('anyOf' in a && a.anyOf.every((p) => SHOP_LEVEL_PERMISSIONS.has(p))) ||
        ('allOf' in a && a.allOf.some((p) => SHOP_LEVEL_PERMISSIONS.has(p))));
    const closed = api.filter((r) => r.method !== 'HEAD' && shopOnly(declared.get(key(r))));
    expect(closed.map(key)).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/general_setting',
        'PUT /api/v1/sale-settings',
        'POST /api/v1/payment-methods',
        'POST /api/v1/roles',
        'GET /api/v1/users',
        'POST /api/v1/warehouses',
        'DELETE /api/v1/warehouses/:id',
      ]),
    );
    const before = await everyRow();
    for (const r of closed) {
      // A real row of the shop where there is one, so that a request let through would show in the tables.
      let id = RANDOM_ID;
      if (r.url.includes('/:id')) {
        const list = await t.app.inject({ url: `${r.url.slice(0, r.url.indexOf('/:id'))}?per_page=all`, headers: bearer(owner) });
        const rows = list.statusCode === 200 ? (list.json().data as Array<{ id: string }>) : [];
        id = rows[rows.length - 1]?.id ?? RANDOM_ID;
      }
      const schema =
        openapi.paths[r.url.replace(/:id\b/g, '{id}')]?.[r.method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
      const body = minimalBody(schema);
      const res = await t.app.inject({
        method: r.method,
        url: withId(r.url, id),
        headers: bearer(branchUser),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(res.statusCode, `${key(r)} answered ${res.body}`).toBe(403);
      expect(res.json(), key(r)).toEqual({ message: expect.any(String) });
    }
    expect(await everyRow()).toEqual(before);
  });

  it("never shows one shop's rows in another shop's lists", async () => {
    const lists = api.filter((r) => r.method === 'GET' && api.some((x) => x.url === `${r.url}/:id`));
    expect(lists.length).toBeGreaterThan(0);
    for (const r of lists) {
      if ((await viewerOf(r.url)) === admin) {
        // The platform's list of every shop: no shop's user may read it at all.
        expect((await t.app.inject({ url: r.url, headers: bearer(intruder) })).statusCode, r.url).toBe(403);
        continue;
      }
      const mine = (await t.app.inject({ url: `${r.url}?per_page=all`, headers: bearer(owner) })).json().data as Array<{ id: string }>;
      const theirs = (await t.app.inject({ url: `${r.url}?per_page=all`, headers: bearer(intruder) })).json().data as Array<{ id: string }>;
      const ids = new Set(mine.map((x) => x.id));
      expect(
        theirs.filter((x) => ids.has(x.id)),
        r.url,
      ).toEqual([]);
    }
  });
});

describe('starting the server', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses to start when an API route declares no access', async () => {
    const app = await buildApp(t.deps);
    try {
      const start = async () => {
        await app.register(async (plugin) => {
          plugin.get('/api/v1/forgotten', async () => ({ secret: true }));
        });
        await app.ready();
      };
      await expect(start()).rejects.toThrow('Route GET /api/v1/forgotten declares no access (permission, signedIn or public)');
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('starts when the same route declares its access', async () => {
    const app = await buildApp(t.deps);
    try {
      await app.register(async (plugin) => {
        plugin.get('/api/v1/declared', { config: { access: { permission: 'category-management' } } }, async () => ({ ok: true }));
        plugin.get('/not-api/anything', async () => ({ ok: true }));
      });
      await app.ready();
      expect((await app.inject({ url: '/api/v1/declared' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
