import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { bearer, CASHIER, createTestApp, KARAOKE, loginAs, OWNER, type TestContext } from '../../test/harness';
import { WAITER_PERMISSIONS } from '@posauto/shared/permissions';
import type { Floor, KitchenTicket } from '@posauto/shared/schemas/restaurant';
import type { ItemSaleResponse, SaleReportResponse } from '@posauto/shared/schemas/reports-sales';
import type { RoomBoard } from '@posauto/shared/schemas/rooms';
import { formatDecimal, parseDecimal } from '@posauto/shared/money/index';
import { countedSale } from '../kernel/counted';
import { DEMO_LOGINS } from './demo';
import { WAITER_LOGIN } from './demo-restaurant';

/** A moment's wall clock in Phnom Penh (UTC+7, no DST), read with the getUTC* methods. */
const phnomPenh = (iso: string) => new Date(Date.parse(iso) + 7 * 3600_000);
/** The evening a moment belongs to: its Phnom Penh day, until six in the morning the day before. */
const eveningOf = (iso: string) => new Date(Date.parse(iso) + (7 - 6) * 3600_000).toISOString().slice(0, 10);

/** Demo Karaoke's owner opens the till (at the shop's one branch) and sells a can of beer, as the issue tried. */
async function karaokeSellsABeer(t: TestContext) {
  const token = await loginAs(t.app, KARAOKE);
  const db = t.deps.db;
  const shop = await db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Karaoke').executeTakeFirstOrThrow();
  const branch = await db.selectFrom('branches').select('id').where('business_id', '=', shop.id).executeTakeFirstOrThrow();
  const beer = await db
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', shop.id)
    .where('product_name', '=', 'Angkor beer can')
    .executeTakeFirstOrThrow();
  const cash = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('business_id', '=', shop.id)
    .where('type', '=', 'cash')
    .executeTakeFirstOrThrow();
  const current = (await t.app.inject({ url: '/api/v1/cash-sessions/current', headers: bearer(token) })).json();
  if (!current.data) {
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cash-sessions/open',
      headers: bearer(token),
      payload: { branch_id: branch.id, opening_usd: '20', opening_khr: '40000', note: '' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
  }
  const sale = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
    payload: {
      document: 'sale',
      sale_type: 'pos_retail',
      lines: [{ product_id: beer.id, quantity: '2' }],
      payments: [{ payment_method_id: cash.id, currency: 'USD', amount: '5' }],
    },
  });
  expect(sale.statusCode, sale.body).toBe(201);
}

describe("Demo Karaoke without the history (the tests' default seed)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has stock of everything it sells that manages stock, and its till sells a drink', async () => {
    const token = await loginAs(t.app, KARAOKE);
    const stock = (await t.app.inject({ url: '/api/v1/stock?per_page=all', headers: bearer(token) })).json();
    const levels = new Map<string, number>(
      stock.data.map((l: { product_name: string; on_hand: string }) => [l.product_name, Number(l.on_hand)]),
    );
    const managed = await t.deps.db
      .selectFrom('products as p')
      .innerJoin('businesses as b', 'b.id', 'p.business_id')
      .select('p.product_name')
      .where('b.shop_name', '=', 'Demo Karaoke')
      .where('p.is_stock_manage', '=', 1)
      .where('p.type', '=', 'single')
      .execute();
    expect(managed.length).toBeGreaterThanOrEqual(5);
    for (const p of managed) expect(levels.get(p.product_name), p.product_name).toBeGreaterThanOrEqual(24);
    await karaokeSellsABeer(t);
  });

  it('gives Demo Karaoke its floor and waiter and Demo Coffee a few tables, with nothing open yet', async () => {
    const db = t.deps.db;
    const shops = new Map((await db.selectFrom('businesses').select(['id', 'shop_name']).execute()).map((b) => [b.shop_name, b.id]));
    const rows = db as unknown as Kysely<Record<string, { business_id: string; id: string }>>;
    const count = async (table: 'floor_tables' | 'kitchen_stations' | 'table_orders', shop: string) =>
      (await rows.selectFrom(table).select('id').where('business_id', '=', shops.get(shop)!).execute()).length;
    expect(await count('floor_tables', 'Demo Karaoke')).toBe(12);
    expect(await count('kitchen_stations', 'Demo Karaoke')).toBe(2);
    expect(await count('table_orders', 'Demo Karaoke')).toBe(0);
    // Four tables and a coffee bar in each of Demo Coffee's two branches.
    expect(await count('floor_tables', 'Demo Coffee')).toBe(8);
    expect(await count('kitchen_stations', 'Demo Coffee')).toBe(2);
    await loginAs(t.app, WAITER_LOGIN);
  });
});

