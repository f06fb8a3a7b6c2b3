import { sql } from 'kysely';
import { formatQuantity, roundDiv, QTY_SCALE } from '@posauto/shared/money/index';
import {
  ITEM_PURCHASE_COUNTED_STATUS,
  itemPurchaseReportQuerySchema,
  itemPurchaseReportResponseSchema,
  type ItemPurchaseReportQuery,
  type ItemPurchaseReportResponse,
} from '@posauto/shared/schemas/reports-purchases';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import { defineReport, resolvePeriod } from '../../../kernel/report-kit';
import { baseQuantity, datedIn, money, sumOf } from '../report-sql';
import { columns, num, TOTAL, type Cells, type T } from './sheet-cells';

const itemName = sql<string>`CASE WHEN v.name IS NULL THEN p.product_name ELSE p.product_name || ' - ' || v.name END`;

/**
 * The item purchase report: per item, what received purchases dated in the period brought in (base-unit quantity
 * and its landed cost: line totals plus their shipping shares, as stored) and what posted returns dated in the
 * period sent back. Only received purchases count: pending and ordered ones have put nothing in stock, and a void
 * one has taken its goods out again. Both halves are grouped sums in one statement; the rows are named after.
 */
export async function itemPurchaseReport(
  deps: Deps,
  ctx: RequestContext,
  query: ItemPurchaseReportQuery,
): Promise<ItemPurchaseReportResponse> {
  const { db } = deps;
  const period = await resolvePeriod(deps, ctx, query);
  const c = period.currency;
  const biz = ctx.businessId;

  let received = db
    .selectFrom('purchase_lines as l')
    .innerJoin('purchases as pu', (j) => j.onRef('pu.business_id', '=', 'l.business_id').onRef('pu.id', '=', 'l.purchase_id'))
    .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'l.business_id').onRef('p.id', '=', 'l.product_id'))
    .select([
      'l.product_id',
      'l.variant_id',
      baseQuantity('l').as('quantity'),
      sql<number>`l.line_total + l.shipping_share`.as('amount'),
      sql<number>`0`.as('returned_quantity'),
      sql<number>`0`.as('returned_amount'),
    ])
    .where('l.business_id', '=', biz)
    .where('pu.status', '=', ITEM_PURCHASE_COUNTED_STATUS)
    .where(datedIn(period, 'pu.purchase_date', 'pu.branch_id'));
  let returned = db
    .selectFrom('purchase_return_lines as rl')
    .innerJoin('purchase_returns as pr', (j) => j.onRef('pr.business_id', '=', 'rl.business_id').onRef('pr.id', '=', 'rl.return_id'))
    .innerJoin('purchases as pu', (j) => j.onRef('pu.business_id', '=', 'pr.business_id').onRef('pu.id', '=', 'pr.purchase_id'))
    .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'rl.business_id').onRef('p.id', '=', 'rl.product_id'))
    .select([
      'rl.product_id',
      'rl.variant_id',
      sql<number>`0`.as('quantity'),
      sql<number>`0`.as('amount'),
      baseQuantity('rl').as('returned_quantity'),
      sql<number>`rl.cost`.as('returned_amount'),
    ])
    .where('rl.business_id', '=', biz)
    .where('pr.status', '=', 'posted')
    .where(datedIn(period, 'pr.returned_on', 'pr.branch_id'));
  if (query.supplier_id) {
    received = received.where('pu.supplier_id', '=', query.supplier_id);
    returned = returned.where('pu.supplier_id', '=', query.supplier_id);
  }
  if (query.category_id) {
    received = received.where('p.category_id', '=', query.category_id);
    returned = returned.where('p.category_id', '=', query.category_id);
  }
  if (query.brand_id) {
    received = received.where('p.brand_id', '=', query.brand_id);
    returned = returned.where('p.brand_id', '=', query.brand_id);
  }

  const sums = db
    .selectFrom(received.unionAll(returned).as('x'))
    .select([
      'x.product_id',
      'x.variant_id',
      sumOf('x.quantity').as('quantity'),
      sumOf('x.amount').as('amount'),
      sumOf('x.returned_quantity').as('returned_quantity'),
      sumOf('x.returned_amount').as('returned_amount'),
    ])
    .groupBy(['x.product_id', 'x.variant_id']);

  const named = db
    .selectFrom(sums.as('a'))
    .innerJoin('products as p', (j) => j.on('p.business_id', '=', biz).onRef('p.id', '=', 'a.product_id'))
    .leftJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'p.business_id').onRef('v.id', '=', 'a.variant_id'))
    .leftJoin('units as u', (j) => j.onRef('u.business_id', '=', 'p.business_id').onRef('u.id', '=', 'p.unit_id'))
    .leftJoin('categories as cat', (j) => j.onRef('cat.business_id', '=', 'p.business_id').onRef('cat.id', '=', 'p.category_id'))
    .leftJoin('brands as br', (j) => j.onRef('br.business_id', '=', 'p.business_id').onRef('br.id', '=', 'p.brand_id'));

  const [rows, totals] = await Promise.all([
    named
      .select([
        'a.product_id',
        'a.variant_id',
        itemName.as('product_name'),
        sql<string>`COALESCE(v.sku_code, p.sku_code)`.as('sku_code'),
        'u.name as unit_name',
        'cat.name as category_name',
        'br.name as brand_name',
        'a.quantity',
        'a.amount',
        'a.returned_quantity',
        'a.returned_amount',
      ])
      .orderBy('product_name')
      .orderBy('a.product_id')
      .orderBy('a.variant_id')
      .execute(),
    db
      .selectFrom(sums.as('a'))
      .select([sql<number>`COUNT(*)`.as('items'), sumOf('a.amount').as('amount'), sumOf('a.returned_amount').as('returned_amount')])
      .executeTakeFirstOrThrow(),
  ]);

  return {
    period,
    rows: rows.map((r) => {
      const quantity = Number(r.quantity);
      const amount = Number(r.amount);
      // Cost per base unit: amount (minor units) per quantity (thousandths), rounded once, half up.
      const average = quantity > 0 ? money(roundDiv(BigInt(amount) * BigInt(QTY_SCALE), quantity, 'half-up'), c) : null;
      return {
        product_id: r.product_id,
        variant_id: r.variant_id || null,
        product_name: r.product_name,
        sku_code: r.sku_code,
        unit_name: r.unit_name ?? null,
        category_name: r.category_name ?? null,
        brand_name: r.brand_name ?? null,
        quantity: formatQuantity(quantity),
        amount: money(amount, c),
        average_cost: average,
        returned_quantity: formatQuantity(Number(r.returned_quantity)),
        returned_amount: money(r.returned_amount, c),
      };
    }),
    totals: { items: Number(totals.items), amount: money(totals.amount, c), returned_amount: money(totals.returned_amount, c) },
  };
}

