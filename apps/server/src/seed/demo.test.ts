import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { bearer, CASHIER, createTestApp, KARAOKE, loginAs, OWNER, type TestContext } from '../../test/harness';
import { WAITER_PERMISSIONS } from '@posauto/shared/permissions';
import type { Floor, KitchenTicket } from '@posauto/shared/schemas/restaurant';
import { DEMO_LOGINS } from './demo';
import { WAITER_LOGIN } from './demo-restaurant';

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
    // Sales on evenings over the last three weeks, at a karaoke restaurant's hours (17:00 to 23:00 in Phnom Penh).
    const sales = await db
      .selectFrom('sales')
      .select(['sale_date', 'sold_at', 'payment_status'])
      .where('business_id', '=', shop.id)
      .where('document', '=', 'sale')
      .execute();
    const days = new Set(sales.map((s) => s.sale_date));
    expect(days.size).toBeGreaterThanOrEqual(20);
    for (const s of sales) {
      const hour = (new Date(s.sold_at).getUTCHours() + 7) % 24;
      expect(hour, s.sold_at).toBeGreaterThanOrEqual(17);
      expect(hour, s.sold_at).toBeLessThanOrEqual(23);
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

    // The history: dinners paid at tables, each sale naming its table and the waiter, every order paid and cleared.
    const atTables = await db
      .selectFrom('sales')
      .select(['table_name', 'waiter_id', 'table_order_id', 'payment_status'])
      .where('business_id', '=', shop.id)
      .where('table_order_id', 'is not', null)
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
});
