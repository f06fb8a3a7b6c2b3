import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from './factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from './harness';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const MISSING_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

type Row = { id: string; name: string; status: boolean };

/** A refused form: 400, the general message, and one message per field at fault (exactly these). */
export function expectFieldErrors(res: LightMyRequestResponse, errors: Record<string, string>): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: 'Please check the highlighted fields', errors });
}

export interface SettingRoutesCase {
  what: string;
  base: string;
  /** A demo shop row that exists in the seed, for the duplicate-name check. */
  seeded: string;
  /** A valid new row, and a valid change of it. */
  create: Record<string, unknown>;
  update: Record<string, unknown>;
  /** What the created row answers (besides id, status and stamps). */
  expected: Record<string, unknown>;
  /** A body with bad fields and the English message each field gets. */
  bad: { body: Record<string, unknown>; errors: Record<string, string> };
  nameTaken: string;
  /** The CSV export's header line. */
  csvHeader: string;
}

/** The HTTP client the route tests share: the demo owner and cashier, and the owner of another shop. */
export interface SettingClient {
  t: TestContext;
  owner: string;
  cashier: string;
  other: string;
  call: (method: Method, url: string, token: string | null, payload?: unknown) => Promise<LightMyRequestResponse>;
  snapshot: (base: string) => Promise<Row[]>;
}

export function useSettingClient(): SettingClient {
  const c = {} as SettingClient;
  beforeAll(async () => {
    c.t = await createTestApp();
    c.owner = await loginAs(c.t.app, OWNER);
    c.cashier = await loginAs(c.t.app, CASHIER);
    c.other = await loginAs(c.t.app, (await createShop(c.t.deps, { shopName: 'Rival Tea House' })).login);
  });
  afterAll(() => c.t.close());
  c.call = (method, url, token, payload) =>
    c.t.app.inject({
      method,
      url,
      headers: { ...(token === null ? {} : bearer(token)), 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  c.snapshot = async (base) => (await c.call('GET', `${base}?per_page=all&sort=name`, c.owner)).json().data as Row[];
  return c;
}

/** The checks every setting list answers alike: who may call, bad input, another shop's rows, duplicates, the round trip. */
export function describeSettingRoutes(k: SettingRoutesCase, c: SettingClient): void {
  describe(`${k.what} routes: the common rules`, () => {
    it('answers 401 without a token', async () => {
      for (const [method, url] of [
        ['GET', k.base],
        ['POST', k.base],
        ['GET', `${k.base}/export`],
        ['DELETE', `${k.base}/${MISSING_ID}`],
      ] as const) {
        const res = await c.call(method, url, null, method === 'POST' ? k.create : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue' });
      }
    });

    it('answers 403 to the demo cashier and changes nothing', async () => {
      const before = await c.snapshot(k.base);
      const id = before[0]!.id;
      const attempts: Array<[Method, string, unknown?]> = [
        ['GET', k.base],
        ['GET', `${k.base}/${id}`],
        ['GET', `${k.base}/export?format=csv`],
        ['POST', k.base, k.create],
        ['PUT', `${k.base}/${id}`, k.update],
        ['PATCH', `${k.base}/${id}/status`, { status: false }],
        ['DELETE', `${k.base}/${id}`],
      ];
      for (const [method, url, body] of attempts) {
        const res = await c.call(method, url, c.cashier, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
      }
      expect(await c.snapshot(k.base)).toEqual(before);
    });

    it('answers 400 with a message per field in English, and changes nothing', async () => {
      const before = await c.snapshot(k.base);
      expectFieldErrors(await c.call('POST', k.base, c.owner, k.bad.body), k.bad.errors);
      expect((await c.call('POST', k.base, c.owner, {})).json().errors).toMatchObject({ name: 'Please enter data' });
      expect(await c.snapshot(k.base)).toEqual(before);
    });

    it("answers 404 for another shop's row on get, update, status and delete, and never lists it", async () => {
      const foreign = (await c.call('POST', k.base, c.other, k.create)).json().data as Row;
      for (const [method, url, body] of [
        ['GET', `${k.base}/${foreign.id}`],
        ['PUT', `${k.base}/${foreign.id}`, k.update],
        ['PATCH', `${k.base}/${foreign.id}/status`, { status: false }],
        ['DELETE', `${k.base}/${foreign.id}`],
      ] as Array<[Method, string, unknown?]>) {
        const res = await c.call(method, url, c.owner, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'We could not find what you asked for' });
      }
      expect((await c.call('GET', `${k.base}/${foreign.id}`, c.other)).json()).toEqual(foreign);
      expect((await c.snapshot(k.base)).map((r) => r.id)).not.toContain(foreign.id);
      expect((await c.call('DELETE', `${k.base}/${foreign.id}`, c.other)).statusCode).toBe(200);
    });

    it('answers 409 for a duplicate name, whatever its case, and changes nothing', async () => {
      const before = await c.snapshot(k.base);
      const res = await c.call('POST', k.base, c.owner, { ...k.create, name: k.seeded.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: k.nameTaken, errors: { name: k.nameTaken } });
      const other = before.find((r) => r.name !== k.seeded)!;
      expect((await c.call('PUT', `${k.base}/${other.id}`, c.owner, { ...k.update, name: k.seeded.toLowerCase() })).statusCode).toBe(409);
      expect(await c.snapshot(k.base)).toEqual(before);
    });

    it('creates, reads, lists, exports, updates, toggles and deletes a row', async () => {
      const created = await c.call('POST', k.base, c.owner, k.create);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().message).toBe('You have created successfully');
      const item = created.json().data as Row;
      expect(item).toMatchObject({ ...k.expected, status: true });
      expect((await c.call('GET', `${k.base}/${item.id}`, c.owner)).json()).toEqual(item);
      const found = (await c.call('GET', `${k.base}?search=${encodeURIComponent(item.name.slice(1, 5))}`, c.owner)).json();
      expect(found.data.map((r: Row) => r.id)).toContain(item.id);

      const csv = (await c.call('GET', `${k.base}/export?format=csv`, c.owner)).body.replace(/^\uFEFF/, '');
      expect(csv.split('\r\n')[0]).toBe(k.csvHeader);
      expect(csv).toContain(item.name);

      const updated = await c.call('PUT', `${k.base}/${item.id}`, c.owner, k.update);
      expect(updated.json()).toMatchObject({ message: 'You have updated successfully', data: { id: item.id, name: k.update.name } });
      const off = await c.call('PATCH', `${k.base}/${item.id}/status`, c.owner, { status: false });
      expect(off.json()).toMatchObject({ message: 'The status has been updated', data: { status: false } });
      const inactive = (await c.call('GET', `${k.base}?status=inactive&per_page=all`, c.owner)).json().data as Row[];
      expect(inactive.map((r) => r.id)).toEqual([item.id]);

      expect((await c.call('DELETE', `${k.base}/${item.id}`, c.owner)).json()).toEqual({ message: 'You have successfully deleted' });
      expect((await c.call('GET', `${k.base}/${item.id}`, c.owner)).statusCode).toBe(404);
    });
  });
}