describe('the demo data', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ demoSales: true });
  });
  afterAll(() => t.close());

  it('lets every demo login sign in', async () => {
    for (const who of DEMO_LOGINS) await loginAs(t.app, who);
  });

  it('has a second shop, Demo Karaoke: Standard, restaurant with karaoke, one branch, its own categories', async () => {
    const shop = await t.deps.db.selectFrom('businesses').selectAll().where('shop_name', '=', 'Demo Karaoke').executeTakeFirstOrThrow();
    expect(shop).toMatchObject({ package: 'standard', shop_type: 'restaurant_karaoke', status: 'active' });
    expect(await t.deps.db.selectFrom('branches').select('name').where('business_id', '=', shop.id).execute()).toHaveLength(1);
    const token = await loginAs(t.app, KARAOKE);
    const categories = (await t.app.inject({ url: '/api/v1/categories?per_page=all', headers: bearer(token) })).json();
    expect(categories.meta.total).toBe(5);
    expect(categories.data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Beer', 'Karaoke rooms']));
    expect(categories.data.map((c: { name: string }) => c.name)).not.toContain('Coffee');
  });

  it('gives Demo Coffee about forty products of all three types, with pictures in the media store', async () => {
    const token = await loginAs(t.app, OWNER);
    const list = (await t.app.inject({ url: '/api/v1/products?per_page=all', headers: bearer(token) })).json();
    const products = list.data as Array<{
      type: string;
      image: string | null;
      image_url: string | null;
      variant_count: number;
      product_name: string;
    }>;
    expect(list.meta.total).toBeGreaterThanOrEqual(35);
    expect(new Set(products.map((p) => p.type))).toEqual(new Set(['single', 'variation', 'combo']));
    expect(products.find((p) => p.product_name === 'Iced latte')!.variant_count).toBe(9);
    // The meeting room's time is sold on its room type's product (no stock, no branch, no picture): not a catalogue item.
    const roomTime = new Set((await t.deps.db.selectFrom('room_types').select('product_id').execute()).map((r) => r.product_id));
    for (const p of products.filter((x) => !roomTime.has((x as { id?: string }).id ?? ''))) {
      expect(p.image, p.product_name).toBeTruthy();
      expect(existsSync(join(t.deps.config.dataDir, 'media', p.image!)), p.product_name).toBe(true);
    }
    const karaoke = (await t.app.inject({ url: '/api/v1/products?per_page=all', headers: bearer(await loginAs(t.app, KARAOKE)) })).json();
    // Eight on the menu, and the room time of its three room types (modules/rooms).
    expect(karaoke.meta.total).toBe(11);
  });
  it('gives Demo Coffee sixty days of sales in both branches, today included, with closed and open cash sessions', async () => {
    const db = t.deps.db;
    const shop = await db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Coffee').executeTakeFirstOrThrow();
    const days = await db
      .selectFrom('sales')
      .select(['branch_id', 'sale_date'])
      .distinct()
      .where('business_id', '=', shop.id)
      .where('document', '=', 'sale')
      .execute();
    expect(new Set(days.map((d) => d.branch_id)).size).toBe(2);
    expect(new Set(days.map((d) => d.sale_date)).size).toBeGreaterThanOrEqual(59);
    // Paid in dollars, in riel and by bank transfer.
    const tenders = await db
      .selectFrom('sale_payments')
      .select(['method_type', 'currency'])
      .distinct()
      .where('business_id', '=', shop.id)
      .execute();
    expect(tenders).toEqual(
      expect.arrayContaining([
        { method_type: 'cash', currency: 'USD' },
        { method_type: 'cash', currency: 'KHR' },
        { method_type: 'bank_transfer', currency: 'USD' },
      ]),
    );
    // Every closed session froze exactly what its entries add up to.
    const closed = await db
      .selectFrom('cash_sessions as s')
      .select([
        's.expected_usd',
        's.expected_khr',
        sql<number>`(select coalesce(sum(e.amount), 0) from cash_session_entries e where e.business_id = s.business_id and e.session_id = s.id and e.currency = 'USD')`.as(
          'usd',
        ),
        sql<number>`(select coalesce(sum(e.amount), 0) from cash_session_entries e where e.business_id = s.business_id and e.session_id = s.id and e.currency = 'KHR')`.as(
          'khr',
        ),
      ])
      .where('s.business_id', '=', shop.id)
      .where('s.status', '=', 'closed')
      .execute();
    expect(closed.length).toBeGreaterThanOrEqual(100);
    for (const c of closed) expect([Number(c.expected_usd), Number(c.expected_khr)]).toEqual([Number(c.usd), Number(c.khr)]);
    // Till sales are paid in full (a coupon now and then), and a few came back.
    const unpaid = await db
      .selectFrom('sales')
      .select('id')
      .where('business_id', '=', shop.id)
      .where('sale_type', '=', 'pos_retail')
      .where('payment_status', '!=', 'paid')
      .execute();
    expect(unpaid).toEqual([]);
    expect(
      (await db.selectFrom('sales').select('id').where('business_id', '=', shop.id).where('coupon_code', '=', 'WELCOME10').execute())
        .length,
    ).toBeGreaterThan(0);
    expect((await db.selectFrom('sale_returns').select('id').where('business_id', '=', shop.id).execute()).length).toBeGreaterThan(0);
    // The demo cashier's till works at the first sign-in: its session is open.
    const cashier = await loginAs(t.app, CASHIER);
    const current = (await t.app.inject({ url: '/api/v1/cash-sessions/current', headers: bearer(cashier) })).json();
    expect(current.data?.status ?? current.status).toBe('open');
    // An invoice paid in part and an open quotation.
    const owner = await loginAs(t.app, OWNER);
    const invoices = (await t.app.inject({ url: '/api/v1/sales?document=invoice', headers: bearer(owner) })).json();
    expect(invoices.data.map((s: { payment_status: string }) => s.payment_status)).toContain('partial');
    const quotes = (await t.app.inject({ url: '/api/v1/sales?document=quotation', headers: bearer(owner) })).json();
    expect(quotes.data.map((s: { status: string }) => s.status)).toContain('open');
  });

  it('gives Demo Karaoke deliveries and three weeks of evenings, a cash session each, whose books add up', async () => {
    const db = t.deps.db;
    const shop = await db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Karaoke').executeTakeFirstOrThrow();
    const token = await loginAs(t.app, KARAOKE);
    // Deliveries from its supplier: received (paid, half paid, unpaid) and one on order.
    const purchases = (await t.app.inject({ url: '/api/v1/purchases?per_page=all', headers: bearer(token) })).json();
    const states = purchases.data.map((p: { status: string; payment_status: string }) => `${p.status}/${p.payment_status}`);
    expect(states).toEqual(expect.arrayContaining(['received/paid', 'received/partial', 'received/unpaid', 'ordered/unpaid']));
    // Sales on evenings over the last three weeks, at a karaoke restaurant's hours: 17:00 to 23:00 in Phnom Penh, and
    // the rooms' bills until one in the morning (counted with the evening before).
    const sales = await db
      .selectFrom('sales')
      .select(['sale_date', 'sold_at', 'payment_status'])
      .where('business_id', '=', shop.id)
      .where('document', '=', 'sale')
      .execute();
    const days = new Set(sales.map((s) => eveningOf(s.sold_at)));
    expect(days.size).toBeGreaterThanOrEqual(20);
    for (const s of sales) {
      const hour = phnomPenh(s.sold_at).getUTCHours();
      expect(hour >= 17 || hour <= 1, s.sold_at).toBe(true);
      expect(s.payment_status).toBe('paid');
    }
    // A cash session every evening that sold, each closed one holding exactly what its entries add up to.
    const sessions = await db
      .selectFrom('cash_sessions as s')
      .select([
        's.opened_at',
        's.status',
        's.expected_usd',
        's.expected_khr',
        sql<number>`(select coalesce(sum(e.amount), 0) from cash_session_entries e where e.business_id = s.business_id and e.session_id = s.id and e.currency = 'USD')`.as(
          'usd',
        ),
        sql<number>`(select coalesce(sum(e.amount), 0) from cash_session_entries e where e.business_id = s.business_id and e.session_id = s.id and e.currency = 'KHR')`.as(
          'khr',
        ),
      ])
      .where('s.business_id', '=', shop.id)
      .execute();
    // The owner's till: one a night that sold. The waiter's own drawer is open tonight (table service).
    const ownerSessions = await db
      .selectFrom('cash_sessions as s')
      .innerJoin('users as u', (j) => j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.user_id'))
      .select(['u.email', 's.status'])
      .where('s.business_id', '=', shop.id)
      .execute();
    expect(ownerSessions.filter((x) => x.email === KARAOKE.email).length).toBe(days.size);
    expect(ownerSessions.filter((x) => x.email === WAITER_LOGIN.email).map((x) => x.status)).toEqual(['open']);
    for (const c of sessions.filter((x) => x.status === 'closed'))
      expect([Number(c.expected_usd), Number(c.expected_khr)]).toEqual([Number(c.usd), Number(c.khr)]);
    // Paid in dollars, riel and by bank transfer; beer left in stock after three weeks of it.
    const tenders = await db
      .selectFrom('sale_payments')
      .select(['method_type', 'currency'])
      .distinct()
      .where('business_id', '=', shop.id)
      .execute();
    expect(tenders).toEqual(
      expect.arrayContaining([
        { method_type: 'cash', currency: 'USD' },
        { method_type: 'cash', currency: 'KHR' },
        { method_type: 'bank_transfer', currency: 'USD' },
      ]),
    );
    await karaokeSellsABeer(t);
  });

  it('gives Demo Karaoke a restaurant: twelve tables, a kitchen and a bar, a waiter, dinners paid at tables, tables open now', async () => {
    const db = t.deps.db;
    const shop = await db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Karaoke').executeTakeFirstOrThrow();
    const branch = await db.selectFrom('branches').select('id').where('business_id', '=', shop.id).executeTakeFirstOrThrow();
    // The waiter: a user of the branch whose role "Waiter" holds the waiter's permissions, with an open drawer.
    const waiter = await db
      .selectFrom('users as u')
      .innerJoin('roles as r', (j) => j.onRef('r.business_id', '=', 'u.business_id').onRef('r.id', '=', 'u.role_id'))
      .select(['u.id', 'u.branch_id', 'r.name', 'r.permissions'])
      .where('u.business_id', '=', shop.id)
      .where('u.email', '=', WAITER_LOGIN.email)
      .executeTakeFirstOrThrow();
    expect(waiter).toMatchObject({ branch_id: branch.id, name: 'Waiter' });
    expect([...JSON.parse(waiter.permissions)].sort()).toEqual([...WAITER_PERMISSIONS].sort());
    const token = await loginAs(t.app, WAITER_LOGIN);
    const drawer = (await t.app.inject({ url: '/api/v1/cash-sessions/current', headers: bearer(token) })).json();
    expect(drawer.data?.status ?? drawer.status).toBe('open');

    // The floor: a dining room and a terrace, twelve tables, the kitchen (the default) and the bar.
    const res = await t.app.inject({ url: '/api/v1/floor', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const floor = res.json() as Floor;
    expect(floor.areas.map((a) => a.name)).toEqual(['Dining room', 'Terrace']);
    expect(floor.tables).toHaveLength(12);
    expect(floor.stations.map((s) => [s.name, s.is_default]).sort()).toEqual([
      ['Bar', false],
      ['Kitchen', true],
    ]);
    // Tonight: four tables open (sent, one with a new line not sent, one with its pre-bill printed), the rest free.
    const state = Object.fromEntries(floor.tables.map((x) => [x.name, x.state]));
    expect(state).toMatchObject({ D2: 'sent', D5: 'ordering', D7: 'sent', T1: 'billed' });
    expect(floor.tables.filter((x) => x.state === 'free')).toHaveLength(8);
    expect(floor.tables.find((x) => x.name === 'D2')!.ready_count).toBeGreaterThan(0);
    const tickets = (await t.app.inject({ url: '/api/v1/kitchen/tickets', headers: bearer(token) })).json().data as KitchenTicket[];
    expect(tickets.length).toBeGreaterThanOrEqual(2);
    const lines = tickets.flatMap((k) => k.lines);
    expect(lines.some((l) => l.ready_at)).toBe(true);
    expect(lines.some((l) => !l.ready_at)).toBe(true);

    // The history: dinners paid at tables, each sale naming its table and the waiter, every order paid and cleared
    // (a room's order has no table: the rooms' test reads those).
    const atTables = await db
      .selectFrom('sales as s')
      .innerJoin('table_orders as o', (j) => j.onRef('o.business_id', '=', 's.business_id').onRef('o.id', '=', 's.table_order_id'))
      .select(['s.table_name', 's.waiter_id', 's.table_order_id', 's.payment_status'])
      .where('s.business_id', '=', shop.id)
      .where('o.room_id', 'is', null)
      .execute();
    expect(atTables.length).toBeGreaterThanOrEqual(15);
    for (const s of atTables)
      expect(s).toMatchObject({ table_name: expect.stringMatching(/^[DT]\d$/), waiter_id: waiter.id, payment_status: 'paid' });
    const past = await db
      .selectFrom('table_orders')
      .select(['status', 'cleared_at'])
      .where('business_id', '=', shop.id)
      .where(
        'id',
        'in',
        atTables.map((s) => s.table_order_id!),
      )
      .execute();
    expect(past.every((o) => o.status === 'paid' && o.cleared_at)).toBe(true);
    expect(
      (await db.selectFrom('kitchen_tickets').select('id').where('business_id', '=', shop.id).where('status', '=', 'done').execute())
        .length,
    ).toBeGreaterThanOrEqual(atTables.length);
  });

  it('gives Demo Karaoke evenings of room stays, each paid once with its room time, food and drinks; three rooms in use now', async () => {
    const db = t.deps.db;
    const shop = await db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Karaoke').executeTakeFirstOrThrow();
    const stays = await db
      .selectFrom('room_stays as s')
      .innerJoin('rooms as r', (j) => j.onRef('r.business_id', '=', 's.business_id').onRef('r.id', '=', 's.room_id'))
      .innerJoin('table_orders as o', (j) => j.onRef('o.business_id', '=', 's.business_id').onRef('o.id', '=', 's.order_id'))
      .select([
        's.id',
        's.order_id',
        's.status',
        's.started_at',
        's.stopped_at',
        's.sale_id',
        'r.name as room',
        'o.status as paid',
        'o.cleared_at',
      ])
      .where('s.business_id', '=', shop.id)
      .execute();
    expect(stays.filter((s) => !s.stopped_at).map((s) => [s.room, s.status, s.sale_id])).toEqual(
      expect.arrayContaining([
        ['S2', 'running', null],
        ['M1', 'running', null],
        ['VIP1', 'running', null],
      ]),
    );
    const past = stays.filter((s) => s.stopped_at);
    expect(past.length + 3).toBe(stays.length);
    // Two to four an evening on most evenings, from about 18:00 until 01:00 at the latest.
    expect(past.length).toBeGreaterThanOrEqual(40);
    expect(new Set(past.map((s) => eveningOf(s.started_at))).size).toBeGreaterThanOrEqual(18);
    for (const s of past) {
      expect(phnomPenh(s.started_at).getUTCHours(), s.started_at).toBeGreaterThanOrEqual(17);
      expect(Date.parse(s.stopped_at!) - Date.parse(`${eveningOf(s.started_at)}T01:00:00+07:00`), s.stopped_at!).toBeLessThanOrEqual(
        86_400_000,
      );
      expect(s, s.id).toMatchObject({ status: 'stopped', sale_id: expect.any(String), paid: 'paid', cleared_at: expect.any(String) });
    }
    // Paid once each: the one sale of its order, in full, by the till, naming the waiter who started the room.
    const sales = await db
      .selectFrom('sales')
      .select(['id', 'table_order_id', 'table_name', 'payment_status', 'waiter_id', 'sold_at'])
      .where('business_id', '=', shop.id)
      .where(
        'table_order_id',
        'in',
        past.map((s) => s.order_id),
      )
      .execute();
    expect(sales).toHaveLength(past.length);
    const waiter = await db.selectFrom('users').select('id').where('email', '=', WAITER_LOGIN.email).executeTakeFirstOrThrow();
    for (const s of past) {
      const sale = sales.find((x) => x.table_order_id === s.order_id);
      expect(sale, s.id).toMatchObject({ id: s.sale_id, table_name: null, payment_status: 'paid', waiter_id: waiter.id });
      expect(sale!.sold_at >= s.stopped_at!, s.id).toBe(true);
    }
    // Each sale: the room time first, on the room types' products ("S1 20:05–22:35 (02:30)"), a minimum spend short
    // of the room type's, then the food and drinks.
    const timeProducts = new Set(
      (await db.selectFrom('room_types').select('product_id').where('business_id', '=', shop.id).execute()).map((r) => r.product_id),
    );
    const lines = await db
      .selectFrom('sale_lines')
      .select(['sale_id', 'line_no', 'product_id', 'product_name', 'net_amount'])
      .where('business_id', '=', shop.id)
      .where(
        'sale_id',
        'in',
        past.map((s) => s.sale_id!),
      )
      .orderBy('line_no')
      .execute();
    const shortfalls: string[] = [];
    for (const s of past) {
      const own = lines.filter((l) => l.sale_id === s.sale_id);
      const time = own.filter((l) => timeProducts.has(l.product_id));
      expect(own[0]!.product_name, s.id).toMatch(/^(S|M|VIP)\d [0-2]\d:[0-5]\d–[0-2]\d:[0-5]\d \(\d\d:[0-5]\d\)$/);
      expect(own.slice(0, time.length), s.id).toEqual(time);
      expect(own.length, s.id).toBeGreaterThan(time.length);
      shortfalls.push(...time.filter((l) => l.product_name.includes('(min.')).map((l) => l.product_name));
    }
    expect(shortfalls).toContain('VIP (min. 60.00)');
    // Stays at the day rate into the night's, across midnight, paused, moved to another type, on weekend nights.
    expect(lines.some((l) => / 17:[0-5]\d–18:00 /.test(l.product_name))).toBe(true);
    expect(past.some((s) => eveningOf(s.started_at) !== eveningOf(s.stopped_at!) || phnomPenh(s.stopped_at!).getUTCHours() < 2)).toBe(true);
    const periods = await db
      .selectFrom('room_stay_periods')
      .select(['stay_id', 'seq', 'room_id', 'type_id', 'started_at', 'ended_at'])
      .where('business_id', '=', shop.id)
      .orderBy('seq')
      .execute();
    const of = (id: string) => periods.filter((p) => p.stay_id === id);
    expect(past.filter((s) => of(s.id).some((p, i, all) => i > 0 && p.started_at > all[i - 1]!.ended_at!)).length).toBeGreaterThanOrEqual(
      3,
    );
    const moved = past.filter((s) => new Set(of(s.id).map((p) => p.type_id)).size > 1);
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(moved.length).toBeLessThanOrEqual(2);
    expect(past.some((s) => [0, 6].includes(new Date(`${eveningOf(s.started_at)}T00:00:00Z`).getUTCDay()))).toBe(true);

    // At first sign-in the board has S2, M1 (booked) and VIP1 in use, every other room free: the history's cleaning is over.
    const board = (
      await t.app.inject({ url: '/api/v1/room-board', headers: bearer(await loginAs(t.app, WAITER_LOGIN)) })
    ).json() as RoomBoard;
    expect(Object.fromEntries(board.rooms.map((r) => [r.name, r.state]))).toEqual({
      S1: 'free',
      S2: 'in_use',
      S3: 'free',
      M1: 'in_use',
      M2: 'free',
      M3: 'free',
      VIP1: 'in_use',
      VIP2: 'free',
    });
    expect(board.rooms.find((r) => r.name === 'M1')!.stay!.booked_minutes).toBe(120);
  });

  it("counts the rooms' bills in the sale report: its totals are every sale of the history, room time as revenue", async () => {
    const db = t.deps.db;
    const shop = await db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Karaoke').executeTakeFirstOrThrow();
    const counted = await db
      .selectFrom('sales as s')
      .select(['s.id', 's.sale_date', 's.grand_total'])
      .where('s.business_id', '=', shop.id)
      .where(countedSale('s'))
      .execute();
    const rooms = await db
      .selectFrom('room_stays')
      .select('sale_id')
      .where('business_id', '=', shop.id)
      .where('sale_id', 'is not', null)
      .execute();
    const ids = new Set(counted.map((s) => s.id));
    expect(rooms.every((r) => ids.has(r.sale_id!))).toBe(true);
    const days = counted.map((s) => s.sale_date).sort();
    const period = `period=custom&from=${days[0]}&to=${days.at(-1)}`;
    const token = await loginAs(t.app, KARAOKE);
    const report = (await t.app.inject({ url: `/api/v1/reports/sales?${period}`, headers: bearer(token) })).json() as SaleReportResponse;
    const sum = (list: Array<{ grand_total: number }>) => list.reduce((a, s) => a + Number(s.grand_total), 0);
    expect(report.totals).toMatchObject({ count: counted.length, grand_total: formatDecimal(sum(counted), 2) });
    // The room time is sold on the room types' products: the item report has its revenue.
    const items = (await t.app.inject({ url: `/api/v1/reports/item-sales?${period}`, headers: bearer(token) })).json() as ItemSaleResponse;
    const time = await db
      .selectFrom('sale_lines as l')
      .innerJoin('room_types as r', (j) => j.onRef('r.business_id', '=', 'l.business_id').onRef('r.product_id', '=', 'l.product_id'))
      .select(['r.name', (eb) => eb.fn.sum<number>('l.net_amount').as('net')])
      .where('l.business_id', '=', shop.id)
      .groupBy('r.name')
      .execute();
    expect(time.map((r) => r.name).sort()).toEqual(['Medium', 'Small', 'VIP']);
    for (const r of time) {
      const rows = items.rows.filter((x) => x.product_name === r.name);
      expect(
        rows.reduce((a, x) => a + parseDecimal(x.net_amount, 2), 0),
        r.name,
      ).toBe(Number(r.net));
    }
  });
});
