import { sql, type Kysely } from 'kysely';
import { convertQuantity, formatQuantity } from '@posauto/shared/money/index';
import type { Purchase, PurchaseDetail } from '@posauto/shared/schemas/purchases';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { creatorName, documentFrom, lineGoods } from '../../db/document-header';
import { whereBranch, type RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { mediaUrl } from '../media/index';
import { moneyOut } from './purchase-money';

// The reads of a purchase: its list row, its detail and what its supplier is owed.

export const purchaseHeader = (db: Kysely<Database>, businessId: string) =>
  documentFrom(db, 'purchases', 'p', businessId)
    .innerJoin('suppliers as s', sameShop('s', 'p.supplier_id'))
    .select([
      'p.id',
      'p.purchase_number',
      'p.purchase_date',
      'p.supplier_id',
      's.name as supplier_name',
      'p.branch_id',
      'b.name as branch_name',
      'p.status',
      'p.payment_status',
      'p.currency',
      'p.subtotal',
      'p.shipping_cost',
      'p.grand_total',
      'p.paid_amount',
      'p.note',
      'p.line_count',
      creatorName.as('created_by'),
      'p.created_at',
      'p.received_at',
    ]);

type HeaderRow = Awaited<ReturnType<ReturnType<typeof purchaseHeader>['executeTakeFirstOrThrow']>>;

export function purchaseToApi(r: HeaderRow): Purchase {
  const { subtotal, shipping_cost, grand_total, paid_amount, ...rest } = r;
  return {
    ...rest,
    subtotal: moneyOut(subtotal, r.currency),
    shipping_cost: moneyOut(shipping_cost, r.currency),
    grand_total: moneyOut(grand_total, r.currency),
    paid: moneyOut(paid_amount, r.currency),
    balance_due: moneyOut(Math.max(grand_total - paid_amount, 0), r.currency),
  };
}

/** A document line's product as a person reads it: "Shirt - Red" for a variant, and the variant's own SKU if it has one. */
export function lineProduct<S>(l: { product_name: string; variant_name: string | null; sku_code: S; variant_sku: S | null }) {
  return { product_name: l.variant_name ? `${l.product_name} - ${l.variant_name}` : l.product_name, sku_code: l.variant_sku ?? l.sku_code };
}

/** What a supplier is owed over all its purchases that are not void (a branch user: its branch's purchases). */
export async function supplierDue(db: Kysely<Database>, ctx: RequestContext, supplierId: string) {
  let q = db
    .selectFrom('purchases')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(grand_total), 0)`.as('total'),
      sql<number>`coalesce(sum(paid_amount), 0)`.as('paid'),
      sql<number>`coalesce(sum(case when grand_total > paid_amount then grand_total - paid_amount else 0 end), 0)`.as('due'),
    ])
    .where('business_id', '=', ctx.businessId)
    .where('supplier_id', '=', supplierId)
    .where('status', '!=', 'void');
  q = whereBranch(q, 'branch_id', ctx);
  const r = await q.executeTakeFirstOrThrow();
  return { n: Number(r.n), total: Number(r.total), paid: Number(r.paid), due: Number(r.due) };
}

/** One purchase as its detail screen shows it (a branch user: only its branch's), with its lines, payments and what the
 * supplier is owed in all. */
export async function purchaseDetail(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string): Promise<PurchaseDetail> {
  let q = purchaseHeader(trx, ctx.businessId).select('p.attachment').where('p.id', '=', id);
  q = whereBranch(q, 'p.branch_id', ctx);
  const found = await q.executeTakeFirst();
  if (!found) throw notFound();
  const { attachment, ...head } = found;
  const c = head.currency;
  const lines = await trx
    .selectFrom('purchase_lines as l')
    .$call(lineGoods('l'))
    .select([
      'l.id',
      'l.product_id',
      'l.variant_id',
      'pr.product_name',
      'v.name as variant_name',
      'pr.sku_code',
      'v.sku_code as variant_sku',
      'pr.has_expiry',
      'l.unit_id',
      'u.name as unit_name',
      'l.unit_factor',
      'l.quantity',
      'l.unit_cost',
      'l.line_total',
      'l.shipping_share',
      'l.expiry_date',
    ])
    .where('l.business_id', '=', ctx.businessId)
    .where('l.purchase_id', '=', id)
    .orderBy('l.line_no')
    .execute();
  const returned = await returnedByLine(trx, ctx.businessId, id);
  const payments = await trx
    .selectFrom('purchase_payments as y')
    .innerJoin('payment_methods as m', sameShop('m', 'y.payment_method_id'))
    .select([
      'y.id',
      'y.payment_method_id',
      'm.name as payment_method_name',
      'y.amount',
      'y.tendered_currency',
      'y.tendered_amount',
      'y.paid_on',
      'y.note',
      'y.created_at',
    ])
    .where('y.business_id', '=', ctx.businessId)
    .where('y.purchase_id', '=', id)
    .orderBy('y.created_at')
    .orderBy('y.id')
    .execute();
  const due = await supplierDue(trx, ctx, head.supplier_id);
  return {
    ...purchaseToApi(head),
    lines: lines.map((l) => {
      const back = returned.get(l.id) ?? 0;
      const left = head.status === 'received' ? l.quantity - back : 0;
      return {
        id: l.id,
        product_id: l.product_id,
        variant_id: l.variant_id || null,
        product_name: l.variant_name ? `${l.product_name} - ${l.variant_name}` : l.product_name,
        sku_code: l.variant_sku ?? l.sku_code,
        has_expiry: Boolean(l.has_expiry),
        unit_id: l.unit_id,
        unit_name: l.unit_name,
        quantity: formatQuantity(l.quantity),
        base_quantity: formatQuantity(convertQuantity(l.quantity, l.unit_factor, 'half-up')),
        unit_cost: moneyOut(l.unit_cost, c),
        line_total: moneyOut(l.line_total, c),
        shipping_share: moneyOut(l.shipping_share, c),
        expiry_date: l.expiry_date,
        returned_quantity: formatQuantity(back),
        returnable_quantity: formatQuantity(Math.max(left, 0)),
      };
    }),
    payments: payments.map((p) => ({
      ...p,
      amount: moneyOut(p.amount, c),
      tendered_currency: p.tendered_currency as 'USD' | 'KHR',
      tendered_amount: moneyOut(p.tendered_amount, p.tendered_currency),
    })),
    supplier_balance_due: moneyOut(due.due, c),
    attachment,
    attachment_url: mediaUrl(deps, attachment),
  };
}

/** Quantities already returned per purchase line (posted returns only), in the line's unit. */
export async function returnedByLine(trx: Kysely<Database>, businessId: string, purchaseId: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('purchase_return_lines as l')
    .innerJoin('purchase_returns as r', sameShop('r', 'l.return_id'))
    .select(['l.purchase_line_id', 'l.quantity'])
    .where('l.business_id', '=', businessId)
    .where('r.purchase_id', '=', purchaseId)
    .where('r.status', '=', 'posted')
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.purchase_line_id, (out.get(r.purchase_line_id) ?? 0) + Number(r.quantity));
  return out;
}
