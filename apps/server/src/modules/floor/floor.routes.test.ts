/**
 * The floor's set-up (issue #24): areas, tables, their places on the plan and kitchen stations. Each refused request
 * (403, 404, 409, 422) is shown to change nothing: the four set-up tables and the audit log read the same after it.
 */
import type { Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FloorArea, FloorTable, KitchenStation } from '@posauto/shared/schemas/restaurant';
import { bearer, createTestApp, loginAs, type TestContext } from '../../../test/harness';
import { addRole, addShopUser, createShop } from '../../../test/factories';
import { newId } from '../../lib/ids';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const MISSING = '01890a5d-ac96-774b-bcce-b302099a8057';
const FORBIDDEN = { message: 'You do not have permission to do this' };
const NOT_FOUND = { message: 'We could not find what you asked for' };
const NAME_TAKEN = 'This name is already used in this branch';
const SET_UP_TABLES = ['floor_areas', 'floor_tables', 'kitchen_stations', 'kitchen_station_categories', 'audit_log'] as const;

let t: TestContext;
let shopId: string;
let main: string;
let second: string;
let owner: string;
/** The shop's Owner role, tied to the second branch. */
let secondBoss: string;
/** table-service only: reads the floor, changes nothing. */
let waiter: string;
/** kitchen-display only: reads the stations. */
let cook: string;
/** sale-pos only. */
let cashier: string;
let rival: string;
let rivalBranch: string;

