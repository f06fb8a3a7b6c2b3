import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  FACTOR_SCALE,
  allocate,
  applyDiscount,
  computeChange,
  computeDocumentTotals,
  exchangeRate,
  isCurrencyCode,
  lineAmount,
  money,
  parsePercent,
  parseQuantity,
  percentOf,
  roundDiv,
  tenderValues,
  type CurrencyCode,
  type Discount,
  type ExchangeRate,
} from '@posauto/shared/money/index';
import type { saleInputSchema, salePaymentInputSchema } from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { preparedRows, type DialectKind } from '../../db/dialect/index';
import { nextDocumentNumber } from '../../db/document-number';
import type { RequestContext } from '../../http/context';
import { forbidden, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { DEFAULT_TIME_ZONE, isTimeZone, localDay } from '../../lib/time-zone';
import { auditFor } from '../audit/index';
import { lockOpenCashSession } from '../cash-sessions/index';
import { postMovementsWith, unitFactor, type LedgerLine, type ProductRow, type StockSettings } from '../stock/index';
import { paymentStatusOf, toMinor } from './sale-money';

export type SaleIn = z.output<typeof saleInputSchema>;
export type PaymentIn = z.output<typeof salePaymentInputSchema>;

/** The stock ledger's document type of sales (and of their reversals: a void, an invoice edit). */
export const SALE_DOC = 'sale';

/** A sale at the till: a sale of type POS retail, taken in the cashier's open cash session. */
export const isTillSale = (input: Pick<SaleIn, 'document' | 'sale_type'>) => input.document === 'sale' && input.sale_type === 'pos_retail';

/**
 * Who may write which document: quotations need sale-quotation, invoices sale-invoice, till sales sale-pos and
 * back-office sales sale-management or sale-list. The route lets in any of them; this decides.
 */
export function assertMayWrite(ctx: Pick<RequestContext, 'permissions'>, input: Pick<SaleIn, 'document' | 'sale_type'>): void {
  const p = ctx.permissions;
  const ok =
    input.document === 'quotation'
      ? p.has('sale-quotation')
      : input.document === 'invoice'
        ? p.has('sale-invoice')
        : input.sale_type === 'pos_retail'
          ? p.has('sale-pos')
          : p.has('sale-management') || p.has('sale-list');
  if (!ok) throw forbidden();
}

export interface CommitOptions {
  idempotencyKey?: string | null;
  requestHash?: string | null;
  /** Prices and line discounts as a quotation froze them: the price-edit and line-discount settings are not asked. */
  frozen?: boolean;
  convertedFromId?: string | null;
  /** An unpaid invoice being edited in place (its old lines and movements are already answered). */
  replaceId?: string | null;
}

/** The shop's settings a sale reads once (general and sale settings in one statement). */
async function saleSettings(trx: Kysely<Database>, businessId: string) {
  const [g] = await preparedRows(
    trx,
    trx
      .selectFrom('general_settings as g')
      .leftJoin('sale_settings as s', 's.business_id', 'g.business_id')
      .select([
        'g.currency',
        'g.exchange_rate',
        'g.sale_tax',
        'g.is_exclude_tax',
        'g.time_zone',
        'g.edit_date',
        'g.edit_cost',
        'g.inline_discount',
        'g.out_of_stock_sale',
        'g.default_stock_alert',
        's.invoice_prefix',
        's.quotation_prefix',
        's.default_customer_id',
      ])
      .where('g.business_id', '=', businessId),
  );
  if (!g) throw new Error(`no general settings for business ${businessId}`);
  if (!isCurrencyCode(g.currency)) throw unprocessable('sales.errors.currency_unknown');
  return {
    currency: g.currency as CurrencyCode,
    rate: exchangeRate(Number(g.exchange_rate)),
    vatRate: Number(g.sale_tax),
    vatInclusive: !g.is_exclude_tax,
    timeZone: isTimeZone(g.time_zone) ? g.time_zone : DEFAULT_TIME_ZONE,
    editDate: Boolean(g.edit_date),
    editCost: Boolean(g.edit_cost),
    inlineDiscount: Boolean(g.inline_discount),
    invoicePrefix: g.invoice_prefix ?? 'INV-',
    quotationPrefix: g.quotation_prefix ?? 'QUO-',
    defaultCustomerId: g.default_customer_id ?? null,
    // What the stock ledger would read again otherwise.
    stock: { out_of_stock_sale: Number(g.out_of_stock_sale), default_stock_alert: g.default_stock_alert } satisfies StockSettings,
  };
}
export type SaleSettings = Awaited<ReturnType<typeof saleSettings>>;

/** The caller's open cash session, if any (one per cashier: a partial unique index guarantees it). */
export async function openSession(trx: Kysely<Database>, kind: DialectKind, ctx: Pick<RequestContext, 'businessId' | 'userId'>) {
  // Locked until the sale commits: a close waits for the sale's cash entries (or the sale finds the session closed),
  // so a closed session's expected cash always holds every sale made in it.
  return (await lockOpenCashSession(trx, kind, ctx)) ?? undefined;
}

/** A discount as the money module takes it: percent text -> hundredths of a percent, a fixed one -> minor units. */
function discountOf(
  d: { type: 'percent' | 'fixed'; value: string } | null | undefined,
  currency: string,
  field: string,
): Discount | undefined {
  if (!d) return undefined;
  if (d.type === 'percent') return { type: 'percentage', value: parsePercent(d.value) };
  return { type: 'fixed', value: toMinor(d.value, currency, field) };
}

/** Stored discount columns: type and value as entered (percent in hundredths, fixed in minor units). */
const discountColumns = (d: Discount | undefined) =>
  d ? { discount_type: d.type === 'percentage' ? ('percent' as const) : ('fixed' as const), discount_value: d.value } : null;

interface CouponUse {
  id: string;
  code: string;
  type: 'percent' | 'fixed';
  value: number;
}

/** A coupon code typed at the till: active, within its days (shop-local), not used up. */
async function findCoupon(trx: Kysely<Database>, businessId: string, code: string, today: string): Promise<CouponUse> {
  const c = await trx
    .selectFrom('coupons')
    .select(['id', 'name', 'discount_type', 'discount_value', 'starts_on', 'ends_on', 'usage_limit', 'used_count', 'status'])
    .where('business_id', '=', businessId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', code.toLowerCase()))
    .executeTakeFirst();
  if (!c || !c.status) throw unprocessable('sales.errors.coupon_invalid', 'coupon_code');
  if (c.starts_on && today < c.starts_on) throw unprocessable('sales.errors.coupon_not_started', 'coupon_code');
  if (c.ends_on && today > c.ends_on) throw unprocessable('sales.errors.coupon_expired', 'coupon_code');
  if (c.usage_limit !== null && Number(c.used_count) >= Number(c.usage_limit))
    throw unprocessable('sales.errors.coupon_used_up', 'coupon_code');
  return { id: c.id, code: c.name, type: c.discount_type, value: Number(c.discount_value) };
}

/**
 * Counts one use of a coupon, in the sale's transaction. The limit is in the UPDATE's own condition, so two tills
 * using the last use together cannot both succeed (the second finds no row to update and its sale rolls back).
 */
export async function useCoupon(trx: Kysely<Database>, businessId: string, couponId: string): Promise<void> {
  const r = await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('business_id', '=', businessId)
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw unprocessable('sales.errors.coupon_used_up', 'coupon_code');
}

/** Gives a coupon use back (a void, an edit that drops the coupon). */
export async function releaseCoupon(trx: Kysely<Database>, businessId: string, couponId: string): Promise<void> {
  await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('business_id', '=', businessId)
    .where('id', '=', couponId)
    .where('used_count', '>', 0)
    .execute();
}

export interface PreparedPayments {
  rows: { input: PaymentIn; amount: number; inSale: number; methodType: string }[];
  /** Applied to what was due (never above it). */
  paid: number;
  tendered: number;
  change: number;
  changeUsd: number;
  changeKhr: number;
}

/**
 * Payments against `due` (in `currency`): each an active payment method of the shop, handed over in USD or riel.
 * Only cash may exceed what is due; the change goes back as whole dollars and riel (100-riel notes), as the money
 * module computes it, in the shop's favour by less than one note.
 */
export async function preparePayments(
  trx: Kysely<Database>,
  businessId: string,
  payments: readonly PaymentIn[],
  due: number,
  currency: CurrencyCode,
  rate: ExchangeRate,
): Promise<PreparedPayments> {
  const rows: PreparedPayments['rows'] = [];
  for (const [i, p] of payments.entries()) {
    const field = `payments.${i}`;
    const [method] = await preparedRows(
      trx,
      trx
        .selectFrom('payment_methods')
        .select(['type', 'status'])
        .where('business_id', '=', businessId)
        .where('id', '=', p.payment_method_id),
    );
    if (!method?.status) throw unprocessable('sales.errors.method_required', `${field}.payment_method_id`);
    const amount = toMinor(p.amount, p.currency, `${field}.amount`);
    if (amount <= 0) throw unprocessable('sales.errors.payment_amount_required', `${field}.amount`);
    rows.push({ input: p, amount, inSale: 0, methodType: method.type });
  }
  // Each payment's worth in the sale's currency, adding up to exactly what the sale is credited (paidInDue below).
  tenderValues(
    rows.map((r) => money(r.amount, r.input.currency)),
    currency,
    rate,
  ).forEach((v, i) => (rows[i]!.inSale = v.amount));
  const totalDue = money(due, currency);
  const tender = (list: typeof rows) => list.map((r) => money(r.amount, r.input.currency));
  // Money that does not go through the drawer cannot be given back as change.
  const nonCash = computeChange({ totalDue, tendered: tender(rows.filter((r) => r.methodType !== 'cash')), rate });
  if (nonCash.changeDue.amount > 0) throw unprocessable('sales.errors.only_cash_over', 'payments');
  const c = computeChange({ totalDue, tendered: tender(rows), rate });
  const changeUsd = currency === 'USD' ? c.changeSplit.usd.amount : 0;
  const changeKhr = currency === 'USD' ? c.changeSplit.khr.amount : c.changeInRiel.amount;
  return {
    rows,
    paid: due - c.remaining.amount,
    tendered: c.paidInDue.amount,
    change: c.changeDue.amount,
    changeUsd,
    changeKhr,
  };
}

/** Writes the payments of a sale and, when a cash session takes them, the drawer's entries (cash in, change out). */
export async function writePayments(
  trx: Kysely<Database>,
  ctx: Pick<RequestContext, 'businessId' | 'userId'>,
  saleId: string,
  prepared: PreparedPayments,
  sessionId: string | null,
  paidOn: string,
  at: string,
  cashKind: 'sale' | 'payment',
): Promise<void> {
  for (const r of prepared.rows) {
    await trx
      .insertInto('sale_payments')
      .values({
        business_id: ctx.businessId,
        id: newId(),
        sale_id: saleId,
        payment_method_id: r.input.payment_method_id,
        method_type: r.methodType,
        currency: r.input.currency,
        amount: r.amount,
        amount_in_sale_currency: r.inSale,
        reference: r.input.reference ?? '',
        khqr_md5: r.input.khqr_md5 ?? null,
        cash_session_id: sessionId,
        paid_on: paidOn,
        created_by: ctx.userId,
        created_at: at,
      })
      .execute();
  }
  if (!sessionId) return;
  const entries: { kind: 'sale' | 'payment' | 'change'; currency: 'USD' | 'KHR'; amount: number }[] = [];
  for (const r of prepared.rows)
    if (r.methodType === 'cash') entries.push({ kind: cashKind, currency: r.input.currency, amount: r.amount });
  if (prepared.changeUsd > 0) entries.push({ kind: 'change', currency: 'USD', amount: -prepared.changeUsd });
  if (prepared.changeKhr > 0) entries.push({ kind: 'change', currency: 'KHR', amount: -prepared.changeKhr });
  if (!entries.length) return;
  await trx
    .insertInto('cash_session_entries')
    .values(
      entries.map((e) => ({
        business_id: ctx.businessId,
        id: newId(),
        session_id: sessionId,
        kind: e.kind,
        currency: e.currency,
        amount: e.amount,
        sale_id: saleId,
        return_id: null,
        reason: '',
        created_by: ctx.userId,
        created_at: at,
      })),
    )
    .execute();
}

interface PreparedLine {
  id: string;
  productId: string;
  variantId: string;
  name: string;
  unit: { id: string; factor: number } | null;
  quantity: number;
  unitPrice: number;
  discount: Discount | undefined;
}

/** What a line needs of its product, with what the stock ledger needs of it (handed on, not read again). */
const LINE_PRODUCT_COLUMNS = [
  'id',
  'product_name',
  'product_name as name',
  'type',
  'currency',
  'sale_cost',
  'sale_unit_id',
  'is_variation_cost',
  'all_branches',
  'status',
  'is_stock_manage',
  'sku_code',
  'image',
  'stock_alert',
  'purchase_cost',
  'has_expiry',
] as const;

/**
 * The lines: items of the shop, active, sold in the branch; price from the catalogue unless edits are allowed.
 * Their products are read in one statement and answered too, for the stock ledger.
 */
async function prepareLines(
  trx: Kysely<Database>,
  ctx: Pick<RequestContext, 'businessId'>,
  input: SaleIn,
  branchId: string,
  s: SaleSettings,
  frozen: boolean,
): Promise<{ lines: PreparedLine[]; products: Map<string, ProductRow> }> {
  const ids = [...new Set(input.lines.map((l) => l.product_id))];
  const found = await preparedRows(
    trx,
    trx.selectFrom('products').select(LINE_PRODUCT_COLUMNS).where('business_id', '=', ctx.businessId).where('id', 'in', ids),
  );
  const byId = new Map(found.map((p) => [p.id, p]));
  const out: PreparedLine[] = [];
  for (const [i, line] of input.lines.entries()) {
    const field = `lines.${i}`;
    const p = byId.get(line.product_id);
    if (!p?.status) throw unprocessable('sales.errors.product_unknown', `${field}.product_id`);
    if (p.currency !== s.currency) throw unprocessable('sales.errors.currency_mismatch', `${field}.product_id`);
    if (!p.all_branches) {
      const here = await trx
        .selectFrom('product_branches')
        .select('branch_id')
        .where('business_id', '=', ctx.businessId)
        .where('product_id', '=', line.product_id)
        .where('branch_id', '=', branchId)
        .executeTakeFirst();
      if (!here) throw unprocessable('sales.errors.product_not_in_branch', `${field}.product_id`);
    }
    if ((p.type === 'variation') !== Boolean(line.variant_id)) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
    let name = p.product_name;
    let price = Number(p.sale_cost);
    if (line.variant_id) {
      const v = await trx
        .selectFrom('product_variants')
        .select(['name', 'sale_cost', 'status'])
        .where('business_id', '=', ctx.businessId)
        .where('product_id', '=', line.product_id)
        .where('id', '=', line.variant_id)
        .executeTakeFirst();
      if (!v?.status) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
      name = `${p.product_name} - ${v.name}`;
      // Without is_variation_cost every variant sells at the product's own price.
      if (p.is_variation_cost) price = Number(v.sale_cost);
    }
    const unitId = line.unit_id === undefined ? p.sale_unit_id : line.unit_id;
    const unit = await unitFactor(trx, ctx.businessId, line.product_id, unitId, `${field}.unit_id`);
    // The catalogue's price is per the product's own unit; a box of 24 costs 24 of them.
    if (unit) price = roundDiv(BigInt(price) * BigInt(unit.factor), BigInt(FACTOR_SCALE), 'half-up');
    if (line.unit_price !== null && line.unit_price !== undefined) {
      const asked = toMinor(line.unit_price, s.currency, `${field}.unit_price`);
      if (asked !== price && !s.editCost && !frozen) throw unprocessable('sales.errors.price_edit_forbidden', `${field}.unit_price`);
      price = asked;
    }
    const discount = discountOf(line.discount, s.currency, `${field}.discount.value`);
    if (discount && discount.value > 0 && !s.inlineDiscount && !frozen)
      throw unprocessable('sales.errors.line_discount_forbidden', `${field}.discount`);
    out.push({
      id: newId(),
      productId: line.product_id,
      variantId: line.variant_id ?? '',
      name,
      unit,
      quantity: parseQuantity(line.quantity),
      unitPrice: price,
      discount: discount && discount.value > 0 ? discount : undefined,
    });
  }
  return { lines: out, products: new Map(found.map((p) => [p.id, p])) };
}

/**
 * Commits a sale, invoice or quotation inside the caller's transaction: its number, lines (unit, price, discounts,
 * VAT and the cost of what left stock), service charge, coupon use, payments and change, cash session entries, stock
 * movements and audit line. Any refusal throws and the caller's transaction rolls back, so nothing is saved.
 * Returns the document's id.
 */
export async function commitSale(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, input: SaleIn, opts: CommitOptions = {}) {
  const { kind, clock } = deps;
  const now = clock.now();
  const at = now.toISOString();
  const s = await saleSettings(trx, ctx.businessId);
  const today = localDay(now, s.timeZone);
  const till = isTillSale(input);
  const quotation = input.document === 'quotation';

  // The branch: a till sale's is its session's; a back-office document names one (a branch user: its own).
  const session = await openSession(trx, deps.kind, ctx);
  let branchId: string;
  if (till) {
    if (!session) throw unprocessable('sales.errors.no_open_session');
    branchId = session.branch_id;
    if (ctx.branchId && ctx.branchId !== branchId) throw unprocessable('sales.errors.branch_not_yours', 'branch_id');
  } else {
    if (ctx.branchId && input.branch_id && input.branch_id !== ctx.branchId)
      throw unprocessable('sales.errors.branch_not_yours', 'branch_id');
    const requested = ctx.branchId ?? input.branch_id;
    if (!requested) throw unprocessable('validation.branch_required', 'branch_id');
    branchId = requested;
  }
  // The branch and the customer (the one asked for, else the shop's default, else its walk-in) in one statement.
  const wanted = input.customer_id ?? s.defaultCustomerId;
  const walkIn = sql<string>`(select w.id from customers w where w.business_id = ${ctx.businessId} and w.is_walk_in = 1 limit 1)`;
  const [found] = await preparedRows(
    trx,
    trx
      .selectFrom('branches as b')
      .leftJoin('customers as c', (j) =>
        j.onRef('c.business_id', '=', 'b.business_id').on('c.id', '=', wanted ? sql<string>`${wanted}` : walkIn),
      )
      .select(['b.id', 'c.id as customer_id', 'c.is_walk_in', 'c.status as customer_status'])
      .where('b.business_id', '=', ctx.businessId)
      .where('b.id', '=', branchId)
      .where('b.status', '=', 1),
  );
  if (!found) throw unprocessable('validation.branch_required', 'branch_id');
  // Cash goes through the caller's drawer when it is open at this branch (always for a till sale).
  const drawer = session && session.branch_id === branchId && !quotation ? session.id : null;
  if (!found.customer_id || !found.customer_status) throw unprocessable('sales.errors.customer_unknown', 'customer_id');
  const customer = { id: found.customer_id, is_walk_in: found.is_walk_in };

  let saleDate = today;
  if (input.sale_date && input.sale_date !== today) {
    if (!s.editDate) throw unprocessable('sales.errors.date_edit_forbidden', 'sale_date');
    saleDate = input.sale_date;
  }

  // Totals, only through the money module: line discounts, then the order discount and the coupon as one document
  // discount (kept apart on the sale), the service charge, VAT inclusive or exclusive; shipping on top, untaxed.
  const { lines, products } = await prepareLines(trx, ctx, input, branchId, s, Boolean(opts.frozen));
  for (const [i, l] of lines.entries())
    if (l.discount?.type === 'fixed' && l.discount.value > lineAmount(l.quantity, l.unitPrice))
      throw unprocessable('sales.errors.discount_over_total', `lines.${i}.discount.value`);
  const base = computeDocumentTotals({
    currency: s.currency,
    lines: lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, ...(l.discount ? { discount: l.discount } : {}) })),
  });
  const orderDiscount = discountOf(input.discount, s.currency, 'discount.value');
  if (orderDiscount?.type === 'fixed' && orderDiscount.value > base.subtotal)
    throw unprocessable('sales.errors.discount_over_total', 'discount.value');
  const discountAmount = applyDiscount(base.subtotal, orderDiscount).discount;
  let coupon: CouponUse | null = null;
  let couponAmount = 0;
  if (input.coupon_code) {
    coupon = await findCoupon(trx, ctx.businessId, input.coupon_code, today);
    const left = base.subtotal - discountAmount;
    // A fixed coupon worth more than what is left makes the rest free; it never pays the customer.
    couponAmount = coupon.type === 'percent' ? percentOf(left, coupon.value) : Math.min(coupon.value, left);
  }
  let service: { id: string; type: 'percentage' | 'fixed'; value: number } | null = null;
  if (input.service_charge_id) {
    const sc = await trx
      .selectFrom('service_charges')
      .select(['id', 'type', 'value', 'currency', 'status'])
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', input.service_charge_id)
      .executeTakeFirst();
    if (!sc?.status) throw unprocessable('sales.errors.service_charge_unknown', 'service_charge_id');
    if (sc.type === 'fixed' && sc.currency && sc.currency !== s.currency)
      throw unprocessable('sales.errors.currency_mismatch', 'service_charge_id');
    service = { id: sc.id, type: sc.type === 'fixed' ? 'fixed' : 'percentage', value: Number(sc.value) };
  }
  const totals = computeDocumentTotals({
    currency: s.currency,
    lines: lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, ...(l.discount ? { discount: l.discount } : {}) })),
    ...(discountAmount + couponAmount > 0 ? { discount: { type: 'fixed' as const, value: discountAmount + couponAmount } } : {}),
    ...(service ? { service: { type: service.type, value: service.value } } : {}),
    ...(s.vatRate > 0 ? { vat: { rate: s.vatRate, inclusive: s.vatInclusive } } : {}),
  });
  const shipping = toMinor(input.shipping, s.currency, 'shipping');
  const grandTotal = totals.total + shipping;
  const nets = totals.lines.map((l, i) => l.net - totals.documentDiscountAllocation[i]!);
  const taxes = allocate(
    totals.tax,
    nets.map((n) => Math.max(n, 0)),
  );

  // Payments: a till sale is paid at once; what is not paid is the customer's due, which the walk-in cannot owe.
  if (quotation && input.payments.length) throw unprocessable('sales.errors.quotation_no_payments', 'payments');
  if (till && !input.payments.length && grandTotal > 0) throw unprocessable('sales.errors.payment_required', 'payments');
  const pay = await preparePayments(trx, ctx.businessId, input.payments, grandTotal, s.currency, s.rate);
  if (!quotation && pay.paid < grandTotal && customer.is_walk_in) throw unprocessable('sales.errors.walk_in_must_pay', 'payments');

  const id = opts.replaceId ?? newId();

  // The stock first: its level rows are locked in a fixed order and what left is costed (the cost is frozen on the
  // lines and the sale, written once below instead of updated after).
  const cost = new Map<string, number>();
  if (!quotation) {
    const ledger: LedgerLine[] = lines.map((l) => ({
      branchId,
      productId: l.productId,
      variantId: l.variantId || null,
      quantity: l.quantity,
      unit: l.unit,
      docLineId: l.id,
    }));
    const moved = await postMovementsWith(
      trx,
      kind,
      now,
      ctx,
      { type: 'sale_out', docType: SALE_DOC, docId: id, lines: ledger },
      { settings: s.stock, products },
    );
    for (const m of moved) if (m.docLineId) cost.set(m.docLineId, (cost.get(m.docLineId) ?? 0) - Number(m.costTotal));
  }
  let costTotal = 0;
  for (const c of cost.values()) costTotal += c;
  if (coupon && !quotation) await useCoupon(trx, ctx.businessId, coupon.id);

  const header = {
    document: input.document,
    sale_type: input.sale_type,
    status: quotation ? ('open' as const) : ('completed' as const),
    branch_id: branchId,
    cash_session_id: drawer,
    customer_id: customer.id,
    sale_date: saleDate,
    currency: s.currency,
    exchange_rate: s.rate.rate,
    vat_rate: s.vatRate,
    vat_inclusive: s.vatInclusive ? 1 : 0,
    discount_type: discountColumns(orderDiscount)?.discount_type ?? null,
    discount_value: discountColumns(orderDiscount)?.discount_value ?? 0,
    discount_amount: discountAmount,
    coupon_id: coupon?.id ?? null,
    coupon_code: coupon?.code ?? null,
    coupon_amount: couponAmount,
    service_charge_id: service?.id ?? null,
    service_type: service?.type ?? null,
    service_value: service?.value ?? 0,
    service_charge: totals.serviceCharge,
    subtotal: totals.subtotal,
    tax: totals.tax,
    shipping,
    grand_total: grandTotal,
    paid_amount: pay.paid,
    tendered_amount: pay.tendered,
    change_amount: pay.change,
    change_usd: pay.changeUsd,
    change_khr: pay.changeKhr,
    payment_status: paymentStatusOf(pay.paid, grandTotal),
    cost_total: costTotal,
    line_count: lines.length,
    note: input.note,
    updated_at: at,
  };
  // Last, the number and what carries it: on PostgreSQL the series' counter row stays locked from here to the commit
  // and every other sale of the branch waits for it, so everything that can come before it does.
  let number: string;
  if (opts.replaceId) {
    const row = await trx
      .updateTable('sales')
      .set(header)
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .returning('invoice_number')
      .executeTakeFirstOrThrow();
    number = row.invoice_number;
  } else {
    // Numbered per branch and kind of document, inside this transaction: never duplicated, no gap on a rollback.
    const series = `${quotation ? 'quotation' : 'sale'}:${branchId}`;
    const n = await nextDocumentNumber(trx, kind, ctx.businessId, series);
    number = `${quotation ? s.quotationPrefix : s.invoicePrefix}${String(n).padStart(6, '0')}`;
    // A second request with the same Idempotency-Key meets the unique index here (on PostgreSQL after waiting for the
    // first transaction) and rolls back; the service then answers the first sale.
    await trx
      .insertInto('sales')
      .values({
        business_id: ctx.businessId,
        id,
        invoice_number: number,
        ...header,
        sold_at: at,
        returned_amount: 0,
        delivered_at: null,
        converted_from_id: opts.convertedFromId ?? null,
        idempotency_key: opts.idempotencyKey ?? null,
        request_hash: opts.requestHash ?? null,
        created_by: ctx.userId,
        created_at: at,
        voided_at: null,
      })
      .execute();
  }

  await trx
    .insertInto('sale_lines')
    .values(
      lines.map((l, i) => {
        const t = totals.lines[i]!;
        return {
          business_id: ctx.businessId,
          id: l.id,
          sale_id: id,
          line_no: i,
          product_id: l.productId,
          variant_id: l.variantId,
          product_name: l.name,
          unit_id: l.unit?.id ?? null,
          unit_factor: l.unit?.factor ?? FACTOR_SCALE,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          discount_type: discountColumns(l.discount)?.discount_type ?? null,
          discount_value: discountColumns(l.discount)?.discount_value ?? 0,
          gross_amount: t.gross,
          line_discount: t.discount,
          order_discount_share: totals.documentDiscountAllocation[i]!,
          net_amount: nets[i]!,
          tax_amount: taxes[i]!,
          cost_amount: cost.get(l.id) ?? 0,
        };
      }),
    )
    .execute();
  if (!quotation) await writePayments(trx, ctx, id, pay, drawer, saleDate, at, 'sale');
  await auditFor(clock, 'sale')(trx, ctx, opts.replaceId ? 'update' : 'create', id, { invoice_number: number, document: input.document });
  return id;
}
