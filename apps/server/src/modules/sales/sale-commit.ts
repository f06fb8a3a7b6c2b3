import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  FACTOR_SCALE,
  allocate,
  applyDiscount,
  computeDocumentTotals,
  documentLimitProblem,
  exchangeRate,
  isCurrencyCode,
  lineAmount,
  percentOf,
  type CurrencyCode,
  type Discount,
} from '@posauto/shared/money/index';
import type { saleInputSchema } from '@posauto/shared/schemas/sales';
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
import { usableCoupon, useCoupon, type UsableCoupon } from '../coupons/index';
import { postMovementsWith, type LedgerLine, type StockSettings } from '../stock/index';
import { checkDiscountLimit, discountPercent } from './sale-discount';
import { catalogueGross, discountOf, prepareLines, type PreparedLine } from './sale-lines';
import { paymentStatusOf, toMinor } from './sale-money';
import { assertChangeInDrawer, preparePayments, writePayments, type PreparedPayments } from './sale-payments';

export type SaleIn = z.output<typeof saleInputSchema>;
export { preparePayments, writePayments, type PaymentIn, type PreparedPayments } from './sale-payments';

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

/** Stored discount columns: type and value as entered (percent in hundredths, fixed in minor units). */
const discountColumns = (d: Discount | undefined) =>
  d ? { discount_type: d.type === 'percentage' ? ('percent' as const) : ('fixed' as const), discount_value: d.value } : null;

/** Step 1, parties and session: the branch, the customer and the drawer that takes the cash. */
async function partiesAndSession(trx: Kysely<Database>, kind: DialectKind, ctx: RequestContext, input: SaleIn, s: SaleSettings) {
  const till = isTillSale(input);
  // The branch: a till sale's is its session's; a back-office document names one (a branch user: its own).
  const session = await openSession(trx, kind, ctx);
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
  if (!found.customer_id || !found.customer_status) throw unprocessable('sales.errors.customer_unknown', 'customer_id');
  // Cash goes through the caller's drawer when it is open at this branch (always for a till sale).
  const drawer = session && session.branch_id === branchId && input.document !== 'quotation' ? session.id : null;
  return { branchId, drawer, customer: { id: found.customer_id, isWalkIn: Boolean(found.is_walk_in) } };
}

/**
 * Step 3, totals, only through the money module: line discounts, then the order discount and the coupon as one
 * document discount (kept apart on the sale), the service charge, VAT inclusive or exclusive; shipping on top, untaxed.
 */
async function saleTotals(
  trx: Kysely<Database>,
  ctx: RequestContext,
  input: SaleIn,
  lines: PreparedLine[],
  s: SaleSettings,
  today: string,
) {
  for (const [i, l] of lines.entries())
    if (l.discount?.type === 'fixed' && l.discount.value > lineAmount(l.quantity, l.unitPrice))
      throw unprocessable('sales.errors.discount_over_total', `lines.${i}.discount.value`);
  const asLines = lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, ...(l.discount ? { discount: l.discount } : {}) }));
  const base = computeDocumentTotals({ currency: s.currency, lines: asLines });
  const orderDiscount = discountOf(input.discount, s.currency, 'discount.value');
  if (orderDiscount?.type === 'fixed' && orderDiscount.value > base.subtotal)
    throw unprocessable('sales.errors.discount_over_total', 'discount.value');
  const discountAmount = applyDiscount(base.subtotal, orderDiscount).discount;
  let coupon: UsableCoupon | null = null;
  let couponAmount = 0;
  if (input.coupon_code) {
    coupon = await usableCoupon(trx, ctx.businessId, input.coupon_code, today, 'coupon_code');
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
    lines: asLines,
    ...(discountAmount + couponAmount > 0 ? { discount: { type: 'fixed' as const, value: discountAmount + couponAmount } } : {}),
    ...(service ? { service: { type: service.type, value: service.value } } : {}),
    ...(s.vatRate > 0 ? { vat: { rate: s.vatRate, inclusive: s.vatInclusive } } : {}),
  });
  const shipping = toMinor(input.shipping, s.currency, 'shipping');
  const nets = totals.lines.map((l, i) => l.net - totals.documentDiscountAllocation[i]!);
  const taxes = allocate(
    totals.tax,
    nets.map((n) => Math.max(n, 0)),
  );
  // The discount the seller gave (a coupon is the shop's own offer): what the role's limit is checked against.
  const given = discountPercent(catalogueGross(lines), base.subtotal - discountAmount);
  return { totals, orderDiscount, discountAmount, coupon, couponAmount, service, shipping, nets, taxes, given };
}