const call = (token: string | null, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url,
    headers: { ...(token === null ? {} : bearer(token)), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const created = <T>(res: LightMyRequestResponse): T => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
};
const area = async (token: string, branch: string, name: string) =>
  created<FloorArea>(await call(token, 'POST', '/api/v1/floor/areas', { branch_id: branch, name }));
const table = async (token: string, areaId: string, name: string, extra: object = {}) =>
  created<FloorTable>(await call(token, 'POST', '/api/v1/floor/tables', { area_id: areaId, name, seats: 4, ...extra }));
const station = async (token: string, body: object) => created<KitchenStation>(await call(token, 'POST', '/api/v1/kitchen/stations', body));
const stations = async (token: string, branch: string) =>
  (await call(token, 'GET', `/api/v1/kitchen/stations?branch_id=${branch}`)).json().data as KitchenStation[];

/** Every row of the set-up tables and the audit log: what "nothing changed" compares. */
async function snapshot(): Promise<Record<string, string[]>> {
  const db = t.deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const out: Record<string, string[]> = {};
  for (const name of SET_UP_TABLES) out[name] = (await db.selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  return out;
}
async function unchanged(attempt: () => Promise<void>): Promise<void> {
  const before = await snapshot();
  await attempt();
  expect(await snapshot()).toEqual(before);
}
async function category(name: string): Promise<string> {
  const res = await call(owner, 'POST', '/api/v1/categories', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
/** An order on the table, as the orders module writes one: not cleared until the table is freed. */
async function openOrder(tableId: string, branchId: string, cleared: string | null = null): Promise<void> {
  const at = t.clock.now().toISOString();
  await t.deps.db
    .insertInto('table_orders')
    .values({
      business_id: shopId,
      id: newId(),
      order_number: `T-${newId().slice(-8)}`,
      branch_id: branchId,
      table_id: tableId,
      status: cleared ? 'paid' : 'open',
      guests: 2,
      waiter_id: null,
      note: '',
      line_seq: 0,
      opened_at: at,
      bill_printed_at: null,
      changed_at: at,
      paid_at: cleared,
      cleared_at: cleared,
      merged_into: null,
      created_by: null,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const shop = await createShop(t.deps, { shopName: 'Noodle House', branches: ['Main', 'Second'] });
  shopId = shop.businessId;
  [main, second] = shop.branchIds as [string, string];
  owner = await loginAs(t.app, shop.login);
  const user = async (roleId: string, branchId: string | null) =>
    loginAs(t.app, (await addShopUser(t.deps, { businessId: shopId, roleId, branchId })).login);
  secondBoss = await user(shop.roleIds.Owner!, second);
  waiter = await user(await addRole(t.deps, shopId, 'Waiter', ['table-service']), main);
  cook = await user(await addRole(t.deps, shopId, 'Cook', ['kitchen-display']), null);
  cashier = await user(await addRole(t.deps, shopId, 'Till only', ['sale-pos']), main);
  const other = await createShop(t.deps, { shopName: 'Rival Noodles' });
  rival = await loginAs(t.app, other.login);
  rivalBranch = other.branchIds[0]!;
});
afterAll(() => t.close());

describe('floor areas and tables', () => {
  it('creates, lists, updates and deletes areas and tables of a branch', async () => {
    const hall = await area(owner, main, 'Hall');
    expect(hall).toEqual({ id: expect.any(String), branch_id: main, name: 'Hall', sort_order: 0 });
    const garden = created<FloorArea>(await call(owner, 'POST', '/api/v1/floor/areas', { branch_id: main, name: 'Garden', sort_order: 5 }));
    const terrace = await area(owner, main, 'Terrace');
    // Without branch_id: the shop's first branch by name (Main).
    const listed = (await call(owner, 'GET', '/api/v1/floor/areas')).json().data as FloorArea[];
    expect(listed.map((a) => a.name)).toEqual(['Hall', 'Terrace', 'Garden']);
    expect((await call(owner, 'GET', `/api/v1/floor/areas?branch_id=${second}`)).json().data).toEqual([]);

    const renamed = await call(owner, 'PUT', `/api/v1/floor/areas/${garden.id}`, { name: 'Back garden', sort_order: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...garden, name: 'Back garden', sort_order: 1 });

    const t1 = await table(owner, hall.id, 'T1', { shape: 'round', x: 3, y: 4, seats: 2 });
    expect(t1).toEqual({ id: expect.any(String), branch_id: main, area_id: hall.id, name: 'T1', seats: 2, shape: 'round', x: 3, y: 4 });
    const t2 = await table(owner, hall.id, 'T2');
    expect(t2).toMatchObject({ shape: 'square', x: 0, y: 0 });
    const changed = await call(owner, 'PUT', `/api/v1/floor/tables/${t2.id}`, {
      area_id: garden.id,
      name: 'G1',
      seats: 6,
      shape: 'rectangle',
      x: 10,
      y: 2,
    });
    expect(changed.json()).toEqual({ ...t2, area_id: garden.id, name: 'G1', seats: 6, shape: 'rectangle', x: 10, y: 2 });
    expect((await call(waiter, 'GET', `/api/v1/floor/tables/${t2.id}`)).json()).toEqual(changed.json());
    expect((await call(waiter, 'GET', `/api/v1/floor/areas/${garden.id}`)).json()).toEqual(renamed.json());
    const tables = (await call(waiter, 'GET', '/api/v1/floor/tables')).json().data as FloorTable[];
    expect(tables.map((x) => x.name)).toEqual(['G1', 'T1']);

    const removed = await call(owner, 'DELETE', `/api/v1/floor/tables/${t2.id}`);
    expect(removed.json()).toEqual({ message: 'You have successfully deleted' });
    expect((await call(owner, 'DELETE', `/api/v1/floor/areas/${terrace.id}`)).statusCode).toBe(200);
    expect(((await call(owner, 'GET', '/api/v1/floor/areas')).json().data as FloorArea[]).map((a) => a.name)).toEqual([
      'Hall',
      'Back garden',
    ]);

    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['entity', 'action'])
      .where('business_id', '=', shopId)
      .where('entity', 'in', ['floor_area', 'floor_table'])
      .execute();
    expect(audit.length).toBe(9);
  });

  it('moves tables on the plan, several at once, within one branch', async () => {
    const hall = await area(owner, main, 'Upstairs');
    const [a, b] = [await table(owner, hall.id, 'U1'), await table(owner, hall.id, 'U2')];
    const res = await call(owner, 'PUT', '/api/v1/floor/positions', {
      tables: [
        { id: a.id, x: 5, y: 6 },
        { id: b.id, x: 39, y: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as FloorTable[];
    expect(data.find((x) => x.id === a.id)).toMatchObject({ x: 5, y: 6 });
    expect(data.find((x) => x.id === b.id)).toMatchObject({ x: 39, y: 0 });
    expect(data.every((x) => x.branch_id === main)).toBe(true);

    const far = await table(owner, (await area(owner, second, 'Patio')).id, 'P1');
    await unchanged(async () => {
      const mixed = await call(owner, 'PUT', '/api/v1/floor/positions', {
        tables: [
          { id: a.id, x: 1, y: 1 },
          { id: far.id, x: 1, y: 1 },
        ],
      });
      expect(mixed.statusCode).toBe(422);
      const outside = await call(owner, 'PUT', '/api/v1/floor/positions', { tables: [{ id: a.id, x: 40, y: 1 }] });
      expect(outside.statusCode).toBe(400);
      expect(outside.json().errors).toEqual({ 'tables.0.x': expect.any(String) });
      const missing = await call(owner, 'PUT', '/api/v1/floor/positions', {
        tables: [
          { id: a.id, x: 1, y: 1 },
          { id: MISSING, x: 1, y: 1 },
        ],
      });
      expect(missing.json()).toEqual(NOT_FOUND);
      // A branch user of the second branch cannot move the main branch's tables.
      expect((await call(secondBoss, 'PUT', '/api/v1/floor/positions', { tables: [{ id: a.id, x: 1, y: 1 }] })).statusCode).toBe(404);
    });
  });

  it('answers 409 for a name the branch already has (any case), and allows it in another branch', async () => {
    const hall = await area(owner, main, 'Lobby');
    await table(owner, hall.id, 'Window');
    await unchanged(async () => {
      const dupArea = await call(owner, 'POST', '/api/v1/floor/areas', { branch_id: main, name: 'LOBBY' });
      expect(dupArea.statusCode).toBe(409);
      expect(dupArea.json()).toEqual({ message: NAME_TAKEN, errors: { name: NAME_TAKEN } });
      expect((await call(owner, 'POST', '/api/v1/floor/tables', { area_id: hall.id, name: 'window', seats: 2 })).statusCode).toBe(409);
      const other = await call(owner, 'GET', '/api/v1/floor/areas');
      const hallId = (other.json().data as FloorArea[]).find((a) => a.name === 'Hall')!.id;
      expect((await call(owner, 'PUT', `/api/v1/floor/areas/${hallId}`, { name: 'lobby' })).statusCode).toBe(409);
    });
    await area(owner, second, 'Lobby');
  });

  it('refuses to delete an area with tables, or a table whose order is not cleared, and changes nothing', async () => {
    const room = await area(owner, main, 'Room');
    const busy = await table(owner, room.id, 'R1');
    await openOrder(busy.id, main);
    const elsewhere = await area(owner, second, 'Room B');
    await unchanged(async () => {
      const res = await call(owner, 'DELETE', `/api/v1/floor/areas/${room.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This area still has tables: move or delete them first' });
      const inUse = await call(owner, 'DELETE', `/api/v1/floor/tables/${busy.id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().message).toBe('This table has an order that is not cleared yet: finish it and clear the table first');
      // Nor moved to another branch while the order is there.
      const move = await call(owner, 'PUT', `/api/v1/floor/tables/${busy.id}`, { area_id: elsewhere.id, name: 'R1', seats: 4 });
      expect(move.statusCode).toBe(409);
    });
    // Within its branch it may move.
    const hall = ((await call(owner, 'GET', '/api/v1/floor/areas')).json().data as FloorArea[]).find((a) => a.name === 'Hall')!;
    expect((await call(owner, 'PUT', `/api/v1/floor/tables/${busy.id}`, { area_id: hall.id, name: 'R1', seats: 4 })).statusCode).toBe(200);

    // A cleared order frees it: the table moves to the other branch and can be deleted.
    const free = await table(owner, room.id, 'R2');
    await openOrder(free.id, main, t.clock.now().toISOString());
    const moved = await call(owner, 'PUT', `/api/v1/floor/tables/${free.id}`, { area_id: elsewhere.id, name: 'R2', seats: 4 });
    expect(moved.json()).toMatchObject({ branch_id: second, area_id: elsewhere.id });
    expect((await call(owner, 'DELETE', `/api/v1/floor/tables/${free.id}`)).statusCode).toBe(200);
  });

  it('answers 422 past the branch limit, and 400 for seats out of range', async () => {
    const big = await area(owner, second, 'Big hall');
    await unchanged(async () => {
      const res = await call(owner, 'POST', '/api/v1/floor/tables', { area_id: big.id, name: 'Huge', seats: 100 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields',
        errors: { seats: 'A table seats from 1 to 99 guests' },
      });
    });
    const at = t.clock.now().toISOString();
    const existing = Number(
      (
        await t.deps.db
          .selectFrom('floor_areas')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('branch_id', '=', second)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await t.deps.db
      .insertInto('floor_areas')
      .values(
        Array.from({ length: 30 - existing }, (_, i) => ({
          business_id: shopId,
          id: newId(),
          branch_id: second,
          name: `Filler ${i}`,
          sort_order: 0,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await unchanged(async () => {
      const res = await call(owner, 'POST', '/api/v1/floor/areas', { branch_id: second, name: 'One too many' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('This branch has reached its limit (30 areas, 300 tables, 20 kitchen stations)');
    });
    await t.deps.db.deleteFrom('floor_areas').where('name', 'like', 'Filler %').execute();
  });
});

describe('kitchen stations', () => {
  it('creates stations; a category named again moves to the new station; one default per branch', async () => {
    const [drinks, noodles, desserts] = [await category('Drinks'), await category('Noodles'), await category('Desserts')];
    const bar = await station(owner, { branch_id: main, name: 'Bar', category_ids: [drinks, desserts], is_default: true });
    expect(bar).toEqual({
      id: expect.any(String),
      branch_id: main,
      name: 'Bar',
      category_ids: [drinks, desserts].sort(),
      is_default: true,
      print_tickets: false,
    });
    const wok = await station(owner, {
      branch_id: main,
      name: 'Wok',
      category_ids: [noodles, desserts],
      is_default: true,
      print_tickets: true,
    });
    expect(wok).toMatchObject({ is_default: true, print_tickets: true, category_ids: [noodles, desserts].sort() });
    expect((await call(cook, 'GET', `/api/v1/kitchen/stations/${wok.id}`)).json()).toEqual(wok);
    const now = await stations(cook, main);
    expect(now.find((s) => s.id === bar.id)).toMatchObject({ is_default: false, category_ids: [drinks] });

    // The same category at another branch is that branch's own business.
    const far = await station(owner, { branch_id: second, name: 'Bar', category_ids: [drinks], is_default: true });
    expect(far.category_ids).toEqual([drinks]);

    const updated = await call(owner, 'PUT', `/api/v1/kitchen/stations/${bar.id}`, {
      name: 'Drinks bar',
      category_ids: [drinks, noodles],
      is_default: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Drinks bar', is_default: true, category_ids: [drinks, noodles].sort() });
    const after = await stations(waiter, main);
    expect(after.find((s) => s.id === wok.id)).toMatchObject({ is_default: false, category_ids: [desserts] });
    expect((await stations(owner, second))[0]).toMatchObject({ id: far.id, is_default: true, category_ids: [drinks] });

    // Deleting a station takes its category links with it.
    expect((await call(owner, 'DELETE', `/api/v1/kitchen/stations/${wok.id}`)).json()).toEqual({
      message: 'You have successfully deleted',
    });
    const links = await t.deps.db.selectFrom('kitchen_station_categories').select('station_id').where('business_id', '=', shopId).execute();
    expect(links.map((l) => l.station_id)).not.toContain(wok.id);
    expect((await stations(owner, main)).map((s) => s.name)).toEqual(['Drinks bar']);
  });

  it("answers 422 for another shop's category and 409 for a taken name, changing nothing", async () => {
    const foreignCategory = await t.app
      .inject({ method: 'POST', url: '/api/v1/categories', headers: bearer(rival), payload: { name: 'Rival soups' } })
      .then((r) => r.json().data.id as string);
    const [existing] = await stations(owner, main);
    await unchanged(async () => {
      const res = await call(owner, 'POST', '/api/v1/kitchen/stations', { branch_id: main, name: 'Soup', category_ids: [foreignCategory] });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ category_ids: expect.any(String) });
      const upd = await call(owner, 'PUT', `/api/v1/kitchen/stations/${existing!.id}`, {
        name: existing!.name,
        category_ids: [foreignCategory],
        is_default: false,
      });
      expect(upd.statusCode).toBe(422);
      const dup = await call(owner, 'POST', '/api/v1/kitchen/stations', { branch_id: main, name: existing!.name.toUpperCase() });
      expect(dup.json()).toEqual({ message: NAME_TAKEN, errors: { name: NAME_TAKEN } });
    });
  });
});

describe('who may see and change the set-up', () => {
  it("answers 404 for another shop's rows and branches, and never lists them", async () => {
    const theirArea = await area(rival, rivalBranch, 'Rival hall');
    const theirTable = await table(rival, theirArea.id, 'RT1');
    const theirStation = await station(rival, { branch_id: rivalBranch, name: 'Rival grill' });
    await unchanged(async () => {
      for (const [method, url, body] of [
        ['PUT', `/api/v1/floor/areas/${theirArea.id}`, { name: 'Mine now' }],
        ['DELETE', `/api/v1/floor/areas/${theirArea.id}`],
        ['POST', '/api/v1/floor/areas', { branch_id: rivalBranch, name: 'Intruder' }],
        ['POST', '/api/v1/floor/tables', { area_id: theirArea.id, name: 'Intruder', seats: 2 }],
        ['PUT', `/api/v1/floor/tables/${theirTable.id}`, { area_id: theirArea.id, name: 'Mine', seats: 2 }],
        // Not found before the body is even read.
        ['PUT', `/api/v1/floor/tables/${theirTable.id}`, { area_id: 'not an id' }],
        ['PUT', `/api/v1/floor/areas/${theirArea.id}`, {}],
        ['PUT', `/api/v1/kitchen/stations/${theirStation.id}`, { name: '' }],
        ['GET', `/api/v1/floor/areas/${theirArea.id}`],
        ['GET', `/api/v1/floor/tables/${theirTable.id}`],
        ['GET', `/api/v1/kitchen/stations/${theirStation.id}`],
        ['DELETE', `/api/v1/floor/tables/${theirTable.id}`],
        ['PUT', '/api/v1/floor/positions', { tables: [{ id: theirTable.id, x: 1, y: 1 }] }],
        ['PUT', `/api/v1/kitchen/stations/${theirStation.id}`, { name: 'Mine' }],
        ['DELETE', `/api/v1/kitchen/stations/${theirStation.id}`],
        ['POST', '/api/v1/kitchen/stations', { branch_id: rivalBranch, name: 'Intruder' }],
        ['GET', `/api/v1/floor/areas?branch_id=${rivalBranch}`],
        ['GET', `/api/v1/floor/tables?branch_id=${rivalBranch}`],
        ['GET', `/api/v1/kitchen/stations?branch_id=${rivalBranch}`],
      ] as Array<[Method, string, unknown?]>) {
        const res = await call(owner, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });
  });

  it('limits a branch user to its own branch, whatever it names', async () => {
    const own = await area(secondBoss, second, 'Second floor');
    expect(own.branch_id).toBe(second);
    const listed = (await call(secondBoss, 'GET', `/api/v1/floor/areas?branch_id=${main}`)).json().data as FloorArea[];
    expect(listed.every((a) => a.branch_id === second)).toBe(true);
    expect(listed.map((a) => a.id)).toContain(own.id);
    expect(
      ((await call(secondBoss, 'GET', `/api/v1/floor/tables?branch_id=${main}`)).json().data as FloorTable[]).every(
        (x) => x.branch_id === second,
      ),
    ).toBe(true);
    expect((await stations(secondBoss, main)).every((s) => s.branch_id === second)).toBe(true);

    const mainAreas = (await call(owner, 'GET', `/api/v1/floor/areas?branch_id=${main}`)).json().data as FloorArea[];
    const mainTables = (await call(owner, 'GET', `/api/v1/floor/tables?branch_id=${main}`)).json().data as FloorTable[];
    const [mainStation] = await stations(owner, main);
    await unchanged(async () => {
      for (const [method, url, body] of [
        ['POST', '/api/v1/floor/areas', { branch_id: main, name: 'Sneaky' }],
        ['GET', `/api/v1/floor/areas/${mainAreas[0]!.id}`],
        ['GET', `/api/v1/floor/tables/${mainTables[0]!.id}`],
        ['GET', `/api/v1/kitchen/stations/${mainStation!.id}`],
        ['PUT', `/api/v1/floor/areas/${mainAreas[0]!.id}`, { name: 'Sneaky' }],
        ['DELETE', `/api/v1/floor/areas/${mainAreas[0]!.id}`],
        ['POST', '/api/v1/floor/tables', { area_id: mainAreas[0]!.id, name: 'Sneaky', seats: 2 }],
        ['PUT', `/api/v1/floor/tables/${mainTables[0]!.id}`, { area_id: own.id, name: 'Taken over', seats: 2 }],
        ['DELETE', `/api/v1/floor/tables/${mainTables[0]!.id}`],
        ['POST', '/api/v1/kitchen/stations', { branch_id: main, name: 'Sneaky' }],
        ['PUT', `/api/v1/kitchen/stations/${mainStation!.id}`, { name: 'Sneaky' }],
        ['DELETE', `/api/v1/kitchen/stations/${mainStation!.id}`],
      ] as Array<[Method, string, unknown?]>) {
        const res = await call(secondBoss, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // Its own table may not be moved into the main branch's area either.
      const mine = await call(owner, 'GET', `/api/v1/floor/tables?branch_id=${second}`);
      const ownTable = (mine.json().data as FloorTable[])[0]!;
      expect(
        (await call(secondBoss, 'PUT', `/api/v1/floor/tables/${ownTable.id}`, { ...ownTable, area_id: mainAreas[0]!.id })).statusCode,
      ).toBe(404);
    });
  });

  it('answers 401 without a session, and 403 without table-management, changing nothing', async () => {
    const [hall] = (await call(owner, 'GET', `/api/v1/floor/areas?branch_id=${main}`)).json().data as FloorArea[];
    const [t1] = (await call(owner, 'GET', `/api/v1/floor/tables?branch_id=${main}`)).json().data as FloorTable[];
    const [st] = await stations(owner, main);
    const writes: Array<[Method, string, unknown?]> = [
      ['POST', '/api/v1/floor/areas', { branch_id: main, name: 'Nope' }],
      ['PUT', `/api/v1/floor/areas/${hall!.id}`, { name: 'Nope' }],
      ['DELETE', `/api/v1/floor/areas/${hall!.id}`],
      ['POST', '/api/v1/floor/tables', { area_id: hall!.id, name: 'Nope', seats: 2 }],
      ['PUT', `/api/v1/floor/tables/${t1!.id}`, { area_id: hall!.id, name: 'Nope', seats: 2 }],
      ['DELETE', `/api/v1/floor/tables/${t1!.id}`],
      ['PUT', '/api/v1/floor/positions', { tables: [{ id: t1!.id, x: 9, y: 9 }] }],
      ['POST', '/api/v1/kitchen/stations', { branch_id: main, name: 'Nope' }],
      ['PUT', `/api/v1/kitchen/stations/${st!.id}`, { name: 'Nope' }],
      ['DELETE', `/api/v1/kitchen/stations/${st!.id}`],
    ];
    const reads: Array<[Method, string]> = [
      ['GET', '/api/v1/floor/areas'],
      ['GET', '/api/v1/floor/tables'],
      ['GET', '/api/v1/kitchen/stations'],
    ];
    await unchanged(async () => {
      for (const [method, url, body] of [...writes, ...reads]) {
        expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
        const res = await call(cashier, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
      for (const token of [waiter, cook]) {
        for (const [method, url, body] of writes) expect((await call(token, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
      // The cook reads the stations only; the waiter reads the floor and the stations.
      expect((await call(cook, 'GET', '/api/v1/floor/areas')).statusCode).toBe(403);
      expect((await call(waiter, 'GET', '/api/v1/floor/areas')).statusCode).toBe(200);
      expect((await call(waiter, 'GET', '/api/v1/kitchen/stations')).statusCode).toBe(200);
    });
  });
});