const itemPurchaseSheet = {
  fileKey: 'purchase_reports.items.title',
  fileName: 'item-purchase-report',
  columns: (t: T) =>
    columns(t, [
      ['product', 'purchase_reports.col.product'],
      ['sku', 'purchase_reports.col.sku'],
      ['category', 'purchase_reports.col.category'],
      ['brand', 'purchase_reports.col.brand'],
      ['unit', 'purchase_reports.col.unit'],
      ['quantity', 'purchase_reports.col.quantity_received'],
      ['amount', 'purchase_reports.col.amount'],
      ['average_cost', 'purchase_reports.col.average_cost'],
      ['returned_quantity', 'purchase_reports.col.returned_quantity'],
      ['returned_amount', 'purchase_reports.col.returned_amount'],
    ]),
  rows: (d: ItemPurchaseReportResponse, t: T): Cells[] => [
    ...d.rows.map((r) => ({
      product: r.product_name,
      sku: r.sku_code,
      category: r.category_name,
      brand: r.brand_name,
      unit: r.unit_name,
      quantity: num(r.quantity),
      amount: num(r.amount),
      average_cost: num(r.average_cost),
      returned_quantity: num(r.returned_quantity),
      returned_amount: num(r.returned_amount),
    })),
    { product: t(TOTAL), amount: num(d.totals.amount), returned_amount: num(d.totals.returned_amount) },
  ],
};

export const itemPurchaseReportRoutes = defineReport({
  path: '/api/v1/reports/item-purchases',
  operationId: 'itemPurchaseReport',
  summary: 'Item purchase report: per item, what received purchases brought in and returns sent back',
  permission: 'purchase-report',
  query: itemPurchaseReportQuerySchema,
  response: itemPurchaseReportResponseSchema,
  run: itemPurchaseReport,
  sheet: itemPurchaseSheet,
});