/** Step 4, payments and change: a till sale is paid at once; what is not paid is the customer's due. */
async function paymentsAndChange(
  trx: Kysely<Database>,
  ctx: RequestContext,
  input: SaleIn,
  due: number,
  s: SaleSettings,
  place: { drawer: string | null; customer: { isWalkIn: boolean } },
): Promise<PreparedPayments> {
  const quotation = input.document === 'quotation';
  if (quotation && input.payments.length) throw unprocessable('sales.errors.quotation_no_payments', 'payments');
  if (isTillSale(input) && !input.payments.length && due > 0) throw unprocessable('sales.errors.payment_required', 'payments');
  const pay = await preparePayments(trx, ctx.businessId, input.payments, due, s.currency, s.rate, input.change_in);
  // The walk-in customer cannot owe: what is not paid needs a named customer.
  if (!quotation && pay.paid < due + pay.rounding && place.customer.isWalkIn)
    throw unprocessable('sales.errors.walk_in_must_pay', 'payments');
  if (place.drawer) await assertChangeInDrawer(trx, ctx.businessId, place.drawer, pay);
  return pay;
}

/** Step 5, stock: the lines leave through the ledger (levels locked in a fixed order); what left is costed. */
async function stockOut(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  saleId: string,
  branchId: string,
  lines: PreparedLine[],
  known: { settings: StockSettings; products: Awaited<ReturnType<typeof prepareLines>>['products'] },
): Promise<Map<string, number>> {
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
    deps.kind,
    deps.clock.now(),
    ctx,
    { type: 'sale_out', docType: SALE_DOC, docId: saleId, lines: ledger },
    known,
  );
  // The cost of each line: what the ledger costed, plus what it does not cost (products that do not manage stock).
  const cost = new Map(lines.map((l) => [l.id, l.unmanagedCost]));
  for (const m of moved) if (m.docLineId) cost.set(m.docLineId, (cost.get(m.docLineId) ?? 0) - Number(m.costTotal));
  return cost;
}

/**
 * Commits a sale, invoice or quotation inside the caller's transaction, in named steps: parties and session, lines and
 * prices, totals, the discount limit, payments and change, stock, the number and the time, the rows, the drawer and
 * the audit. Any refusal throws and the caller's transaction rolls back, so nothing is saved. Returns the id.
 */
