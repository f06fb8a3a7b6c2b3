/**
 * A seeded random shop history for the books tests (issue 13, "Correct books"): Demo Coffee with three branches and
 * a cashier each, about ten weeks of purchases, till sales, back-office sales and invoices, quotations (some
 * converted), voids, returns, transfers, adjustments, cash sessions with cash in and out, and expenses (when their
 * routes exist), with discounts, coupons, VAT exclusive and inclusive and none, service charges, shipping and
 * payments in dollars, riel, both, and by bank. Everything goes through the real routes; only the shop's settings
 * (VAT, rate) are flipped straight in their table between days, as an owner would on the settings screen.
 *
 * The plan is drawn once from a fixed fast-check seed, then executed: everything the executor decides on (which
 * sale to return, whether stock is left) depends on the plan and on the answers' figures only, never on ids, so the
 * same seed builds the same history, figure for figure, on SQLite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/lib/ids';
import { addDays, localDay, startOfLocalDay } from '../../src/lib/time-zone';
import { addShopUser } from '../factories';
import { bearer, CASHIER, loginAs, OWNER, type TestContext } from '../harness';
import { useSaleSettings } from '../sale-fixtures';

type ArbValue<A> = A extends fc.Arbitrary<infer T> ? T : never;

export const HISTORY_SEED = 1313;
/** Shop-local days of history, starting the day after the harness clock's start (2026-11-21), crossing a new year. */
export const HISTORY_DAYS = 56;
export const FIRST_DAY = '2026-11-22';
export const LAST_DAY = addDays(FIRST_DAY, HISTORY_DAYS - 1);

const STOCK_ITEMS = 6;
const OTHER_ITEMS = 2; // sold without stock (made to order): no cost of goods
/** Odd prices (cents), so discounts, VAT and service charges round. */
const PRICES = [137, 299, 405, 85, 1250, 233, 350, 199];

type Disc = { type: 'percent'; value: string } | { type: 'fixed'; value: string };
const discountArb: fc.Arbitrary<Disc> = fc.oneof(
  fc.constantFrom('5', '7.5', '10', '12.25', '33.33').map((value) => ({ type: 'percent' as const, value })),
  fc.constantFrom('0.10', '0.37', '1', '1.05').map((value) => ({ type: 'fixed' as const, value })),
);

