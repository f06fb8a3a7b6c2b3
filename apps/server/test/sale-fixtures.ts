/**
 * What the sales suites share: the demo shop's ids, a cash session opened straight in the table (the cash-sessions
 * module's own routes are tested there), stock put in through the adjustment API, and row counts for "nothing saved".
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/types';
import { newId } from '../src/lib/ids';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from './harness';

export interface SaleWorld {
  t: TestContext;
  owner: string;
  cashier: string;
  biz: string;
  branches: { id: string; name: string }[];
  ownerId: string;
  cashierId: string;
  cash: string;
  bank: string;
  walkIn: string;
  customer: string;
  /** Three single, stock-kept items, priced 2.50, 1.75 and 4.00 by the fixture (expiry tracking turned off). */
  items: string[];
  addition: string;
}

export const en = { 'accept-language': 'en' };

export async function saleWorld(options: { env?: NodeJS.ProcessEnv } = {}): Promise<SaleWorld> {
  const t = await createTestApp(options.env ? { env: options.env } : {});
  const db = t.deps.db;
  const owner = await loginAs(t.app, OWNER);
  const cashier = await loginAs(t.app, CASHIER);
  const user = (email: string) => db.selectFrom('users').select(['id', 'business_id']).where('email', '=', email).executeTakeFirstOrThrow();
  const o = await user(OWNER.email);
  const c = await user(CASHIER.email);
  const biz = o.business_id;
  const branches = await db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', biz).orderBy('created_at').execute();
  const methods = await db.selectFrom('payment_methods').select(['id', 'type']).where('business_id', '=', biz).execute();
  const walkIn = (
    await db.selectFrom('customers').select('id').where('business_id', '=', biz).where('is_walk_in', '=', 1).executeTakeFirstOrThrow()
  ).id;
  const customer = (
    await db
      .selectFrom('customers')
      .select('id')
      .where('business_id', '=', biz)
      .where('is_walk_in', '=', 0)
      .orderBy('name')
      .executeTakeFirstOrThrow()
  ).id;
  const found = await db
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', biz)
    .where('type', '=', 'single')
    .where('is_stock_manage', '=', 1)
    .where('currency', '=', 'USD')
    .where('status', '=', 1)
    .orderBy('product_name')
    .limit(3)
    .execute();
  const items = found.map((p) => p.id);
  if (items.length < 3) throw new Error('the demo shop has fewer than three plain stock items');
  // Known prices, sold in their own unit, in every branch; expiry batches are the ledger's own tests' business.
  for (const [i, price] of [250, 175, 400].entries())
    await db
      .updateTable('products')
      .set({ sale_cost: price, sale_unit_id: null, has_expiry: 0, all_branches: 1 })
      .where('business_id', '=', biz)
      .where('id', '=', items[i]!)
      .execute();
  const addition = (
    await db
      .selectFrom('adjustment_types')
      .select('id')
      .where('business_id', '=', biz)
      .where('direction', '=', 'addition')
      .executeTakeFirstOrThrow()
  ).id;
  await useSaleSettings(t.deps.db, biz, { inline_discount: 0 });
  // The suites about totals, stock and payments give discounts freely: the cashier's 10% limit and its approvals are
  // tested on their own (till-trust.test.ts), which sets the limit back with cashierDiscountLimit.
  await cashierDiscountLimit({ t, biz } as SaleWorld, 10_000);
  return {
    t,
    owner,
    cashier,
    biz,
    branches,
    ownerId: o.id,
    cashierId: c.id,
    cash: methods.find((m) => m.type === 'cash')!.id,
    bank: methods.find((m) => m.type === 'bank_transfer')!.id,
    walkIn,
    customer,
    items,
    addition,
  };
}

/**
 * The sale settings the sales suites reckon with: 10% VAT added on top, 4,100 riel to the dollar, no selling beyond
 * stock, no editing of cost or date at the till; whether a line takes its own discount is each suite's choice.
 */
export async function useSaleSettings(db: Kysely<Database>, biz: string, choice: { inline_discount: 0 | 1 }): Promise<void> {
  await db
    .updateTable('general_settings')
    .set({
      sale_tax: 1000,
      is_exclude_tax: 1,
      exchange_rate: 41_000_000,
      out_of_stock_sale: 0,
      edit_cost: 0,
      inline_discount: choice.inline_discount,
      edit_date: 0,
    })
    .where('business_id', '=', biz)
    .execute();
}