export async function commitSale(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, input: SaleIn, opts: CommitOptions = {}) {
  const { kind, clock } = deps;
  const s = await saleSettings(trx, ctx.businessId);
  const today = localDay(clock.now(), s.timeZone);
  const quotation = input.document === 'quotation';
  if (input.sale_date && input.sale_date !== today && !s.editDate) throw unprocessable('sales.errors.date_edit_forbidden', 'sale_date');

  const place = await partiesAndSession(trx, kind, ctx, input, s);
  const { lines, products } = await prepareLines(trx, ctx, input, place.branchId, s, Boolean(opts.frozen));
  // The lines at the prices they sell at (the catalogue's times the unit's factor) within NUMBER_LIMITS: a 422, not an overflow.
  const overLimit = documentLimitProblem(s.currency, lines);
  if (overLimit) throw unprocessable(overLimit.key, overLimit.field);
  const t = await saleTotals(trx, ctx, input, lines, s, today);
  const id = opts.replaceId ?? newId();
  const approval = quotation || opts.frozen ? null : await checkDiscountLimit(trx, deps, ctx, t.given, input.discount_approval_id, id);
  const pay = await paymentsAndChange(trx, ctx, input, t.totals.total + t.shipping, s, place);
  const grandTotal = t.totals.total + t.shipping + pay.rounding;

  const cost = quotation
    ? new Map<string, number>()
    : await stockOut(trx, deps, ctx, id, place.branchId, lines, { settings: s.stock, products });
  let costTotal = 0;
  for (const c of cost.values()) costTotal += c;
  if (t.coupon && !quotation) await useCoupon(trx, ctx.businessId, t.coupon.id);

  const header = {
    document: input.document,
    sale_type: input.sale_type,
    status: quotation ? ('open' as const) : ('completed' as const),
    branch_id: place.branchId,
    cash_session_id: place.drawer,
    customer_id: place.customer.id,
    currency: s.currency,
    exchange_rate: s.rate.rate,
    vat_rate: s.vatRate,
    vat_inclusive: s.vatInclusive ? 1 : 0,
    discount_type: discountColumns(t.orderDiscount)?.discount_type ?? null,
    discount_value: discountColumns(t.orderDiscount)?.discount_value ?? 0,
    discount_amount: t.discountAmount,
    coupon_id: t.coupon?.id ?? null,
    coupon_code: t.coupon?.code ?? null,
    coupon_amount: t.couponAmount,
    service_charge_id: t.service?.id ?? null,
    service_type: t.service?.type ?? null,
    service_value: t.service?.value ?? 0,
    service_charge: t.totals.serviceCharge,
    subtotal: t.totals.subtotal,
    tax: t.totals.tax,
    shipping: t.shipping,
    rounding: pay.rounding,
    grand_total: grandTotal,
    paid_amount: pay.paid,
    tendered_amount: pay.tendered,
    change_amount: pay.change,
    change_usd: pay.changeUsd,
    change_khr: pay.changeKhr,
    payment_status: paymentStatusOf(pay.paid, grandTotal),
    cost_total: costTotal,
    line_count: lines.length,
    approved_by: approval?.approvedBy ?? null,
    note: input.note,
  };
  // Last, the number and the time that go with it: on PostgreSQL the series' counter row stays locked from here to the
  // commit and every other sale of the shop waits for it, so everything that can come before it does. The time is read
  // once the number is ours, so a later number never carries an earlier time (nor an earlier day, across midnight).
  let number: string;
  let at: string;
  let saleDate: string;
  if (opts.replaceId) {
    at = clock.now().toISOString();
    saleDate = input.sale_date ?? today;
    const row = await trx
      .updateTable('sales')
      .set({ ...header, sale_date: saleDate, updated_at: at })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .returning('invoice_number')
      .executeTakeFirstOrThrow();
    number = row.invoice_number;
  } else {
    // One series per shop and kind of document, inside this transaction: never duplicated (two branches once printed
    // the same INV-000100), no gap on a rollback.
    const n = await nextDocumentNumber(trx, kind, ctx.businessId, quotation ? 'quotation' : 'sale');
    number = `${quotation ? s.quotationPrefix : s.invoicePrefix}${String(n).padStart(6, '0')}`;
    const soldAt = clock.now();
    at = soldAt.toISOString();
    saleDate = input.sale_date ?? localDay(soldAt, s.timeZone);
    // A second request with the same Idempotency-Key meets the unique index here (on PostgreSQL after waiting for the
    // first transaction) and rolls back; the service then answers the first sale.
    await trx
      .insertInto('sales')
      .values({
        business_id: ctx.businessId,
        id,
        invoice_number: number,
        ...header,
        sale_date: saleDate,
        updated_at: at,
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
        const lt = t.totals.lines[i]!;
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
          gross_amount: lt.gross,
          line_discount: lt.discount,
          order_discount_share: t.totals.documentDiscountAllocation[i]!,
          net_amount: t.nets[i]!,
          tax_amount: t.taxes[i]!,
          cost_amount: cost.get(l.id) ?? 0,
        };
      }),
    )
    .execute();
  if (!quotation) await writePayments(trx, ctx, id, pay, place.drawer, saleDate, at, 'sale');
  const audit = auditFor(clock, 'sale');
  await audit(trx, ctx, opts.replaceId ? 'update' : 'create', id, { invoice_number: number, document: input.document });
  if (approval)
    await audit(trx, ctx, 'discount_approved', id, {
      invoice_number: number,
      approved_by: approval.approvedBy,
      approver_name: approval.approverName,
      discount_percent: t.given,
    });
  const edits = lines.filter((l) => l.unitPrice !== l.cataloguePrice);
  if (edits.length && !opts.frozen)
    await audit(trx, ctx, 'price_edit', id, {
      invoice_number: number,
      lines: edits.map((l) => ({ product_name: l.name, catalogue_price: l.cataloguePrice, price: l.unitPrice })),
    });
  return id;
}