const saleArb = fc.record({
  kind: fc.constantFrom('till', 'till', 'till', 'till', 'till_customer', 'back_sale', 'invoice', 'invoice', 'quotation'),
  branch: fc.nat(2),
  /** Minutes after local midnight: early-morning sales fall on the previous UTC day. */
  minute: fc.integer({ min: 30, max: 23 * 60 + 40 }),
  lines: fc.array(
    fc.record({
      item: fc.nat(STOCK_ITEMS + OTHER_ITEMS - 1),
      qty: fc.constantFrom('1', '1', '2', '3', '1.5'),
      discount: fc.option(discountArb, { freq: 4 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  discount: fc.option(discountArb, { freq: 3 }),
  coupon: fc.nat(9),
  service: fc.option(fc.nat(1), { freq: 2 }),
  shipping: fc.option(fc.constantFrom('1', '2.50', '0.75'), { freq: 3 }),
  pay: fc.constantFrom('usd', 'usd', 'khr', 'mix', 'bank', 'none', 'part'),
  customer: fc.nat(3),
  convert: fc.boolean(),
  void: fc.nat(9),
});
export type PlannedSale = ArbValue<typeof saleArb>;

const dayArb = fc.record({
  vat: fc.option(fc.constantFrom('none', 'exclusive10', 'inclusive10', 'inclusive5'), { freq: 4 }),
  rate: fc.option(fc.constantFrom(41_000_000, 40_850_000, 41_230_000), { freq: 5 }),
  purchase: fc.option(
    fc.record({
      branch: fc.nat(2),
      items: fc.uniqueArray(fc.nat(STOCK_ITEMS - 1), { minLength: 1, maxLength: 3 }),
      qty: fc.integer({ min: 10, max: 40 }),
      cost: fc.integer({ min: 20, max: 700 }),
      paid: fc.boolean(),
    }),
    { freq: 2 },
  ),
  transfer: fc.option(fc.record({ from: fc.nat(2), to: fc.nat(2), item: fc.nat(STOCK_ITEMS - 1), qty: fc.integer({ min: 1, max: 5 }) }), {
    freq: 4,
  }),
  adjustment: fc.option(
    fc.record({ branch: fc.nat(2), item: fc.nat(STOCK_ITEMS - 1), add: fc.boolean(), qty: fc.integer({ min: 1, max: 4 }) }),
    {
      freq: 4,
    },
  ),
  sales: fc.array(saleArb, { minLength: 1, maxLength: 6 }),
  returns: fc.array(fc.record({ pick: fc.nat(10_000), part: fc.boolean(), cash: fc.constantFrom<'USD' | 'KHR'>('USD', 'KHR') }), {
    maxLength: 2,
  }),
  cash: fc.array(
    fc.record({
      branch: fc.nat(2),
      in: fc.boolean(),
      currency: fc.constantFrom<'USD' | 'KHR'>('USD', 'KHR'),
      amount: fc.integer({ min: 1, max: 40 }),
    }),
    {
      maxLength: 2,
    },
  ),
  expenses: fc.array(
    fc.record({
      branch: fc.nat(2),
      category: fc.nat(2),
      currency: fc.constantFrom<'USD' | 'KHR'>('USD', 'KHR'),
      amount: fc.integer({ min: 1, max: 9000 }),
      method: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  /** Per branch: what the drawer counts at closing differs from expected by this many cents (USD) / riel x 100. */
  countedOff: fc.tuple(fc.integer({ min: -200, max: 200 }), fc.integer({ min: -5, max: 5 })),
});
export type PlannedDay = ArbValue<typeof dayArb>;

/** The plan, the same for every run and database. */
export function planHistory(): PlannedDay[] {
  return fc.sample(fc.array(dayArb, { minLength: HISTORY_DAYS, maxLength: HISTORY_DAYS }), { seed: HISTORY_SEED, numRuns: 1 })[0]!;
}

export interface Shop {
  t: TestContext;
  app: FastifyInstance;
  biz: string;
  timeZone: string;
  owner: string;
  branches: string[];
  branchNames: string[];
  cashiers: { token: string; userId: string }[];
  items: string[];
  stockItems: number;
  methods: { cash: string; bank: string };
  walkIn: string;
  customers: string[];
  supplier: string;
  addition: string;
  subtraction: string;
  services: string[];
  coupons: string[];
  /** Expense categories, when the expense routes exist. */
  expenseCategories: string[];
}

export interface HistoryStats {
  requests: number;
  sales: number;
  returns: number;
  voids: number;
  quotations: number;
  converted: number;
  purchases: number;
  transfers: number;
  adjustments: number;
  sessions: number;
  cashMoves: number;
  expenses: number;
  skippedLines: number;
  expensesWired: boolean;
}

const en = { 'accept-language': 'en' };

async function must(res: Awaited<ReturnType<FastifyInstance['inject']>>, what: string, codes = [200, 201]) {
  if (!codes.includes(res.statusCode)) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 600)}`);
  return res.json();
}

/** The demo shop made ready: a third branch, a cashier per branch, known items and prices, a supplier, charges. */
export async function prepareShop(t: TestContext): Promise<Shop> {
  const db = t.deps.db;
  const app = t.app;
  const owner = await loginAs(app, OWNER);
  const o = await db.selectFrom('users').select(['id', 'business_id']).where('email', '=', OWNER.email).executeTakeFirstOrThrow();
  const biz = o.business_id;
  const at = t.clock.now().toISOString();
  await db
    .insertInto('branches')
    .values({
      business_id: biz,
      id: newId(),
      name: 'Siem Reap (books)',
      address: null,
      phone: null,
      status: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const branchRows = await db
    .selectFrom('branches')
    .select(['id', 'name'])
    .where('business_id', '=', biz)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
  const branches = branchRows.map((b) => b.id);
  const settings = await db.selectFrom('general_settings').select(['time_zone']).where('business_id', '=', biz).executeTakeFirstOrThrow();
  const cashierRole = (
    await db.selectFrom('roles').select('id').where('business_id', '=', biz).where('preset_key', '=', 'cashier').executeTakeFirstOrThrow()
  ).id;
  // The history's discounts are the shop's policy, not the cashier's own: the 10% limit and its approvals are tested
  // in till-trust.test.ts.
  await db.updateTable('roles').set({ max_discount: 10_000 }).where('business_id', '=', biz).where('id', '=', cashierRole).execute();
  // A cashier per branch, in the branches' order: the demo's where it works, a new one elsewhere.
  const demo = await db.selectFrom('users').select(['id', 'branch_id']).where('email', '=', CASHIER.email).executeTakeFirstOrThrow();
  const cashiers: { token: string; userId: string }[] = [];
  for (const branchId of branches) {
    if (branchId === demo.branch_id) {
      cashiers.push({ token: await loginAs(app, CASHIER), userId: demo.id });
      continue;
    }
    const u = await addShopUser(t.deps, { businessId: biz, roleId: cashierRole, branchId });
    cashiers.push({ token: await loginAs(app, u.login), userId: u.userId });
  }
  // The demo cashier may hold the demo's open session: close it, the history opens its own.
  const demoCashier = cashiers.find((c) => c.userId === demo.id)!;
  const current = await app.inject({
    method: 'GET',
    url: '/api/v1/cash-sessions/current',
    headers: { ...bearer(demoCashier.token), ...en },
  });
  const open = current.json().data;
  if (open)
    await must(
      await app.inject({
        method: 'POST',
        url: `/api/v1/cash-sessions/${open.id}/close`,
        headers: { ...bearer(demoCashier.token), ...en },
        payload: { counted_usd: open.expected_usd ?? '0', counted_khr: open.expected_khr ?? '0' },
      }),
      'close the demo session',
    );

  const pick = (stock: 0 | 1, n: number) =>
    db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', biz)
      .where('type', '=', 'single')
      .where('is_stock_manage', '=', stock)
      .where('currency', '=', 'USD')
      .where('status', '=', 1)
      .orderBy('product_name')
      .limit(n)
      .execute();
  const items = [...(await pick(1, STOCK_ITEMS)), ...(await pick(0, OTHER_ITEMS))].map((p) => p.id);
  if (items.length !== STOCK_ITEMS + OTHER_ITEMS) throw new Error(`the demo shop has too few plain items (${items.length})`);
  for (const [i, id] of items.entries())
    await db
      .updateTable('products')
      .set({ sale_cost: PRICES[i]!, sale_unit_id: null, has_expiry: 0, all_branches: 1 })
      .where('business_id', '=', biz)
      .where('id', '=', id)
      .execute();
  await useSaleSettings(db, biz, { inline_discount: 1 });

  const methods = await db.selectFrom('payment_methods').select(['id', 'type']).where('business_id', '=', biz).execute();
  const customers = await db.selectFrom('customers').select(['id', 'is_walk_in']).where('business_id', '=', biz).orderBy('name').execute();
  const walkIn = customers.find((c) => c.is_walk_in)!.id;
  const supplier = (await db.selectFrom('suppliers').select('id').where('business_id', '=', biz).orderBy('name').executeTakeFirstOrThrow())
    .id;
  const types = await db
    .selectFrom('adjustment_types')
    .select(['id', 'direction'])
    .where('business_id', '=', biz)
    .orderBy('name')
    .execute();

  const services: string[] = [];
  for (const s of [
    { name: 'Books service 10%', type: 'percentage', value: 1000, currency: null },
    { name: 'Books delivery fee', type: 'fixed', value: 125, currency: 'USD' },
  ]) {
    const id = newId();
    services.push(id);
    await db
      .insertInto('service_charges')
      .values({ business_id: biz, id, ...s, applies_to: 'all', status: 1, created_at: at, updated_at: at })
      .execute();
  }
  const coupons: string[] = [];
  for (const c of [
    { name: 'BOOKS5', discount_type: 'percent' as const, discount_value: 500 },
    { name: 'BOOKS1', discount_type: 'fixed' as const, discount_value: 100 },
  ]) {
    const id = newId();
    coupons.push(c.name);
    await db
      .insertInto('coupons')
      .values({
        business_id: biz,
        id,
        ...c,
        description: null,
        starts_on: null,
        ends_on: null,
        usage_limit: null,
        used_count: 0,
        status: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  const shop: Shop = {
    t,
    app,
    biz,
    timeZone: settings.time_zone,
    owner,
    branches,
    branchNames: branchRows.map((b) => b.name),
    cashiers,
    items,
    stockItems: STOCK_ITEMS,
    methods: { cash: methods.find((m) => m.type === 'cash')!.id, bank: methods.find((m) => m.type === 'bank_transfer')!.id },
    walkIn,
    customers: customers.filter((c) => !c.is_walk_in).map((c) => c.id),
    supplier,
    addition: types.find((x) => x.direction === 'addition')!.id,
    subtraction: types.find((x) => x.direction === 'subtraction')!.id,
    services,
    coupons,
    expenseCategories: [],
  };
  // Expense categories, when the expenses helper's routes exist (a 404 means not yet).
  for (const name of ['Books rent', 'Books salaries', 'Books utilities']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/expense-categories',
      headers: { ...bearer(owner), ...en },
      payload: { name },
    });
    if (res.statusCode === 404) break;
    const body = await must(res, `expense category ${name}`);
    shop.expenseCategories.push(body.data?.id ?? body.id);
  }
  return shop;
}

interface SaleMade {
  id: string;
  branch: number;
  till: boolean;
  walkIn: boolean;
  paid: boolean;
  lines: { id: string; qty: number; item: number }[];
}

/** Builds the planned history on the shop through its routes. */
export async function buildHistory(shop: Shop, plan: PlannedDay[]): Promise<HistoryStats> {
  const { app, t } = shop;
  const stats: HistoryStats = {
    requests: 0,
    sales: 0,
    returns: 0,
    voids: 0,
    quotations: 0,
    converted: 0,
    purchases: 0,
    transfers: 0,
    adjustments: 0,
    sessions: 0,
    cashMoves: 0,
    expenses: 0,
    skippedLines: 0,
    expensesWired: shop.expenseCategories.length > 0,
  };
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: object = {}) => {
    stats.requests++;
    return app.inject({ method, url, headers: { ...bearer(token), ...en, ...headers }, ...(payload ? { payload } : {}) });
  };
  // Units on hand (thousandths) of each stock item per branch, so a planned line never asks for more than there is.
  const onHand = shop.branches.map(() => new Array<number>(shop.stockItems).fill(0));
  const byId = await t.deps.db
    .selectFrom('stock_levels')
    .select(['branch_id', 'product_id', 'on_hand'])
    .where('business_id', '=', shop.biz)
    .where('variant_id', '=', '')
    .execute();
  for (const l of byId) {
    const b = shop.branches.indexOf(l.branch_id);
    const i = shop.items.indexOf(l.product_id);
    if (b >= 0 && i >= 0 && i < shop.stockItems) onHand[b]![i] = Number(l.on_hand);
  }
  const milli = (q: string) => Math.round(Number(q) * 1000);
  const made: SaleMade[] = [];
  const db = t.deps.db;
  // Sign-in sessions end after 12 idle hours: while time runs on, every user shows a sign of life each 10 hours.
  const tokens = [shop.owner, ...shop.cashiers.map((c) => c.token)];
  let lastTouch = t.clock.now().getTime();
  const setClock = async (day: string, minute: number) => {
    const target = startOfLocalDay(day, shop.timeZone).getTime() + Math.round(minute * 60_000);
    while (target - lastTouch > 10 * 3600_000) {
      t.clock.advance(lastTouch + 10 * 3600_000 - t.clock.now().getTime());
      lastTouch = t.clock.now().getTime();
      for (const token of tokens) await must(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) }), 'touch');
    }
    const now = t.clock.now().getTime();
    if (target > now) t.clock.advance(target - now);
  };
  const today = () => localDay(t.clock.now(), shop.timeZone);

  // Opening stock for the three branches: one received purchase each, at a first cost.
  await setClock(FIRST_DAY, 1);
  for (const [b, branchId] of shop.branches.entries()) {
    await must(
      await call(shop.owner, 'POST', '/api/v1/purchases', {
        supplier_id: shop.supplier,
        branch_id: branchId,
        purchase_date: today(),
        status: 'received',
        lines: shop.items
          .slice(0, shop.stockItems)
          .map((product_id, i) => ({ product_id, quantity: '120', unit_cost: (0.4 + i * 0.35 + b * 0.05).toFixed(2) })),
      }),
      'opening purchase',
    );
    stats.purchases++;
    for (let i = 0; i < shop.stockItems; i++) onHand[b]![i]! += 120_000;
  }

  for (const [d, p] of plan.entries()) {
    const day = addDays(FIRST_DAY, d);
    await setClock(day, 2);
    if (p.vat) {
      const vat = { none: [0, 1], exclusive10: [1000, 1], inclusive10: [1000, 0], inclusive5: [500, 0] }[p.vat];
      await db
        .updateTable('general_settings')
        .set({ sale_tax: vat[0]!, is_exclude_tax: vat[1]! })
        .where('business_id', '=', shop.biz)
        .execute();
    }
    if (p.rate) await db.updateTable('general_settings').set({ exchange_rate: p.rate }).where('business_id', '=', shop.biz).execute();

    // A cashier opens the drawer when first needed that day (a till sale, a cash refund, petty cash).
    const sessions: (string | null)[] = shop.cashiers.map(() => null);
    const ensureSession = async (b: number) => {
      if (sessions[b]) return sessions[b]!;
      const opened = await must(
        await call(shop.cashiers[b]!.token, 'POST', '/api/v1/cash-sessions/open', {
          // A float that gives every change and refund of the day: the drawer's limits are till-trust.test.ts's.
          opening_usd: String(200 + b * 5),
          opening_khr: String(400_000 + b * 10_000),
          note: '',
        }),
        'open session',
      );
      stats.sessions++;
      return (sessions[b] = opened.data.id as string);
    };

    await setClock(day, 10);
    if (p.purchase) {
      const branchId = shop.branches[p.purchase.branch]!;
      const res = await must(
        await call(shop.owner, 'POST', '/api/v1/purchases', {
          supplier_id: shop.supplier,
          branch_id: branchId,
          purchase_date: today(),
          status: 'received',
          shipping_cost: p.purchase.paid ? '1.50' : '0',
          lines: p.purchase.items.map((i) => ({
            product_id: shop.items[i]!,
            quantity: String(p.purchase!.qty),
            unit_cost: (p.purchase!.cost / 100 + i * 0.11).toFixed(2),
          })),
        }),
        'purchase',
      );
      stats.purchases++;
      for (const i of p.purchase.items) onHand[p.purchase.branch]![i]! += p.purchase.qty * 1000;
      if (p.purchase.paid)
        await must(
          await call(shop.owner, 'POST', `/api/v1/purchases/${res.data.id}/payments`, {
            payment_method_id: shop.methods.bank,
            amount: Number(res.data.grand_total) < 5 ? res.data.grand_total : '5',
            paid_on: today(),
          }),
          'purchase payment',
        );
    }
    await setClock(day, 12);
    if (p.adjustment) {
      const a = p.adjustment;
      const q = a.qty * 1000;
      if (a.add || onHand[a.branch]![a.item]! >= q) {
        await must(
          await call(shop.owner, 'POST', '/api/v1/stock-adjustments', {
            branch_id: shop.branches[a.branch]!,
            adjustment_type_id: a.add ? shop.addition : shop.subtraction,
            adjusted_on: today(),
            lines: [{ product_id: shop.items[a.item]!, quantity: String(a.qty) }],
          }),
          'adjustment',
        );
        onHand[a.branch]![a.item]! += a.add ? q : -q;
        stats.adjustments++;
      }
    }
    await setClock(day, 14);
    if (p.transfer && p.transfer.from !== p.transfer.to) {
      const x = p.transfer;
      const q = x.qty * 1000;
      if (onHand[x.from]![x.item]! >= q) {
        await must(
          await call(shop.owner, 'POST', '/api/v1/stock-transfers', {
            from_branch_id: shop.branches[x.from]!,
            to_branch_id: shop.branches[x.to]!,
            sent_on: today(),
            receive_now: true,
            lines: [{ product_id: shop.items[x.item]!, quantity: String(x.qty) }],
          }),
          'transfer',
        );
        onHand[x.from]![x.item]! -= q;
        onHand[x.to]![x.item]! += q;
        stats.transfers++;
      }
    }

    const sales = [...p.sales].sort((a, b) => a.minute - b.minute);
    for (const [k, s] of sales.entries()) {
      await setClock(day, s.minute + k * 0.01);
      const till = s.kind === 'till' || s.kind === 'till_customer';
      const quotation = s.kind === 'quotation';
      const branch = s.branch;
      const lines: { product_id: string; quantity: string; discount?: Disc }[] = [];
      const planned: number[] = [];
      for (const l of s.lines) {
        const q = milli(l.qty);
        if (l.item < shop.stockItems) {
          const taken = lines.filter((x) => x.product_id === shop.items[l.item]).reduce((n, x) => n + milli(x.quantity), 0);
          if (!quotation && onHand[branch]![l.item]! - taken < q) {
            stats.skippedLines++;
            continue;
          }
        }
        // A fixed line discount never over the line (the server refuses it): 1.05 off a 0.85 x 1 line becomes percent.
        let discount = l.discount ?? undefined;
        if (discount?.type === 'fixed' && Number(discount.value) * 100 > PRICES[l.item]! * Number(l.qty))
          discount = { type: 'percent', value: '5' };
        lines.push({ product_id: shop.items[l.item]!, quantity: l.qty, ...(discount ? { discount } : {}) });
        planned.push(l.item);
      }
      if (!lines.length) {
        lines.push({ product_id: shop.items[shop.stockItems]!, quantity: '1' });
        planned.push(shop.stockItems);
      }
      const walkIn = s.kind === 'till' || (s.kind === 'back_sale' && s.customer === 0);
      const customer = walkIn ? null : shop.customers[s.customer % shop.customers.length]!;
      const orderDiscount = s.discount?.type === 'fixed' ? { type: 'percent' as const, value: '2.5' } : s.discount;
      const body: Record<string, unknown> = {
        document: till || s.kind === 'back_sale' ? 'sale' : s.kind,
        sale_type: till ? 'pos_retail' : s.kind === 'invoice' ? 'general' : s.kind === 'back_sale' ? 'online' : 'general',
        ...(till ? {} : { branch_id: shop.branches[branch]! }),
        ...(customer ? { customer_id: customer } : {}),
        lines,
        ...(orderDiscount ? { discount: orderDiscount } : {}),
        ...(s.coupon < 2 ? { coupon_code: shop.coupons[s.coupon]!.toLowerCase() } : {}),
        ...(s.service !== null ? { service_charge_id: shop.services[s.service]! } : {}),
        ...(!till && s.shipping ? { shipping: s.shipping } : {}),
      };
      // How it is paid: cash over the total (change), riel, both, bank in part (a customer owes the rest), nothing.
      let pay = s.pay;
      if (walkIn && (pay === 'none' || pay === 'part' || pay === 'bank')) pay = 'usd';
      if (till && pay === 'none') pay = 'part';
      if (quotation) pay = 'none';
      const cash = shop.methods.cash;
      // Change for a riel note bigger than the sale goes back in riel: the drawer holds the note, not its dollars.
      if (pay === 'khr' || pay === 'mix') body.change_in = 'KHR';
      body.payments =
        pay === 'usd'
          ? [{ payment_method_id: cash, currency: 'USD', amount: '500' }]
          : pay === 'khr'
            ? [{ payment_method_id: cash, currency: 'KHR', amount: '2000000' }]
            : pay === 'mix'
              ? [
                  { payment_method_id: cash, currency: 'USD', amount: '1' },
                  { payment_method_id: cash, currency: 'KHR', amount: '2000000' },
                ]
              : pay === 'bank'
                ? [{ payment_method_id: shop.methods.bank, currency: 'USD', amount: '1.10' }]
                : pay === 'part'
                  ? [{ payment_method_id: cash, currency: 'KHR', amount: '4000' }]
                  : [];
      if (till) await ensureSession(branch);
      const token = till ? shop.cashiers[branch]!.token : shop.owner;
      const res = await call(token, 'POST', '/api/v1/sales', body, till ? { 'idempotency-key': randomUUID() } : {});
      const sale = (await must(res, `sale ${JSON.stringify(body)}`)).data;
      if (quotation) {
        stats.quotations++;
        if (s.convert) {
          // Converted the same day into an invoice: the quotation stays uncounted, the invoice counts.
          const ok = planned.every((item, i) => item >= shop.stockItems || onHand[branch]![item]! >= milli(lines[i]!.quantity));
          if (ok) {
            const conv = await must(await call(shop.owner, 'POST', `/api/v1/sales/${sale.id}/convert`, { document: 'invoice' }), 'convert');
            stats.converted++;
            for (const [i, item] of planned.entries()) if (item < shop.stockItems) onHand[branch]![item]! -= milli(lines[i]!.quantity);
            made.push(madeOf(conv.data, branch, false, false, planned));
          }
        }
        continue;
      }
      stats.sales++;
      for (const [i, item] of planned.entries()) if (item < shop.stockItems) onHand[branch]![item]! -= milli(lines[i]!.quantity);
      // An unpaid invoice now and then is voided: its stock comes back, it no longer counts.
      if (s.kind === 'invoice' && sale.paid === '0.00' && s.void < 3) {
        await must(await call(shop.owner, 'POST', `/api/v1/sales/${sale.id}/void`), 'void');
        stats.voids++;
        for (const [i, item] of planned.entries()) if (item < shop.stockItems) onHand[branch]![item]! += milli(lines[i]!.quantity);
        continue;
      }
      // Some of what is owed is paid later, in riel.
      if (s.kind === 'invoice' && s.void === 9 && sale.balance_due !== '0.00') {
        await must(
          await call(shop.owner, 'POST', `/api/v1/sales/${sale.id}/payments`, { payment_method_id: cash, currency: 'KHR', amount: '8200' }),
          'later payment',
        );
      }
      made.push(madeOf(sale, branch, till, walkIn, planned));
    }

    // Returns late in the day, of a sale of this day or an earlier one (so a return falls in another period).
    await setClock(day, 23 * 60 + 45);
    for (const r of p.returns) {
      if (!made.length) break;
      const s = made[r.pick % made.length]!;
      const lines = s.lines
        .map((l) => ({ sale_line_id: l.id, qty: r.part ? Math.min(l.qty, 1000) : l.qty, line: l }))
        .filter((l) => l.qty > 0)
        .slice(0, r.part ? 1 : 4);
      if (!lines.length) continue;
      // A till sale's cash comes back from its branch's drawer; a customer's invoice is credited to its balance.
      const byCashier = s.till;
      if (!byCashier && s.walkIn) continue;
      if (byCashier) await ensureSession(s.branch);
      const res = await call(byCashier ? shop.cashiers[s.branch]!.token : shop.owner, 'POST', '/api/v1/sale-returns', {
        sale_id: s.id,
        refund_method: byCashier ? 'cash' : 'balance',
        refund_currency: r.cash,
        lines: lines.map((l) => ({ sale_line_id: l.sale_line_id, quantity: String(l.qty / 1000) })),
      });
      await must(res, 'return');
      stats.returns++;
      for (const l of lines) {
        l.line.qty -= l.qty;
        if (l.line.item < shop.stockItems) onHand[s.branch]![l.line.item]! += l.qty;
      }
    }

    await setClock(day, 23 * 60 + 50);
    const expectedCash = async (b: number) => {
      const d = (await must(await call(shop.cashiers[b]!.token, 'GET', `/api/v1/cash-sessions/${sessions[b]!}`), 'session')) as {
        expected_usd: string;
        expected_khr: string;
      };
      return { USD: Math.round(Number(d.expected_usd) * 100), KHR: Math.round(Number(d.expected_khr)) };
    };
    for (const m of p.cash) {
      const amount = m.currency === 'USD' ? m.amount * 100 : m.amount * 1000;
      await ensureSession(m.branch);
      // Never more out than the drawer holds (the server refuses it): decided on the session's own figures.
      if (!m.in && (await expectedCash(m.branch))[m.currency] < amount) continue;
      await must(
        await call(shop.cashiers[m.branch]!.token, 'POST', `/api/v1/cash-sessions/${sessions[m.branch]!}/cash-movements`, {
          type: m.in ? 'in' : 'out',
          currency: m.currency,
          amount: m.currency === 'USD' ? String(m.amount) : String(amount),
          reason: m.in ? 'Float top-up' : 'Ice from the market',
        }),
        'cash movement',
      );
      stats.cashMoves++;
    }
    if (stats.expensesWired)
      for (const [k, e] of p.expenses.entries()) {
        // Each at its own second: the cross-database comparison names an expense by its creation time.
        await setClock(day, 23 * 60 + 52 + k / 60);
        await must(
          await call(shop.owner, 'POST', '/api/v1/expenses', {
            branch_id: shop.branches[e.branch]!,
            category_id: shop.expenseCategories[e.category]!,
            expense_date: today(),
            currency: e.currency,
            expend_cost: e.currency === 'USD' ? (e.amount / 100).toFixed(2) : String(e.amount * 10),
            payment_method_id: e.method ? shop.methods.cash : null,
            note: 'books',
          }),
          'expense',
        );
        stats.expenses++;
      }

    await setClock(day, 23 * 60 + 58);
    for (const [b, c] of shop.cashiers.entries()) {
      if (!sessions[b]) continue;
      const expected = await expectedCash(b);
      const usd = Math.max(0, expected.USD + p.countedOff[0]);
      const khr = Math.max(0, expected.KHR + p.countedOff[1] * 100);
      await must(
        await call(c.token, 'POST', `/api/v1/cash-sessions/${sessions[b]!}/close`, {
          counted_usd: (usd / 100).toFixed(2),
          counted_khr: String(khr),
          note: '',
        }),
        'close session',
      );
    }
  }
  return stats;
}

function madeOf(
  sale: { id: string; paid: string; lines: { id: string; quantity: string }[] },
  branch: number,
  till: boolean,
  walkIn: boolean,
  items: number[],
): SaleMade {
  return {
    id: sale.id,
    branch,
    till,
    walkIn,
    paid: sale.paid !== '0.00',
    lines: sale.lines.map((l, i) => ({ id: l.id, qty: Math.round(Number(l.quantity) * 1000), item: items[i]! })),
  };
}
