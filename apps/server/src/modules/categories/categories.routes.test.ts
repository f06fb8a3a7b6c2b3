import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@posauto/shared/schemas/categories';
import { createShop, type TestShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const BASE = '/api/v1/categories';
const MISSING_ID = '01890a5d-ac96-774b-bcce-b302099a8057';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const km = JSON.parse(readFileSync(new URL('../../../../../packages/shared/src/locales/km.json', import.meta.url), 'utf8')) as {
  errors: Record<string, string>;
  validation: Record<string, string>;
};

describe('category routes', () => {
  let t: TestContext;
  let owner: string;
  let cashier: string;
  let other: string;
  let otherShop: TestShop;
  let foreign: Category;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
    otherShop = await createShop(t.deps, { shopName: 'Rival Tea House' });
    other = await loginAs(t.app, otherShop.login);
    foreign = (await call('POST', BASE, other, { name: 'Rival secret blend' })).json().data;
  });
  afterAll(() => t.close());

  function call(method: Method, url: string, token: string | null, payload?: unknown, lang: string | null = 'en') {
    const headers: Record<string, string> = token === null ? {} : bearer(token);
    if (lang) headers['accept-language'] = lang;
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  /** Every category of the demo shop, as its owner sees them: the "nothing changed" witness. */
  const snapshot = async () => (await call('GET', `${BASE}?per_page=all&sort=name`, owner)).json().data as Category[];
  const idOf = async (name: string) => (await snapshot()).find((c) => c.name === name)!.id;

  describe('who may call', () => {
    it('answers 401 without a token', async () => {
      for (const [method, url] of [
        ['GET', BASE],
        ['POST', BASE],
        ['GET', `${BASE}/export`],
        ['DELETE', `${BASE}/${MISSING_ID}`],
      ] as const) {
        const res = await call(method, url, null, method === 'POST' ? { name: 'Sneaky' } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue' });
      }
    });

    it('answers 401 for a garbage token', async () => {
      for (const token of ['garbage', 'a'.repeat(43), `${owner}x`, 'x'.repeat(500)]) {
        expect((await call('GET', BASE, token)).statusCode).toBe(401);
      }
    });

    it('answers 403 to the demo cashier, who lacks category-management, and changes nothing', async () => {
      const before = await snapshot();
      const coffee = before.find((c) => c.name === 'Coffee')!;
      const attempts: Array<[Method, string, unknown?]> = [
        ['GET', BASE],
        ['GET', `${BASE}/${coffee.id}`],
        ['GET', `${BASE}/export?format=csv`],
        ['POST', BASE, { name: 'Cashier made' }],
        ['PUT', `${BASE}/${coffee.id}`, { name: 'Cashier renamed' }],
        ['PATCH', `${BASE}/${coffee.id}/status`, { status: false }],
        ['DELETE', `${BASE}/${coffee.id}`],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(method, url, cashier, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('invalid input', () => {
    it('answers 400 with a message per field in English', async () => {
      const before = await snapshot();
      const res = await call('POST', BASE, owner, { name: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please check the highlighted fields', errors: { name: 'Please enter data' } });
      const missing = await call('POST', BASE, owner, {});
      expect(missing.json().errors).toEqual({ name: 'Please enter data' });
      expect(await snapshot()).toEqual(before);
    });

    it('answers in Khmer, the default language, when no accept-language is sent', async () => {
      const res = await call('POST', BASE, owner, { name: '' }, null);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: km.errors.invalid_input, errors: { name: km.validation.name_required } });
    });

    it('names each bad field: too long a name, an unknown icon, a malformed parent id', async () => {
      const res = await call('POST', BASE, owner, { name: 'x'.repeat(101), icon: 'Not An Icon!', parent_id: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        name: 'This text is too long',
        icon: 'Choose an icon from the list',
        parent_id: 'Incorrect Data',
      });
    });

    it('answers 400 for a malformed id', async () => {
      for (const [method, url] of [
        ['GET', `${BASE}/not-a-uuid`],
        ['DELETE', `${BASE}/1`],
        ['PATCH', `${BASE}/'%20OR%201=1/status`],
      ] as const) {
        const res = await call(method, url, owner, method === 'PATCH' ? { status: true } : undefined);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors).toEqual({ id: 'Incorrect Data' });
      }
    });

    it('answers 400 for a page size, page, sort or status the list does not know', async () => {
      for (const q of ['per_page=7', 'page=0', 'page=abc', 'sort=password_hash', 'order=sideways', 'status=deleted', 'format=pdf']) {
        const url = q.startsWith('format') ? `${BASE}/export?${q}` : `${BASE}?${q}`;
        const res = await call('GET', url, owner);
        expect(res.statusCode, q).toBe(400);
        expect(Object.keys(res.json().errors)).toHaveLength(1);
      }
    });
  });

  describe("another shop's categories", () => {
    it("answers 404 for another shop's category on get, update, status and delete", async () => {
      const attempts: Array<[Method, string, unknown?]> = [
        ['GET', `${BASE}/${foreign.id}`],
        ['PUT', `${BASE}/${foreign.id}`, { name: 'Stolen' }],
        ['PATCH', `${BASE}/${foreign.id}/status`, { status: false }],
        ['DELETE', `${BASE}/${foreign.id}`],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(method, url, owner, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'We could not find what you asked for' });
      }
      expect((await call('GET', `${BASE}/${foreign.id}`, other)).json()).toEqual(foreign);
    });

    it('answers 404 for a well-formed id that does not exist', async () => {
      for (const method of ['GET', 'DELETE'] as const) expect((await call(method, `${BASE}/${MISSING_ID}`, owner)).statusCode).toBe(404);
      expect((await call('PUT', `${BASE}/${MISSING_ID}`, owner, { name: 'Ghost' })).statusCode).toBe(404);
    });

    it("refuses another shop's category as parent without saying it exists", async () => {
      const before = await snapshot();
      const res = await call('POST', BASE, owner, { name: 'Adopted', parent_id: foreign.id });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The parent category does not exist',
        errors: { parent_id: 'The parent category does not exist' },
      });
      expect(await snapshot()).toEqual(before);
    });

    it("never lists another shop's categories", async () => {
      expect((await snapshot()).map((c) => c.name)).not.toContain(foreign.name);
    });
  });

  it('answers 409 for a duplicate name, whatever its case, and changes nothing', async () => {
    const before = await snapshot();
    const res = await call('POST', BASE, owner, { name: 'hot COFFEE' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A category with this name already exists',
      errors: { name: 'A category with this name already exists' },
    });
    const rename = await call('PUT', `${BASE}/${await idOf('Tea')}`, owner, { name: 'bakery' });
    expect(rename.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('creates, reads, updates, toggles and deletes a category', async () => {
    const parentId = await idOf('Coffee');
    const created = await call('POST', BASE, owner, { name: '  Cold brew  ', parent_id: parentId, icon: 'glass' });
    expect(created.statusCode).toBe(201);
    const item = created.json().data as Category;
    expect(created.json().message).toBe('You have created successfully');
    expect(item).toMatchObject({ name: 'Cold brew', parent_id: parentId, parent_name: 'Coffee', icon: 'glass', status: true });
    expect(Object.keys(item).sort()).toEqual(['created_at', 'icon', 'id', 'name', 'parent_id', 'parent_name', 'status', 'updated_at']);

    expect((await call('GET', `${BASE}/${item.id}`, owner)).json()).toEqual(item);

    const updated = await call('PUT', `${BASE}/${item.id}`, owner, { name: 'Cold brew tonic', parent_id: null, icon: null });
    expect(updated.json()).toMatchObject({
      message: 'You have updated successfully',
      data: { name: 'Cold brew tonic', parent_id: null, parent_name: null, icon: null },
    });

    const off = await call('PATCH', `${BASE}/${item.id}/status`, owner, { status: false });
    expect(off.json()).toMatchObject({ message: 'The status has been updated', data: { status: false } });
    const inactive = (await call('GET', `${BASE}?status=inactive&per_page=all`, owner)).json().data as Category[];
    expect(inactive.map((c) => c.id)).toEqual([item.id]);

    const deleted = await call('DELETE', `${BASE}/${item.id}`, owner);
    expect(deleted.json()).toEqual({ message: 'You have successfully deleted' });
    expect((await call('GET', `${BASE}/${item.id}`, owner)).statusCode).toBe(404);
  });

  it('refuses to delete a category with sub-categories, with 409', async () => {
    const res = await call('DELETE', `${BASE}/${await idOf('Coffee')}`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This category has sub-categories. Delete or move them first.');
  });
});
