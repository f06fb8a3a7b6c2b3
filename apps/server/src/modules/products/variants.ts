import type { Kysely } from 'kysely';
import type { CurrencyCode } from '@posauto/shared/money/index';
import { PRODUCT_LIMITS, variantCombinations, type ProductInput } from '@posauto/shared/schemas/products';
import type { Database } from '../../db/types';
import { newId } from '../../lib/ids';
import { checkBarcode } from './product-codes';
import type { FieldErrors } from './field-errors';
import { parseAmount } from './money-fields';
import { variantsWithValues, variationOrder } from './product-view';
import * as repo from './products.repo';

export interface VariantPlan {
  id: string;
  isNew: boolean;
  /** variation id -> value id, one per chosen variation. */
  values: Map<string, string>;
  name: string;
  /** Null: generate from the product's SKU. */
  sku: string | null;
  barcode: string | null;
  barcode_type: 'ean13' | 'code128' | null;
  purchase_cost: number;
  sale_cost: number;
  status: number;
  /** Where a problem with this variant is reported: variants.<i> (or variants when generated). */
  field: string;
}

const comboKey = (values: Map<string, string>) => [...values.values()].sort().join('|');

/**
 * The variants a variation product will have after this save. Chosen variations must be the shop's, with values
 * of their own; given variants pick exactly one value of each chosen variation, no combination twice; absent
 * variants: every combination. Existing variants keep their ids (matched by id, else by the same combination),
 * so documents that point at them stay valid.
 */
export async function planVariants(
  trx: Kysely<Database>,
  businessId: string,
  productId: string | null,
  input: ProductInput,
  money: { currency: CurrencyCode; purchase_cost: number; sale_cost: number },
  errors: FieldErrors,
): Promise<VariantPlan[]> {
  const chosen = input.variations ?? [];
  if (chosen.length === 0) return []; // refused by the product schema (productRules in @posauto/shared)
  const existing = productId
    ? await variantsWithValues(trx, businessId, productId)
    : { variants: [], byVariant: new Map<string, Map<string, string>>() };
  const previousVariations = new Set([...existing.byVariant.values()].flatMap((m) => [...m.keys()]));
  const previousValues = new Set([...existing.byVariant.values()].flatMap((m) => [...m.values()]));

  const variations = new Map(
    (
      await repo.variationsByIds(
        trx,
        businessId,
        chosen.map((c) => c.variation_id),
      )
    ).map((v) => [v.id, v]),
  );
  const values = new Map(
    (
      await repo.valuesByIds(
        trx,
        businessId,
        chosen.flatMap((c) => c.value_ids),
      )
    ).map((v) => [v.id, v]),
  );
  const seenVariations = new Set<string>();
  chosen.forEach((c, i) => {
    const v = variations.get(c.variation_id);
    if (!v || seenVariations.has(c.variation_id)) errors.add(`variations.${i}.variation_id`, 'validation.invalid');
    else if (!v.status && !previousVariations.has(v.id)) errors.add(`variations.${i}.variation_id`, 'validation.inactive_choice');
    seenVariations.add(c.variation_id);
    if (new Set(c.value_ids).size !== c.value_ids.length) errors.add(`variations.${i}.value_ids`, 'validation.invalid');
    for (const id of c.value_ids) {
      const value = values.get(id);
      if (!value || value.variation_id !== c.variation_id) errors.add(`variations.${i}.value_ids`, 'validation.invalid');
      else if (!value.status && !previousValues.has(id)) errors.add(`variations.${i}.value_ids`, 'validation.inactive_choice');
    }
  });
  if (errors.has()) return [];

  const ordered = [...chosen].sort((a, b) => variationOrder(a.variation_id, b.variation_id));
  const offered = new Map(ordered.map((c) => [c.variation_id, new Set(c.value_ids)]));
  const nameOf = (combo: Map<string, string>) => ordered.map((c) => values.get(combo.get(c.variation_id)!)!.name).join(' / ');

  // What each variant stands for: given, or every combination.
  type Wanted = { values: Map<string, string>; input?: NonNullable<ProductInput['variants']>[number]; field: string };
  let wanted: Wanted[];
  if (input.variants) {
    if (input.variants.length === 0) errors.add('variants', 'validation.variants_required');
    wanted = input.variants.map((v, i) => {
      const combo = new Map<string, string>();
      for (const id of v.value_ids) {
        const value = values.get(id);
        if (!value || !offered.get(value.variation_id)?.has(id) || combo.has(value.variation_id))
          errors.add(`variants.${i}.value_ids`, 'validation.variant_values');
        else combo.set(value.variation_id, id);
      }
      if (combo.size !== ordered.length) errors.add(`variants.${i}.value_ids`, 'validation.variant_values');
      return { values: combo, input: v, field: `variants.${i}` };
    });
  } else {
    const all = variantCombinations(ordered);
    if (all.length > PRODUCT_LIMITS.variants) errors.add('variants', 'validation.too_many_variants');
    wanted = all
      .slice(0, PRODUCT_LIMITS.variants)
      .map((ids) => ({ values: new Map(ordered.map((c, j) => [c.variation_id, ids[j]!])), field: 'variants' }));
  }
  if (errors.has()) return [];

  const seenCombos = new Set<string>();
  const byId = new Map(existing.variants.map((v) => [v.id, v]));
  const byCombo = new Map(existing.variants.map((v) => [comboKey(existing.byVariant.get(v.id) ?? new Map()), v]));
  const taken = new Set<string>();
  const plans: VariantPlan[] = [];
  wanted.forEach((w) => {
    const key = comboKey(w.values);
    if (seenCombos.has(key)) errors.add(`${w.field}.value_ids`, 'errors.variant_duplicate');
    seenCombos.add(key);
    let match = w.input?.id ? byId.get(w.input.id) : undefined;
    if (w.input?.id && !match) errors.add(`${w.field}.id`, 'validation.invalid');
    match ??= byCombo.get(key);
    if (match && taken.has(match.id)) match = undefined;
    if (match) taken.add(match.id);
    const own = Boolean(input.is_variation_cost);
    const given = w.input?.barcode !== undefined;
    const code = checkBarcode(
      errors,
      `${w.field}.barcode`,
      given ? w.input!.barcode : match?.barcode,
      given ? w.input!.barcode_type : match?.barcode_type,
    );
    plans.push({
      id: match?.id ?? newId(),
      isNew: !match,
      values: w.values,
      name: nameOf(w.values),
      sku: w.input?.sku_code?.trim() || match?.sku_code || null,
      ...code,
      purchase_cost: own
        ? parseAmount(
            errors,
            `${w.field}.purchase_cost`,
            w.input?.purchase_cost,
            money.currency,
            match?.purchase_cost ?? money.purchase_cost,
          )
        : money.purchase_cost,
      sale_cost: own
        ? parseAmount(errors, `${w.field}.sale_cost`, w.input?.sale_cost, money.currency, match?.sale_cost ?? money.sale_cost)
        : money.sale_cost,
      status: w.input?.status === false ? 0 : w.input?.status === true ? 1 : (match?.status ?? 1),
      field: w.field,
    });
  });
  return plans;
}

