import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from './harness';

const EN = { 'accept-language': 'en' };
/** What a leaked stack trace or internal error looks like in a response body. */
const STACK = /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|"stack"|Error: /;

describe('HTTP basics', () => {
  let t: TestContext;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
  });
  afterAll(() => t.close());

  /** Every request of this file goes through here, so every answer is checked for a leaked stack trace. */
  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await t.app.inject(options);
    expect(res.body, `stack trace in ${res.body.slice(0, 200)}`).not.toMatch(STACK);
    return res;
  }

  it('answers health with {status: "ok"}', async () => {
    const res = await send({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  describe('the API description', () => {
    it('serves a valid OpenAPI 3 document that lists the categories routes', async () => {
      const res = await send({ url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
      expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/categories', '/api/v1/categories/{id}', '/api/v1/login']));
      expect(Object.keys(doc.paths['/api/v1/categories'])).toEqual(expect.arrayContaining(['get', 'post']));
      for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses?: object }>>)) {
        for (const [method, op] of Object.entries(ops)) expect(op.responses, `${method} ${path}`).toBeTypeOf('object');
      }
      const byId = doc.paths['/api/v1/categories/{id}'].get;
      expect(byId.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    });

    it('serves a browsable documentation page', async () => {
      const res = await send({ url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/<html/i);
    });
  });

  describe('security headers and CORS', () => {
    it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
      const res = await send({ url: '/api/v1/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/(^|;)\s*default-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|;)\s*object-src 'none'(;|$)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Boolean(res.headers['x-frame-options']) || /frame-ancestors 'none'/.test(csp)).toBe(true);
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('sends them on refused and unknown requests as well', async () => {
      for (const url of ['/api/v1/stock', '/api/v1/no-such-route']) {
        const res = await send({ url });
        expect(res.statusCode).toBe(url === '/api/v1/stock' ? 401 : 404);
        expect(String(res.headers['content-security-policy'])).toMatch(/(^|;)\s*default-src 'self'(;|$)/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('allows no foreign origin unless configured', async () => {
      const origin = 'https://evil.example';
      const simple = await send({ url: '/api/v1/health', headers: { origin } });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await send({
        method: 'OPTIONS',
        url: '/api/v1/categories',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    });
  });

  describe('errors', () => {
    it('answers an unknown API path with a JSON 404', async () => {
      for (const url of ['/api/v1/nothing-here', '/api/unknown', '/api/v1/categories/extra/segments/here']) {
        const res = await send({ url, headers: EN });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ message: 'This address does not exist' });
      }
    });

    it('answers malformed JSON with 400 JSON, not 500', async () => {
      for (const payload of ['{"email":', '{email: "x"}', 'null', '[]', '"text"']) {
        const res = await send({ method: 'POST', url: '/api/v1/login', headers: { ...EN, 'content-type': 'application/json' }, payload });
        expect(res.statusCode, payload).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json().message).toEqual(expect.any(String));
      }
    });

    it('answers an empty or non-JSON body with 400 or 415, not 500', async () => {
      const empty = await send({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '' });
      expect(empty.statusCode).toBe(400);
      const text = await send({
        method: 'POST',
        url: '/api/v1/categories',
        headers: { ...bearer(owner), 'content-type': 'text/plain' },
        payload: 'name=x',
      });
      expect([400, 415]).toContain(text.statusCode);
      expect(text.json().message).toEqual(expect.any(String));
    });

    it('answers a body over 1 MB with 413 JSON', async () => {
      const huge = JSON.stringify({ email: 'owner@posauto.local', password: 'x'.repeat(1024 * 1024 + 10) });
      for (const [url, headers] of [
        ['/api/v1/login', {}],
        ['/api/v1/categories', bearer(owner)],
      ] as const) {
        const res = await send({ method: 'POST', url, headers: { ...headers, ...EN, 'content-type': 'application/json' }, payload: huge });
        expect(res.statusCode, url).toBe(413);
        expect(res.json()).toEqual({ message: 'The request is too large' });
      }
    });

    it('refuses text holding a NUL character with 400 on both databases', async () => {
      const search = await send({ url: '/api/v1/categories?search=a%00b', headers: { ...bearer(owner), ...EN } });
      expect(search.statusCode).toBe(400);
      expect(search.json().errors).toEqual({ search: 'Incorrect Data' });
      const name = await send({
        method: 'POST',
        url: '/api/v1/categories',
        headers: { ...bearer(owner), ...EN },
        payload: { name: 'a\u0000b' },
      });
      expect(name.statusCode).toBe(400);
      expect(name.json().errors).toEqual({ name: 'Incorrect Data' });
    });

    it('answers odd but possible client input without a 500', async () => {
      const cases: InjectOptions[] = [
        { url: '/api/v1/categories?page=99999999999999999999', headers: bearer(owner) },
        { url: '/api/v1/categories?search=%00%27%22%5C%25', headers: bearer(owner) },
        { url: `/api/v1/categories?search=${'x'.repeat(500)}`, headers: bearer(owner) },
        { url: '/api/v1/categories?per_page[]=10', headers: bearer(owner) },
        { url: '/api/v1/categories/%E0%A4%A', headers: bearer(owner) },
        { method: 'POST', url: '/api/v1/categories', headers: bearer(owner), payload: { name: { $ne: 1 } } },
        { method: 'POST', url: '/api/v1/categories', headers: bearer(owner), payload: { name: 'Nul\u0000byte' } },
        { method: 'POST', url: '/api/v1/login', payload: { email: 'owner@posauto.local', password: 'owner1234\u0000' } },
        { method: 'POST', url: '/api/v1/categories', headers: bearer(owner), payload: { name: 'Ok', parent_id: 42 } },
        { method: 'POST', url: '/api/v1/login', payload: { email: ['a@b.co'], password: 123456 } },
        { url: '/api/v1/me', headers: { authorization: `Bearer ${'é'.repeat(100)}` } },
        { url: '/api/v1/me', headers: { authorization: 'Bearer' } },
      ];
      for (const c of cases) {
        const res = await send(c);
        expect(res.statusCode, `${c.method ?? 'GET'} ${c.url} ${res.body}`).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
    });
  });

  describe('general settings', () => {
    it('gives the cashier their own branch, not the default one', async () => {
      const cashier = await t.deps.db
        .selectFrom('users')
        .select(['business_id', 'id'])
        .where('email', '=', CASHIER.email)
        .executeTakeFirstOrThrow();
      const { default_branch_id: defaultBranch } = await t.deps.db
        .selectFrom('general_settings')
        .select('default_branch_id')
        .where('business_id', '=', cashier.business_id)
        .executeTakeFirstOrThrow();
      const other = await t.deps.db
        .selectFrom('branches')
        .select('id')
        .where('business_id', '=', cashier.business_id)
        .where('id', '!=', defaultBranch!)
        .executeTakeFirstOrThrow();
      await t.deps.db.updateTable('users').set({ branch_id: other.id }).where('id', '=', cashier.id).execute();

      const res = await send({ url: '/api/v1/general_setting', headers: bearer(await loginAs(t.app, CASHIER)) });
      expect(res.statusCode).toBe(200);
      expect(res.json().setting).toMatchObject({ branch_id: other.id, shop_name: 'Demo Coffee', currency: 'USD', local_currency: 'KHR' });
    });

    it("gives the owner, who has no branch, the shop's default branch", async () => {
      const res = await send({ url: '/api/v1/general_setting', headers: bearer(owner) });
      const { default_branch_id: defaultBranch } = await t.deps.db
        .selectFrom('general_settings as g')
        .innerJoin('businesses as b', 'b.id', 'g.business_id')
        .select('g.default_branch_id')
        .where('b.shop_name', '=', 'Demo Coffee')
        .executeTakeFirstOrThrow();
      expect(defaultBranch).toEqual(expect.any(String));
      expect(res.json().setting.branch_id).toBe(defaultBranch);
    });

    it('answers 401 without a token', async () => {
      expect((await send({ url: '/api/v1/general_setting' })).statusCode).toBe(401);
    });
  });
});