/** A percentage service charge (`value` in hundredths of a percent) for every sale, written straight to the table. */
export async function addServiceCharge(w: SaleWorld, name: string, value: number): Promise<string> {
  const id = newId();
  const at = w.t.clock.now().toISOString();
  await w.t.deps.db
    .insertInto('service_charges')
    .values({
      business_id: w.biz,
      id,
      name,
      type: 'percentage',
      value,
      currency: null,
      applies_to: 'all',
      status: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** Opens a cash session for a user at a branch, as the cash-sessions module would (opening cash as entries). */
export async function openCashSession(w: SaleWorld, userId: string, branchId: string, usd = 5000, khr = 100_000): Promise<string> {
  const db = w.t.deps.db;
  const id = newId();
  const at = w.t.clock.now().toISOString();
  await db
    .insertInto('cash_sessions')
    .values({
      business_id: w.biz,
      id,
      session_number: `CS-${id.slice(-8)}`,
      branch_id: branchId,
      user_id: userId,
      status: 'open',
      opened_at: at,
      closed_at: null,
      closed_by: null,
      opening_usd: usd,
      opening_khr: khr,
      expected_usd: null,
      expected_khr: null,
      counted_usd: null,
      counted_khr: null,
      counted_notes: null,
      note: '',
      close_note: '',
    })
    .execute();
  for (const [currency, amount] of [
    ['USD', usd],
    ['KHR', khr],
  ] as const)
    await db
      .insertInto('cash_session_entries')
      .values({
        business_id: w.biz,
        id: newId(),
        session_id: id,
        kind: 'opening',
        currency,
        amount,
        sale_id: null,
        return_id: null,
        reason: '',
        created_by: userId,
        created_at: at,
      })
      .execute();
  return id;
}

/** Puts stock in through the adjustment API (so the ledger records it). */
export async function stockUp(w: SaleWorld, productId: string, branchId: string, quantity: string): Promise<void> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/v1/stock-adjustments',
    headers: { ...bearer(w.owner), ...en },
    payload: {
      branch_id: branchId,
      adjustment_type_id: w.addition,
      adjusted_on: '2026-11-21',
      lines: [{ product_id: productId, quantity }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`stock-up failed: ${res.statusCode} ${res.body}`);
}

export const sell = (app: FastifyInstance, token: string, payload: object, key: string | null = randomUUID()) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: { ...bearer(token), ...en, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

export const call = (app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...bearer(token), ...en }, ...(payload ? { payload } : {}) });

export async function onHand(w: SaleWorld, productId: string, branchId: string): Promise<number> {
  const r = await w.t.deps.db
    .selectFrom('stock_levels')
    .select('on_hand')
    .where('business_id', '=', w.biz)
    .where('branch_id', '=', branchId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', '')
    .executeTakeFirst();
  return Number(r?.on_hand ?? 0);
}

const COUNTED = [
  'sales',
  'sale_lines',
  'sale_payments',
  'sale_returns',
  'sale_return_lines',
  'stock_movements',
  'cash_session_entries',
  'audit_log',
] as const;

/** Rows of every table a sale writes (and the coupons' uses): equal before and after means nothing was saved. */
export async function saleCounts(w: SaleWorld): Promise<Record<(typeof COUNTED)[number] | 'coupon_uses', number>> {
  const out = {} as Record<(typeof COUNTED)[number] | 'coupon_uses', number>;
  for (const table of COUNTED)
    out[table] = Number(
      (
        await w.t.deps.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where('business_id', '=', w.biz)
          .executeTakeFirstOrThrow()
      ).n,
    );
  out.coupon_uses = Number(
    (
      await w.t.deps.db
        .selectFrom('coupons')
        .select(sql<number>`coalesce(sum(used_count), 0)`.as('n'))
        .where('business_id', '=', w.biz)
        .executeTakeFirstOrThrow()
    ).n,
  );
  return out;
}

/** A coupon written straight to the table (the coupons module's routes are tested there). */
export async function addCoupon(
  w: SaleWorld,
  c: {
    code: string;
    type: 'percent' | 'fixed';
    value: number;
    starts_on?: string | null;
    ends_on?: string | null;
    usage_limit?: number | null;
  },
): Promise<string> {
  const id = newId();
  const at = w.t.clock.now().toISOString();
  await w.t.deps.db
    .insertInto('coupons')
    .values({
      business_id: w.biz,
      id,
      name: c.code,
      description: null,
      discount_type: c.type,
      discount_value: c.value,
      starts_on: c.starts_on ?? null,
      ends_on: c.ends_on ?? null,
      usage_limit: c.usage_limit ?? null,
      used_count: 0,
      status: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** Sets the largest discount (hundredths of a percent) the demo Cashier role gives without an approval. */
export async function cashierDiscountLimit(w: Pick<SaleWorld, 't' | 'biz'>, hundredths: number): Promise<void> {
  await w.t.deps.db
    .updateTable('roles')
    .set({ max_discount: hundredths })
    .where('business_id', '=', w.biz)
    .where('preset_key', '=', 'cashier')
    .execute();
}
