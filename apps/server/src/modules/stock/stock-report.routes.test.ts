import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVEMENT_TYPES, type MovementType } from '@posauto/shared/schemas/stock';
import type { StockExpiryResponse, StockReportResponse } from '@posauto/shared/schemas/stock-report';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { addShopUser, createShop } from '../../../test/factories';
import { newId } from '../../lib/ids';
import { addDays, DEFAULT_TIME_ZONE, isTimeZone, localDay } from '../../lib/time-zone';
import { postMovements, type LedgerLine } from './stock-ledger';

let t: TestContext;
let owner: string;
let biz: string;
let main: string;
let second: string;
let addition: string;
let branchUser: string;
let branchLogin: { email: string; password: string };
let stranger: string;
let other: Awaited<ReturnType<typeof createShop>>;
const en = { 'accept-language': 'en' };
const DAY = 86_400_000;
const kmStock = JSON.parse(readFileSync(new URL('../../../../../packages/shared/src/locales/stock/km.json', import.meta.url), 'utf8')) as {
  stock: { errors: { date_invalid: string } };
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, OWNER);
  const db = t.deps.db;
  biz = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  const branches = await db.selectFrom('branches').select('id').where('business_id', '=', biz).orderBy('created_at').execute();
  main = branches[0]!.id;
  second = branches[1]!.id;
  const types = await db.selectFrom('adjustment_types').select(['id', 'direction']).where('business_id', '=', biz).execute();
  addition = types.find((x) => x.direction === 'addition')!.id;
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('business_id', '=', biz)
    .where('permissions', 'like', '%stock-listing%')
    .executeTakeFirstOrThrow();
  branchLogin = (await addShopUser(t.deps, { businessId: biz, roleId: role.id, branchId: second })).login;
  branchUser = await loginAs(t.app, branchLogin);
  other = await createShop(t.deps);
  stranger = await loginAs(t.app, other.login);
});
afterAll(() => t.close());

/** A day later: sessions end after 12 hours idle, so everyone signs in again. */
async function nextDay() {
  t.clock.advance(DAY);
  owner = await loginAs(t.app, OWNER);
  branchUser = await loginAs(t.app, branchLogin);
  stranger = await loginAs(t.app, other.login);
}

async function addProduct(name: string) {
  const id = newId();
  const at = t.clock.now().toISOString();
  await t.deps.db
    .insertInto('products')
    .values({
      business_id: biz,
      id,
      type: 'single',
      product_name: name,
      sku_code: `SKU-${id.slice(-12)}`,
      currency: 'USD',
      purchase_cost: 100,
      sale_cost: 150,
      discount_cost: 0,
      is_stock_manage: 1,
      has_expiry: 1,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  return id;
}

const q = (n: number) => n * 1000;
async function post(type: MovementType, lines: Omit<LedgerLine, 'variantId'>[]) {
  await t.deps.db.transaction().execute((trx) =>
    postMovements(
      trx,
      t.deps.kind,
      t.clock.now(),
      { businessId: biz, userId: null },
      {
        type,
        docType: 'test',
        docId: newId(),
        lines: lines.map((l) => ({ variantId: null, ...l })),
      },
    ),
  );
}

const get = <T>(url: string, token = owner) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...en } }).then((r) => ({ status: r.statusCode, body: r.json() as T }));

