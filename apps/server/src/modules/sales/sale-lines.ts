import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  FACTOR_SCALE,
  QTY_SCALE,
  convertQuantity,
  lineAmount,
  parsePercent,
  parseQuantity,
  roundDiv,
  type Discount,
} from '@posauto/shared/money/index';
import type { saleInputSchema } from '@posauto/shared/schemas/sales';
import type { Database } from '../../db/types';
import { preparedRows } from '../../db/dialect/index';
import { sameShop } from '../../db/same-shop';
import type { RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { unitFactor, type ProductRow } from '../stock/index';
import { toMinor } from './sale-money';

type SaleIn = z.output<typeof saleInputSchema>;

export interface PreparedLine {
  id: string;
  productId: string;
  variantId: string;
  name: string;
  unit: { id: string; factor: number } | null;
  quantity: number;
  unitPrice: number;
  /** The catalogue's price per unit of the line: a lower `unitPrice` is a discount the seller gave. */
  cataloguePrice: number;
  discount: Discount | undefined;
  /**
   * The cost of what the line sells that the stock ledger does not cost: a product that does not manage stock (a
   * coffee), at its purchase cost, and the components of a combo that do not. Frozen on the line like the ledger's.
   */
  unmanagedCost: number;
}

/** A discount as the money module takes it: percent text -> hundredths of a percent, a fixed one -> minor units. */
export function discountOf(
  d: { type: 'percent' | 'fixed'; value: string } | null | undefined,
  currency: string,
  field: string,
): Discount | undefined {
  if (!d) return undefined;
  if (d.type === 'percent') return { type: 'percentage', value: parsePercent(d.value) };
  return { type: 'fixed', value: toMinor(d.value, currency, field) };
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

/** Purchase cost (per the product's own unit) times a base quantity in thousandths, to the minor unit. */
const costOf = (purchaseCost: number, base: number) => roundDiv(BigInt(purchaseCost) * BigInt(base), BigInt(QTY_SCALE), 'half-up');

/** The components of a combo that the ledger does not move (they do not manage stock), costed at their purchase cost. */
async function unmanagedComboCost(trx: Kysely<Database>, businessId: string, comboId: string, base: number): Promise<number> {
  const items = await trx
    .selectFrom('combo_items as c')
    .innerJoin('products as p', sameShop('p', 'c.item_product_id'))
    .leftJoin('product_variants as v', (j) =>
      j
        .onRef('v.business_id', '=', 'c.business_id')
        .onRef('v.product_id', '=', 'c.item_product_id')
        .onRef('v.id', '=', 'c.item_variant_id'),
    )
    .select(['c.quantity', 'p.purchase_cost', 'v.purchase_cost as variant_cost'])
    .where('c.business_id', '=', businessId)
    .where('c.product_id', '=', comboId)
    .where('p.is_stock_manage', '=', 0)
    .execute();
  let cost = 0;
  for (const i of items)
    cost += costOf(Number(i.variant_cost ?? i.purchase_cost), roundDiv(BigInt(base) * BigInt(i.quantity), BigInt(QTY_SCALE), 'half-up'));
  return cost;
}

/**
 * The lines: items of the shop, active, sold in the branch; price from the catalogue unless edits are allowed.
 * Their products are read in one statement and answered too, for the stock ledger.
 */
export async function prepareLines(
  trx: Kysely<Database>,
  ctx: Pick<RequestContext, 'businessId'>,
  input: SaleIn,
  branchId: string,
  s: { currency: string; editCost: boolean; inlineDiscount: boolean },
  frozen: boolean,
  /**
   * The names of the first lines when the server itself prices them (a karaoke room's time, modules/rooms): those
   * lines sell their product (no stock, in no branch) at the price they carry, under the name that says when.
   */
  serviceNames: readonly string[] = [],
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
    const service = i < serviceNames.length;
    if (!p.all_branches && !service) {
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
    let name = service ? serviceNames[i]! : p.product_name;
    let price = Number(p.sale_cost);
    let purchaseCost = Number(p.purchase_cost);
    if (line.variant_id) {
      const v = await trx
        .selectFrom('product_variants')
        .select(['name', 'sale_cost', 'purchase_cost', 'status'])
        .where('business_id', '=', ctx.businessId)
        .where('product_id', '=', line.product_id)
        .where('id', '=', line.variant_id)
        .executeTakeFirst();
      if (!v?.status) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
      name = `${p.product_name} - ${v.name}`;
      // Without is_variation_cost every variant sells at the product's own price.
      if (p.is_variation_cost) price = Number(v.sale_cost);
      purchaseCost = Number(v.purchase_cost);
    }
    const unitId = line.unit_id === undefined ? p.sale_unit_id : line.unit_id;
    const unit = await unitFactor(trx, ctx.businessId, line.product_id, unitId, `${field}.unit_id`);
    // The catalogue's price is per the product's own unit; a box of 24 costs 24 of them.
    if (unit) price = roundDiv(BigInt(price) * BigInt(unit.factor), BigInt(FACTOR_SCALE), 'half-up');
    const cataloguePrice = price;
    if (line.unit_price !== null && line.unit_price !== undefined) {
      const asked = toMinor(line.unit_price, s.currency, `${field}.unit_price`);
      if (asked !== price && !s.editCost && !frozen && !service)
        throw unprocessable('sales.errors.price_edit_forbidden', `${field}.unit_price`);
      price = asked;
    }
    const discount = discountOf(line.discount, s.currency, `${field}.discount.value`);
    if (discount && discount.value > 0 && !s.inlineDiscount && !frozen)
      throw unprocessable('sales.errors.line_discount_forbidden', `${field}.discount`);
    const quantity = parseQuantity(line.quantity);
    const base = convertQuantity(quantity, unit?.factor ?? FACTOR_SCALE, 'half-up');
    const unmanagedCost =
      p.type === 'combo' ? await unmanagedComboCost(trx, ctx.businessId, p.id, base) : p.is_stock_manage ? 0 : costOf(purchaseCost, base);
    out.push({
      id: newId(),
      productId: line.product_id,
      variantId: line.variant_id ?? '',
      name,
      unit,
      quantity,
      unitPrice: price,
      cataloguePrice,
      discount: discount && discount.value > 0 ? discount : undefined,
      unmanagedCost,
    });
  }
  return { lines: out, products: new Map(found.map((p) => [p.id, p])) };
}

/** What the lines cost at the catalogue's prices (before any discount or price cut). */
export const catalogueGross = (lines: readonly PreparedLine[]) =>
  lines.reduce((sum, l) => sum + lineAmount(l.quantity, l.cataloguePrice), 0);
