import type { ExpressionBuilder } from 'kysely';
import { FACTOR_DIGITS, FACTOR_SCALE, formatDecimal, minorDigits, type CurrencyCode } from '@posauto/shared/money/index';
import type { PosUnit } from '@posauto/shared/schemas/pos';
import type { Database } from '../../db/types';
import type { Deps } from '../../deps';

/*
 * What the till's catalogue (catalogue.ts) and the sale documents' product finder (product-lookup.ts) read and write
 * of products alike: the same reads of variants and units, the same "sold at this branch", the same texts.
 */

/** An amount in minor units as the decimal text of its currency: 1250 USD -> "12.50". */
export const money = (v: number, currency: string) => formatDecimal(Number(v), minorDigits(currency as CurrencyCode));
/** Rates and percentages read best without trailing zeros: "4100", "10", "12.5". */
export const plain = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
/** Quantities are thousandths of the product's unit: "2", "1.5". */
export const qty = (v: number) => plain(formatDecimal(Number(v), 3));
/** Factors are millionths: "24", "0.333333". */
export const factorText = (v: number) => plain(formatDecimal(Number(v), FACTOR_DIGITS));

/** A product (aliased `p`) sold at the branch: at every branch, or at this one by name. */
export const soldAt = (branchId: string) => (eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) =>
  eb.or([
    eb('p.all_branches', '=', 1),
    eb.exists(
      eb
        .selectFrom('product_branches as pb')
        .select('pb.product_id')
        .whereRef('pb.business_id', '=', 'p.business_id')
        .whereRef('pb.product_id', '=', 'p.id')
        .where('pb.branch_id', '=', branchId),
    ),
  ]);

/** The active variants of these products, in the shop's order. */
export const activeVariants = (deps: Pick<Deps, 'db'>, businessId: string, ids: string[]) =>
  deps.db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'name', 'sku_code', 'barcode', 'sale_cost'])
    .where('business_id', '=', businessId)
    .where('product_id', 'in', ids)
    .where('status', '=', 1)
    .orderBy('product_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

/** Every unit of the shop (a shop holds tens), for unitFamilies. */
export const shopUnits = (deps: Pick<Deps, 'db'>, businessId: string): Promise<UnitRow[]> =>
  deps.db
    .selectFrom('units')
    .select(['id', 'name', 'short_name', 'base_unit_id', 'operation_value'])
    .where('business_id', '=', businessId)
    .execute();

export interface UnitRow {
  id: string;
  name: string;
  short_name: string;
  base_unit_id: string | null;
  operation_value: number;
}

/**
 * Units a product sells in: every unit sharing its unit's base (a box of 24 for cans, the can itself), with the
 * factor to the product's own unit, worked out once per unit of the shop (not per product).
 */
export function unitFamilies(units: UnitRow[]): Map<string, PosUnit[]> {
  const byId = new Map(units.map((u) => [u.id, u]));
  const root = (u: UnitRow) => u.base_unit_id ?? u.id;
  // A unit's size in its base unit, at FACTOR_SCALE.
  const size = (u: UnitRow) => BigInt(u.base_unit_id ? Number(u.operation_value) : FACTOR_SCALE);
  const members = new Map<string, UnitRow[]>();
  for (const u of units) (members.get(root(u)) ?? members.set(root(u), []).get(root(u))!).push(u);
  const out = new Map<string, PosUnit[]>();
  for (const own of units) {
    const ownSize = size(own);
    if (ownSize <= 0n) continue;
    const family = (members.get(root(own)) ?? []).filter((u) => byId.has(u.id));
    out.set(
      own.id,
      family
        .map((u) => ({ u, factor: Number((size(u) * BigInt(FACTOR_SCALE) + ownSize / 2n) / ownSize) }))
        .filter(({ factor }) => factor > 0)
        .sort((a, b) => a.factor - b.factor || a.u.name.localeCompare(b.u.name))
        .map(({ u, factor }) => ({ id: u.id, name: u.name, short_name: u.short_name, factor: factorText(factor) })),
    );
  }
  return out;
}