describe('GET /api/v1/stock-expiry', () => {
  let yogurt: string;
  beforeAll(async () => {
    // The shop's today is 2026-11-21 (Asia/Phnom_Penh).
    yogurt = await addProduct('Expiry Yogurt');
    await post('purchase_in', [
      { branchId: main, productId: yogurt, quantity: q(2), cost: 200, expiryDate: '2026-11-19' },
      { branchId: main, productId: yogurt, quantity: q(3), cost: 300, expiryDate: '2026-11-24' },
      { branchId: main, productId: yogurt, quantity: q(4), cost: 400, expiryDate: '2026-12-11' },
      { branchId: main, productId: yogurt, quantity: q(5), cost: 500, expiryDate: '2027-02-01' },
      { branchId: second, productId: yogurt, quantity: q(1.5), cost: 150, expiryDate: '2026-11-26' },
    ]);
    // Stock without a date is never listed; an emptied batch neither.
    await post('adjustment_in', [{ branchId: main, productId: yogurt, quantity: q(1) }]);
  });

  it('lists expired and expiring batches with days left, earliest first', async () => {
    const res = await get<StockExpiryResponse>(`/api/v1/stock-expiry?product_id=${yogurt}`);
    expect(res.status).toBe(200);
    expect(res.body.today).toBe('2026-11-21');
    expect(res.body.data.map((r) => [r.expiry_date, r.quantity_left, r.days_left, r.expired, r.branch_id === main])).toEqual([
      ['2026-11-19', '2', -2, true, true],
      ['2026-11-24', '3', 3, false, true],
      ['2026-11-26', '1.5', 5, false, false],
      ['2026-12-11', '4', 20, false, true],
    ]);
    expect(res.body.data[0]).toMatchObject({ product_name: 'Expiry Yogurt', product_id: yogurt, variant_id: null });
    expect(res.body.meta.total).toBe(4);
  });

  it('filters by state, window and branch', async () => {
    const dates = async (query: string, token = owner) =>
      (await get<StockExpiryResponse>(`/api/v1/stock-expiry?product_id=${yogurt}&${query}`, token)).body.data.map((r) => r.expiry_date);
    expect(await dates('state=expired')).toEqual(['2026-11-19']);
    expect(await dates('state=expiring&within_days=7')).toEqual(['2026-11-24', '2026-11-26']);
    expect(await dates('within_days=100')).toEqual(['2026-11-19', '2026-11-24', '2026-11-26', '2026-12-11', '2027-02-01']);
    expect(await dates(`branch_id=${second}`)).toEqual(['2026-11-26']);
    // A branch user sees its own branch, whatever it asks for.
    expect(await dates(`branch_id=${main}`, branchUser)).toEqual(['2026-11-26']);
    // Selling takes the expired batch first: it leaves the list.
    await post('sale_out', [{ branchId: main, productId: yogurt, quantity: q(2) }]);
    expect(await dates('state=expired')).toEqual([]);
    // The search box finds batches by item name.
    expect((await get<StockExpiryResponse>('/api/v1/stock-expiry?search=expiry%20yog')).body.data.length).toBe(3);
  });

  it("shows nothing of another shop's batches and refuses bad input in the caller's language", async () => {
    expect((await get<StockExpiryResponse>('/api/v1/stock-expiry?within_days=3650', stranger)).body.data).toEqual([]);
    expect((await get<StockExpiryResponse>(`/api/v1/stock-expiry?branch_id=${main}`, stranger)).body.data).toEqual([]);
    const days = await get<{ errors: Record<string, string> }>('/api/v1/stock-expiry?within_days=-1');
    expect(days.status).toBe(400);
    expect(days.body.errors.within_days).toBe('Enter a number of days from 0 to 3650');
    const word = await get<{ errors: Record<string, string> }>('/api/v1/stock-expiry?within_days=soon');
    expect(word.status).toBe(400);
    const state = await get<{ errors: Record<string, string> }>('/api/v1/stock-expiry?state=rotten');
    expect(state.status).toBe(400);
    expect(state.body.errors.state).toBe('Choose expiring, expired or both');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stock-expiry' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/stock-report', () => {
  let soap: string;
  let adjustmentNumber: string;
  beforeAll(async () => {
    soap = await addProduct('Report Soap');
    // Day 1 (2026-11-21): 10 in. Day 2: 3 sold, 2 found. Day 3: 4 sent to the second branch.
    await post('purchase_in', [{ branchId: main, productId: soap, quantity: q(10), cost: 1000, expiryDate: '2027-01-01' }]);
    await nextDay();
    await post('sale_out', [{ branchId: main, productId: soap, quantity: q(3) }]);
    const adj = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stock-adjustments',
      headers: bearer(owner),
      payload: { branch_id: main, adjustment_type_id: addition, adjusted_on: '2026-11-22', lines: [{ product_id: soap, quantity: '2' }] },
    });
    expect(adj.statusCode).toBe(201);
    adjustmentNumber = adj.json().data.adjustment_number;
    await nextDay();
    const trf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stock-transfers',
      headers: bearer(owner),
      payload: {
        from_branch_id: main,
        to_branch_id: second,
        sent_on: '2026-11-23',
        receive_now: true,
        lines: [{ product_id: soap, quantity: '4' }],
      },
    });
    expect(trf.statusCode).toBe(201);
  });

  const report = (query: string, token = owner) => get<StockReportResponse>(`/api/v1/stock-report?${query}`, token);
  const balances = (r: StockReportResponse['data'][number]) => ({
    opening: r.opening,
    closing: r.closing,
    moved: Object.fromEntries(MOVEMENT_TYPES.filter((k) => r.movements[k] !== '0').map((k) => [k, r.movements[k]])),
  });

  it('gives opening, each movement type and closing for one item and branch over a period', async () => {
    const day2 = await report(`product_id=${soap}&branch_id=${main}&from=2026-11-22&to=2026-11-22`);
    expect(day2.status).toBe(200);
    expect(day2.body).toMatchObject({ from: '2026-11-22', to: '2026-11-22' });
    expect(day2.body.data.map(balances)).toEqual([{ opening: '10', closing: '9', moved: { sale_out: '-3', adjustment_in: '2' } }]);
    expect(day2.body.movements!.data.map((m) => [m.movement_type, m.quantity, m.on_hand_after])).toEqual([
      ['sale_out', '-3', '7'],
      ['adjustment_in', '2', '9'],
    ]);
    const adj = day2.body.movements!.data[1]!;
    expect(adj).toMatchObject({ doc_type: 'adjustment', doc_number: adjustmentNumber, branch_name: expect.any(String) });

    const all = await report(`product_id=${soap}&branch_id=${main}&from=2026-11-01&to=2026-11-30`);
    expect(all.body.data.map(balances)).toEqual([
      { opening: '0', closing: '5', moved: { purchase_in: '10', sale_out: '-3', adjustment_in: '2', transfer_out: '-4' } },
    ]);
    expect(all.body.movements!.meta.total).toBe(4);
    expect(all.body.movements!.data.map((m) => m.movement_type)).toEqual(['purchase_in', 'sale_out', 'adjustment_in', 'transfer_out']);
    const page2 = await report(`product_id=${soap}&branch_id=${main}&from=2026-11-01&to=2026-11-30&movements_page=2`);
    expect(page2.body.movements).toMatchObject({ data: [], meta: { page: 2, total: 4, last_page: 1 } });
  });

  it('adds up every branch when none is named: a transfer moves nothing overall', async () => {
    const all = await report(`product_id=${soap}&from=2026-11-01&to=2026-11-30`);
    expect(all.body.data.map(balances)).toEqual([
      {
        opening: '0',
        closing: '9',
        moved: { purchase_in: '10', transfer_in: '4', sale_out: '-3', transfer_out: '-4', adjustment_in: '2' },
      },
    ]);
    // The closing of a period that ends today is what is on hand now.
    const levels = await get<{ data: { on_hand: string }[] }>(`/api/v1/stock?product_id=${soap}`);
    expect(levels.body.data.reduce((s, l) => s + Number(l.on_hand), 0)).toBe(9);
    // The default period is this month up to the shop's today.
    const month = await report(`product_id=${soap}`);
    expect(month.body).toMatchObject({ from: '2026-11-01', to: '2026-11-23', period: { period: 'this_month' } });
    expect(month.body.data[0]!.closing).toBe('9');
  });

  it('lists every item without product_id, searchable and paged, each row adding up exactly', async () => {
    const res = await report('from=2026-11-23&to=2026-11-23&per_page=100');
    expect(res.status).toBe(200);
    expect(res.body.movements).toBeNull();
    for (const r of res.body.data) {
      const sum = MOVEMENT_TYPES.reduce((s, k) => s + Math.round(Number(r.movements[k]) * 1000), Math.round(Number(r.opening) * 1000));
      expect(sum).toBe(Math.round(Number(r.closing) * 1000));
    }
    const found = await report('search=report%20soap&from=2026-11-23&to=2026-11-23');
    expect(found.body.data.map((r) => [r.product_name, r.opening, r.closing])).toEqual([['Report Soap', '9', '9']]);
    expect(found.body.meta.total).toBe(1);
  });

  it('keeps a branch user to its branch', async () => {
    const mine = await report(`product_id=${soap}&branch_id=${main}&from=2026-11-01&to=2026-11-30`, branchUser);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map(balances)).toEqual([{ opening: '0', closing: '4', moved: { transfer_in: '4' } }]);
    expect(mine.body.movements!.data.every((m) => m.branch_id === second)).toBe(true);
  });

  it("answers 404 for another shop's item and nothing for its branch", async () => {
    expect((await report(`product_id=${soap}`, stranger)).status).toBe(404);
    const branch = await report(`branch_id=${main}&from=2026-11-01&to=2026-11-30`, stranger);
    expect(branch.status).toBe(200);
    expect(branch.body.data).toEqual([]);
  });

  it('refuses a period that ends before it starts, and a day that does not exist, translated', async () => {
    const backwards = await get<{ message: string; errors: Record<string, string> }>('/api/v1/stock-report?from=2026-11-20&to=2026-11-10');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.to).toBe('The start day must be on or before the end day');
    // A start after today without an end: the period is that one day.
    const future = await report('from=2026-12-05');
    expect(future.status).toBe(200);
    expect(future.body).toMatchObject({ from: '2026-12-05', to: '2026-12-05' });
    const bad = await get<{ errors: Record<string, string> }>('/api/v1/stock-report?from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.from).toBe('Enter a valid date');
    const km = await t.app.inject({ method: 'GET', url: '/api/v1/stock-report?from=2026-13-01', headers: bearer(owner) });
    expect(km.statusCode).toBe(400);
    expect(km.json().errors.from).toBe(kmStock.stock.errors.date_invalid);
  });

  it("resolves the reports' period presets to shop-local days, and names the period it used", async () => {
    const g = await t.deps.db.selectFrom('general_settings').select('time_zone').where('business_id', '=', biz).executeTakeFirst();
    const zone = isTimeZone(g?.time_zone) ? g.time_zone : DEFAULT_TIME_ZONE;
    const today = localDay(t.clock.now(), zone);
    const yesterday = addDays(today, -1);
    const y = await report(`period=yesterday&product_id=${soap}&branch_id=${main}`);
    expect(y.status).toBe(200);
    expect(y.body).toMatchObject({ from: yesterday, to: yesterday });
    expect(y.body.period).toMatchObject({ period: 'yesterday', from: yesterday, to: yesterday, time_zone: zone, branch_id: main });
    expect(y.body.period.currency).toEqual(expect.any(String));
    expect(y.body.period.exchange_rate).toEqual(expect.any(String));
    const d = await report(`product_id=${soap}&branch_id=${main}&from=${yesterday}&to=${yesterday}`);
    expect(y.body.data).toEqual(d.body.data);
    expect((await report('period=today')).body).toMatchObject({ from: today, to: today, period: { period: 'today' } });
    const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
    expect((await report('period=last_month')).body).toMatchObject({ from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd });
    expect((await report('period=this_year')).body).toMatchObject({ from: `${today.slice(0, 4)}-01-01`, to: today });
    // custom is from/to, exactly as without a period.
    const custom = await report('period=custom&from=2026-11-01&to=2026-11-30');
    expect(custom.body).toMatchObject({ from: '2026-11-01', to: '2026-11-30', period: { period: 'custom' } });
    // A branch user's period names its own branch, whatever was asked.
    expect((await report(`period=today&branch_id=${main}`, branchUser)).body.period.branch_id).toBe(second);
    const bad = await get<{ errors: Record<string, string> }>('/api/v1/stock-report?period=fortnight');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.period).toEqual(expect.any(String));
  });

  const exportCsv = (query: string, token = owner) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stock-report/export?format=csv&${query}`, headers: { ...bearer(token), ...en } });
  const csvRows = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(',').map((c) => c.replace(/^"|"$/g, '')));

  it('exports as CSV exactly the rows the JSON gives, the totals row last', async () => {
    const json = await report('from=2026-11-01&to=2026-11-30&per_page=100');
    const res = await exportCsv('from=2026-11-01&to=2026-11-30');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('stock-report-2026-11-01_2026-11-30.csv');
    const [header, ...rest] = csvRows(res.body);
    expect(header).toEqual(['Item', 'SKU', 'Unit', 'Opening', 'Purchases in', 'Returns', 'Sales', 'Transfers', 'Adjustments', 'Closing']);
    const body = rest.slice(0, -1);
    const sum = (r: StockReportResponse['data'][number], types: MovementType[]) => types.reduce((s, k) => s + Number(r.movements[k]), 0);
    expect(body.map((c) => [c[0], ...c.slice(3).map(Number)])).toEqual(
      json.body.data.map((r) => [
        r.product_name,
        Number(r.opening),
        sum(r, ['purchase_in']),
        sum(r, ['purchase_return', 'sale_return']),
        sum(r, ['sale_out']),
        sum(r, ['transfer_in', 'transfer_out']),
        sum(r, ['adjustment_in', 'adjustment_out']),
        Number(r.closing),
      ]),
    );
    const totals = rest.at(-1)!;
    expect(totals[0]).toBe('Total');
    expect(Number(totals[3])).toBeCloseTo(
      json.body.data.reduce((s, r) => s + Number(r.opening), 0),
      3,
    );
    expect(Number(totals[9])).toBeCloseTo(
      json.body.data.reduce((s, r) => s + Number(r.closing), 0),
      3,
    );
    // One item, by a preset: its row and the totals.
    const one = csvRows((await exportCsv(`period=this_month&product_id=${soap}&branch_id=${main}`)).body);
    expect(one.slice(1).map((c) => [c[0], c[3], c[9]])).toEqual([
      ['Report Soap', '0', '5'],
      ['Total', '0', '5'],
    ]);
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/v1/stock-report/export?product_id=${soap}`, headers: bearer(owner) });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('gives the export the same access as the report', async () => {
    const mine = csvRows((await exportCsv(`product_id=${soap}&from=2026-11-01&to=2026-11-30`, branchUser)).body);
    expect(mine[1]!.slice(3).map(Number)).toEqual([0, 0, 0, 0, 4, 0, 4]);
    expect((await exportCsv(`product_id=${soap}`, stranger)).statusCode).toBe(404);
    const cashier = await loginAs(t.app, CASHIER);
    expect((await exportCsv('', cashier)).statusCode).toBe((await report('', cashier)).status);
    expect((await exportCsv('from=2026-11-20&to=2026-11-10')).statusCode).toBe(400);
  });

  it('is closed without a permission to read stock', async () => {
    const cashier = await loginAs(t.app, CASHIER);
    const perms = await t.deps.db
      .selectFrom('users as u')
      .innerJoin('roles as r', (j) => j.onRef('r.business_id', '=', 'u.business_id').onRef('r.id', '=', 'u.role_id'))
      .select('r.permissions')
      .where('u.email', '=', CASHIER.email)
      .executeTakeFirstOrThrow();
    const canRead = /stock-(listing|report)/.test(perms.permissions);
    expect((await report('', cashier)).status).toBe(canRead ? 200 : 403);
  });
});