/** Writes the planned variants: updates the kept ones, inserts the new ones, deletes the rest (codes go with them). */
export async function writeVariants(
  trx: Kysely<Database>,
  businessId: string,
  productId: string,
  plans: readonly VariantPlan[],
  at: string,
  errors: FieldErrors,
) {
  const keep = new Set(plans.filter((p) => !p.isNew).map((p) => p.id));
  const before = await repo.variantsOf(trx, businessId, productId);
  const removed = before.filter((v) => !keep.has(v.id)).map((v) => v.id);
  if (removed.length) {
    const used = await trx
      .selectFrom('combo_items')
      .select('product_id')
      .where('business_id', '=', businessId)
      .where('item_product_id', '=', productId)
      .where('item_variant_id', 'in', removed)
      .executeTakeFirst();
    if (used) errors.add('variants', 'errors.variant_in_combo');
    errors.throwIfAny();
    await trx.deleteFrom('product_variants').where('business_id', '=', businessId).where('id', 'in', removed).execute();
  }
  for (const [i, p] of plans.entries()) {
    const row = {
      name: p.name,
      sku_code: p.sku!,
      barcode: p.barcode,
      barcode_type: p.barcode_type,
      purchase_cost: p.purchase_cost,
      sale_cost: p.sale_cost,
      sort_order: i,
      status: p.status,
      updated_at: at,
    };
    if (p.isNew) {
      await trx
        .insertInto('product_variants')
        .values({ business_id: businessId, id: p.id, product_id: productId, ...row, created_at: at })
        .execute();
    } else {
      await trx.updateTable('product_variants').set(row).where('business_id', '=', businessId).where('id', '=', p.id).execute();
      await trx.deleteFrom('product_variant_values').where('business_id', '=', businessId).where('variant_id', '=', p.id).execute();
    }
  }
  const valueRows = plans.flatMap((p) =>
    [...p.values].map(([variation_id, variation_value_id]) => ({
      business_id: businessId,
      variant_id: p.id,
      variation_id,
      variation_value_id,
    })),
  );
  for (let i = 0; i < valueRows.length; i += 200)
    await trx
      .insertInto('product_variant_values')
      .values(valueRows.slice(i, i + 200))
      .execute();
}
