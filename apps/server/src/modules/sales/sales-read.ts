import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { PERCENT_DIGITS, exchangeRate, formatDecimal, formatQuantity } from '@posauto/shared/money/index';
import type { Sale, SaleDetail } from '@posauto/shared/schemas/sales';
import type { Database } from '../../db/types';
import { preparedRows, type DialectKind } from '../../db/dialect/index';
import { precompiled } from '../../db/precompiled';
import { sameShop } from '../../db/same-shop';
import { creatorName, documentFrom } from '../../db/document-header';
import { whereBranch, type RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { moneyOut, rielOf } from './sale-money';
import { reviewFlags } from './sale-offline';

/**
 * What posted returns of a sale took off what the customer owes: the part that only reduced the sale's due (goods
 * never paid for), and refunds made to the balance. Cash refunds left the drawer instead, so they are not here.
 */
const balanceRefunded = sql<number>`coalesce((select sum(r.settled_amount + case when r.refund_method = 'balance' then r.refund_value else 0 end) from sale_returns r where r.business_id = s.business_id and r.sale_id = s.id and r.status = 'posted'), 0)`;

export const saleHeader = (db: Kysely<Database>, businessId: string) =>
  documentFrom(db, 'sales', 's', businessId)
    .innerJoin('customers as c', sameShop('c', 's.customer_id'))
    .select([
      's.id',
      's.invoice_number',
      's.document',
      's.sale_type',
      's.status',
      's.payment_status',
      's.sale_date',
      's.sold_at',
      's.branch_id',
      'b.name as branch_name',
      's.customer_id',
      'c.name as customer_name',
      'c.member_id',
      'c.is_walk_in',
      's.created_by as cashier_id',
      creatorName.as('cashier_name'),
      's.cash_session_id',
      's.currency',
      's.exchange_rate',
      's.subtotal',
      's.discount_amount',
      's.coupon_code',
      's.coupon_amount',
      's.service_charge',
      's.service_charge_id',
      's.vat_rate',
      's.vat_inclusive',
      's.tax',
      's.shipping',
      's.rounding',
      's.grand_total',
      's.paid_amount',
      's.returned_amount',
      's.tendered_amount',
      's.change_amount',
      's.change_usd',
      's.change_khr',
      's.line_count',
      's.note',
      's.created_at',
      's.approved_by',
      's.till_number',
      's.received_at',
      's.review',
      balanceRefunded.as('balance_refunded'),
    ]);

export type SaleHeaderRow = Awaited<ReturnType<ReturnType<typeof saleHeader>['executeTakeFirstOrThrow']>>;

/** What a sale is still owed: its total less what was paid and what returns took off the customer's balance. */
export const dueOf = (r: { grand_total: number; paid_amount: number; balance_refunded: number }) =>
  Math.max(Number(r.grand_total) - Number(r.paid_amount) - Number(r.balance_refunded), 0);

export function toApi(r: SaleHeaderRow): Sale {
  const c = r.currency;
  const m = (v: number) => moneyOut(Number(v), c);
  return {
    id: r.id,
    invoice_number: r.invoice_number,
    document: r.document,
    sale_type: r.sale_type,
    status: r.status,
    payment_status: r.payment_status,
    sale_date: r.sale_date,
    sold_at: r.sold_at,
    branch_id: r.branch_id,
    branch_name: r.branch_name,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    member_id: r.member_id,
    cashier_id: r.cashier_id,
    cashier_name: r.cashier_name,
    cash_session_id: r.cash_session_id,
    currency: c,
    exchange_rate: formatDecimal(Number(r.exchange_rate), 4),
    subtotal: m(r.subtotal),
    discount_amount: m(r.discount_amount),
    coupon_code: r.coupon_code,
    coupon_amount: m(r.coupon_amount),
    service_charge: m(r.service_charge),
    vat_rate: formatDecimal(Number(r.vat_rate), PERCENT_DIGITS),
    vat_inclusive: Boolean(r.vat_inclusive),
    tax: m(r.tax),
    shipping: m(r.shipping),
    rounding: m(r.rounding),
    grand_total: m(r.grand_total),
    grand_total_khr: moneyOut(rielOf(r.grand_total, c, exchangeRate(Number(r.exchange_rate))), 'KHR'),
    paid: m(r.paid_amount),
    balance_due: m(r.document === 'quotation' || r.status === 'void' ? 0 : dueOf(r)),
    returned_amount: m(r.returned_amount),
    line_count: Number(r.line_count),
    note: r.note,
    created_at: r.created_at,
    till_number: r.till_number === null ? null : Number(r.till_number),
    received_at: r.received_at,
    review: reviewFlags(r.review),
  };
}

/**
 * Which documents a caller reads: sale-management every one; otherwise sale-list (and the till's sale-pos) the POS
 * sales, sale-invoice the invoices, sale-quotation the quotations.
 */
export function visibleTo(ctx: Pick<RequestContext, 'permissions'>) {
  const p = ctx.permissions;
  if (p.has('sale-management')) return null;
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const any: Expression<SqlBool>[] = [];
    if (p.has('sale-list') || p.has('sale-pos')) any.push(eb.and([eb('s.document', '=', 'sale'), eb('s.sale_type', '=', 'pos_retail')]));
    if (p.has('sale-invoice')) any.push(eb('s.document', '=', 'invoice'));
    if (p.has('sale-quotation')) any.push(eb('s.document', '=', 'quotation'));
    return any.length ? eb.or(any) : sql<SqlBool>`1 = 0`;
  };
}

