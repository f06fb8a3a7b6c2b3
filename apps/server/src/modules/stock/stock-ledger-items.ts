import type { Kysely } from 'kysely';
import { FACTOR_SCALE, QTY_SCALE, allocate } from '@posauto/shared/money/index';
import type { Database } from '../../db/types';
import type { DialectKind } from '../../db/dialect/index';
import { precompiled } from '../../db/precompiled';
import { unprocessable } from '../../http/errors';
import { half } from './stock-ledger-costs';

/**
 * What a document's lines move: the products they name (read once per document), and each line turned into the
 * movements of real stock items (units into the base unit, combos into their components).
 */

/** One line of a document that moves stock: a quantity of one sellable item in the document's unit. */
export interface LedgerLine {
  branchId: string;
  productId: string;
  /** null for a product without variants. */
  variantId: string | null;
  /** Unsigned, thousandths of the document's unit; the movement type gives the sign. */
  quantity: number;
  /** The unit the document counts in and its factor to the base unit now (FACTOR_SCALE); none: the base unit. */
  unit?: { id: string; factor: number } | null;
  /**
   * Incoming: what the line cost in minor units (a purchase; a transfer passes what left the source); none: the
   * branch's average cost (stock found by an adjustment).
   * Outgoing: a cost fixed by the document (a return to the supplier at the purchase's cost); otherwise the
   * branch's moving average cost is frozen on the movement.
   */
  cost?: number;
  docLineId?: string | null;
  /**
   * Incoming only, for a product with `has_expiry`: the batch's expiry date (YYYY-MM-DD). Outgoing movements of such
   * a product take the earliest-expiring batch first (stock_batches).
   */
  expiryDate?: string | null;
  /**
   * Outgoing only (expiry batches): take first from the batches this earlier document brought into the branch (a
   * purchase return names its purchase), then earliest expiry first.
   */
  takeFrom?: { docType: string; docId: string } | null;
  /** The line names an item exactly as an earlier movement moved it (base unit, no combo, no stock-manage check). */
  asMoved?: boolean;
}

/** 'There is not enought stock or no item' (spec wording): no such item. */
export const notEnoughStock = (field?: string) => unprocessable('stock.errors.not_enough', field);

/** A line after combos are broken into their components and units into the base unit. */
export interface ItemMove {
  branchId: string;
  productId: string;
  variantId: string;
  base: number;
  unitId: string | null;
  factor: number;
  unitQuantity: number;
  cost: number | undefined;
  docLineId: string | null;
  lineIndex: number;
  /** Expiry batches (stock-batches.ts): the line's date and whether it answers an earlier movement. */
  expiryDate: string | null;
  takeFrom: { docType: string; docId: string } | null;
  asMoved: boolean;
  /** The variant as expand() read it (its name and cost), so it is not read again. */
  variant: VariantRow | null;
}

/** What the ledger needs of a product: what it is (expand) and what its movements and alerts show (itemInfo). */
export interface ProductRow {
  id: string;
  type: string;
  is_stock_manage: number;
  name: string;
  sku_code: string;
  image: string | null;
  stock_alert: number | null;
  currency: string;
  purchase_cost: number;
  has_expiry: number;
}