/** Quantities already returned per sale line (posted returns only), in the line's unit. */
export async function returnedByLine(trx: Kysely<Database>, businessId: string, saleId: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('sale_return_lines as l')
    .innerJoin('sale_returns as r', sameShop('r', 'l.return_id'))
    .select(['l.sale_line_id', 'l.quantity'])
    .where('l.business_id', '=', businessId)
    .where('r.sale_id', '=', saleId)
    .where('r.status', '=', 'posted')
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.sale_line_id, (out.get(r.sale_line_id) ?? 0) + Number(r.quantity));
  return out;
}

/** What a customer owes over all its sales and invoices that are not void (negative: credit); 0 for the walk-in. */
export async function customerDue(db: Kysely<Database>, ctx: RequestContext, customerId: string): Promise<number> {
  let q = db
    .selectFrom('sales as s')
    .select([
      sql<number>`coalesce(sum(s.grand_total - s.paid_amount), 0)`.as('owed'),
      sql<number>`coalesce(sum(${balanceRefunded}), 0)`.as('credited'),
    ])
    .where('s.business_id', '=', ctx.businessId)
    .where('s.customer_id', '=', customerId)
    .where('s.document', '!=', 'quotation')
    .where('s.status', '!=', 'void');
  q = whereBranch(q, 's.branch_id', ctx);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.owed) - Number(r.credited);
}

async function userName(trx: Kysely<Database>, businessId: string, id: string): Promise<string | null> {
  const u = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  return u ? `${u.first_name} ${u.last_name}`.trim() : null;
}

/** A sale's lines as its answer shows them: asked after every sale, so compiled once and prepared on PostgreSQL. */
const saleLines = precompiled(
  ['business', 'id'],
  (db, v) =>
    db
      .selectFrom('sale_lines as l')
      .innerJoin('products as p', sameShop('p', 'l.product_id'))
      .leftJoin('product_variants as v', sameShop('v', 'l.variant_id'))
      .leftJoin('units as u', sameShop('u', 'l.unit_id'))
      .select([
        'l.id',
        'l.product_id',
        'l.variant_id',
        'l.product_name',
        'p.sku_code',
        'v.sku_code as variant_sku',
        'l.unit_id',
        'u.name as unit_name',
        'l.quantity',
        'l.unit_price',
        'l.discount_type',
        'l.discount_value',
        'l.gross_amount',
        'l.line_discount',
        'l.order_discount_share',
        'l.net_amount',
        'l.tax_amount',
      ])
      .where('l.business_id', '=', v.business)
      .where('l.sale_id', '=', v.id)
      .orderBy('l.line_no'),
  { prepared: true },
);

/** A sale's payments as its answer shows them (see saleLines). */
const salePayments = precompiled(
  ['business', 'id'],
  (db, v) =>
    db
      .selectFrom('sale_payments as y')
      .innerJoin('payment_methods as m', sameShop('m', 'y.payment_method_id'))
      .select([
        'y.id',
        'y.payment_method_id',
        'm.name as payment_method_name',
        'y.method_type',
        'y.currency',
        'y.amount',
        'y.amount_in_sale_currency',
        'y.reference',
        'y.paid_on',
        'y.created_at',
      ])
      .where('y.business_id', '=', v.business)
      .where('y.sale_id', '=', v.id)
      .orderBy('y.created_at')
      .orderBy('y.id'),
  { prepared: true },
);

/**
 * One document with its lines, payments and returns, as the caller may see it; otherwise 404. `fresh`: the document
 * was just written by this request (it has no returns yet), so they are not looked for.
 */
export async function saleDetail(
  trx: Kysely<Database>,
  kind: DialectKind,
  ctx: RequestContext,
  id: string,
  fresh = false,
): Promise<SaleDetail> {
  let q = saleHeader(trx, ctx.businessId).where('s.id', '=', id);
  q = whereBranch(q, 's.branch_id', ctx);
  const visible = visibleTo(ctx);
  if (visible) q = q.where(visible);
  // Key lookups asked after every sale: prepared on PostgreSQL (preparedRows).
  const [head] = await preparedRows(trx, q);
  if (!head) throw notFound();
  const c = head.currency;
  const lines = (await saleLines(trx, kind, { business: ctx.businessId, id })).rows;
  const returned = fresh ? new Map<string, number>() : await returnedByLine(trx, ctx.businessId, id);
  const payments = (await salePayments(trx, kind, { business: ctx.businessId, id })).rows;
  const returns = fresh
    ? []
    : await trx
        .selectFrom('sale_returns')
        .select(['id', 'return_number', 'returned_on', 'total', 'refund_method'])
        .where('business_id', '=', ctx.businessId)
        .where('sale_id', '=', id)
        .where('status', '=', 'posted')
        .orderBy('created_at')
        .execute();
  const service = head.service_charge_id
    ? await trx
        .selectFrom('service_charges')
        .select('name')
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', head.service_charge_id)
        .executeTakeFirst()
    : undefined;
  const returnable = head.document !== 'quotation' && head.status === 'completed';
  return {
    ...toApi(head),
    lines: lines.map((l) => {
      const back = returned.get(l.id) ?? 0;
      return {
        id: l.id,
        product_id: l.product_id,
        variant_id: l.variant_id || null,
        product_name: l.product_name,
        sku_code: l.variant_sku ?? l.sku_code,
        unit_id: l.unit_id,
        unit_name: l.unit_name,
        quantity: formatQuantity(Number(l.quantity)),
        unit_price: moneyOut(l.unit_price, c),
        discount_type: l.discount_type,
        discount_value:
          l.discount_type === 'percent' ? formatDecimal(Number(l.discount_value), PERCENT_DIGITS) : moneyOut(l.discount_value, c),
        gross_amount: moneyOut(l.gross_amount, c),
        line_discount: moneyOut(l.line_discount, c),
        order_discount_share: moneyOut(l.order_discount_share, c),
        net_amount: moneyOut(l.net_amount, c),
        tax_amount: moneyOut(l.tax_amount, c),
        returned_quantity: formatQuantity(back),
        returnable_quantity: formatQuantity(returnable ? Math.max(Number(l.quantity) - back, 0) : 0),
      };
    }),
    payments: payments.map((p) => ({
      ...p,
      amount: moneyOut(p.amount, p.currency),
      amount_in_sale_currency: moneyOut(p.amount_in_sale_currency, c),
    })),
    tendered: moneyOut(head.tendered_amount, c),
    change: moneyOut(head.change_amount, c),
    change_usd: moneyOut(head.change_usd, 'USD'),
    change_khr: moneyOut(head.change_khr, 'KHR'),
    service_charge_name: service?.name ?? null,
    returns: returns.map((r) => ({ ...r, total: moneyOut(r.total, c) })),
    customer_balance_due: moneyOut(head.is_walk_in ? 0 : await customerDue(trx, ctx, head.customer_id), c),
    approved_by_name: head.approved_by ? await userName(trx, ctx.businessId, head.approved_by) : null,
  };
}

/**
 * The staff who recorded a sale the caller may see, by name: a cashier filter (sale reports, the sale lists' options)
 * offers only people with sales. `as: 'waiter'`: the staff who served a table sale (the reports' waiter filter).
 */
export function staffWithSales(db: Kysely<Database>, ctx: RequestContext, as: 'cashier' | 'waiter' = 'cashier') {
  const who = as === 'waiter' ? 's.waiter_id' : 's.created_by';
  return db
    .selectFrom('users as u')
    .select(['u.id', sql<string>`u.first_name || ' ' || u.last_name`.as('name')])
    .where('u.business_id', '=', ctx.businessId)
    .where((eb) =>
      eb.exists(
        whereBranch(
          eb.selectFrom('sales as s').select('s.id').whereRef('s.business_id', '=', 'u.business_id').whereRef(who, '=', 'u.id'),
          's.branch_id',
          ctx,
        ),
      ),
    )
    .orderBy('u.first_name')
    .orderBy('u.last_name');
}