/** The given products of one shop in one query (ids of another shop are simply not in the map). */
export async function productRows(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, ProductRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows =
    unique.length === 1
      ? (await oneProduct(trx, kind, { business: businessId, id: unique[0] })).rows
      : await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('business_id', '=', businessId).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

const PRODUCT_COLUMNS = [
  'id',
  'type',
  'is_stock_manage',
  'product_name as name',
  'sku_code',
  'image',
  'stock_alert',
  'currency',
  'purchase_cost',
  'has_expiry',
] as const;
const oneProduct = precompiled<'business' | 'id', ProductRow>(['business', 'id'], (db, v) =>
  db.selectFrom('products').select(PRODUCT_COLUMNS).where('business_id', '=', v.business).where('id', '=', v.id),
);

export interface ItemInfo {
  name: string;
  image: string | null;
  stock_alert: number | null;
  currency: string;
  /** Minor units per base unit. */
  purchase_cost: number;
  /** 1: the item's stock is kept in expiry batches. */
  has_expiry: number;
}

/** What an alert shows and the currency the item's costs are kept in. */
export async function itemInfo(
  trx: Kysely<Database>,
  businessId: string,
  productId: string,
  variantId: string,
  product: (id: string) => Promise<ProductRow | undefined>,
  variant: VariantRow | null,
): Promise<ItemInfo> {
  const p = await product(productId);
  if (!p) throw notEnoughStock();
  if (!variantId) return p;
  const v =
    variant ??
    (await trx
      .selectFrom('product_variants')
      .select(['name', 'purchase_cost'])
      .where('business_id', '=', businessId)
      .where('id', '=', variantId)
      .executeTakeFirst());
  return v ? { ...p, name: `${p.name} - ${v.name}`, purchase_cost: v.purchase_cost } : p;
}

export interface VariantRow {
  name: string;
  purchase_cost: number;
}

/**
 * Turns document lines into item movements: the unit into the base unit (the factor is frozen on the movement),
 * a combo into its components (a combo has no stock of its own), a product that does not manage stock into
 * nothing. An unknown item, a variant that is not the product's, or a variation product without its variant
 * answers 422 on that line.
 */
export async function expand(
  trx: Kysely<Database>,
  businessId: string,
  lines: readonly LedgerLine[],
  product: (id: string) => Promise<ProductRow | undefined>,
): Promise<ItemMove[]> {
  const out: ItemMove[] = [];
  for (const [lineIndex, line] of lines.entries()) {
    const field = `lines.${lineIndex}`;
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0)
      throw unprocessable('stock.errors.quantity_positive', `${field}.quantity`);
    if (line.asMoved) {
      out.push({
        branchId: line.branchId,
        productId: line.productId,
        variantId: line.variantId ?? '',
        base: line.quantity,
        unitId: null,
        factor: FACTOR_SCALE,
        unitQuantity: line.quantity,
        cost: line.cost,
        docLineId: line.docLineId ?? null,
        lineIndex,
        expiryDate: line.expiryDate ?? null,
        takeFrom: line.takeFrom ?? null,
        asMoved: true,
        variant: null,
      });
      continue;
    }
    const factor = line.unit?.factor ?? FACTOR_SCALE;
    // convertQuantity's rounding, refused on the line rather than thrown when a stored factor makes it too large.
    const base = half(BigInt(line.quantity) * BigInt(factor), BigInt(FACTOR_SCALE), { lineIndex });
    if (base <= 0) throw unprocessable('stock.errors.quantity_positive', `${field}.quantity`);
    const p = await product(line.productId);
    if (!p) throw notEnoughStock(`${field}.product_id`);
    if (line.variantId === undefined) throw new Error('variantId must be given (null for none)');
    const common = {
      branchId: line.branchId,
      unitId: line.unit?.id ?? null,
      factor,
      unitQuantity: line.quantity,
      docLineId: line.docLineId ?? null,
      lineIndex,
      expiryDate: line.expiryDate ?? null,
      takeFrom: line.takeFrom ?? null,
      asMoved: false,
      variant: null,
    };
    if (p.type === 'combo') {
      const items = await trx
        .selectFrom('combo_items as c')
        .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'c.business_id').onRef('p.id', '=', 'c.item_product_id'))
        .select(['c.item_product_id', 'c.item_variant_id', 'c.quantity', 'p.is_stock_manage'])
        .where('c.business_id', '=', businessId)
        .where('c.product_id', '=', line.productId)
        .orderBy('c.sort_order')
        .execute();
      const managed = items.filter((i) => i.is_stock_manage);
      const weights = managed.map((i) => i.quantity);
      const costs = line.cost === undefined || !managed.length ? managed.map(() => undefined) : allocate(line.cost, weights);
      managed.forEach((i, k) =>
        out.push({
          ...common,
          productId: i.item_product_id,
          variantId: i.item_variant_id,
          base: half(BigInt(base) * BigInt(i.quantity), BigInt(QTY_SCALE), { lineIndex }),
          cost: costs[k],
        }),
      );
      continue;
    }
    if (!p.is_stock_manage) continue;
    if ((p.type === 'variation') !== Boolean(line.variantId)) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
    let variant: VariantRow | null = null;
    if (line.variantId) {
      const v = await trx
        .selectFrom('product_variants')
        .select(['name', 'purchase_cost'])
        .where('business_id', '=', businessId)
        .where('product_id', '=', line.productId)
        .where('id', '=', line.variantId)
        .executeTakeFirst();
      if (!v) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
      variant = v;
    }
    out.push({ ...common, productId: line.productId, variantId: line.variantId ?? '', base, cost: line.cost, variant });
  }
  return out;
}
