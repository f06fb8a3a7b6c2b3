import type { Kysely } from 'kysely';
import type { ProductInput } from '@posauto/shared/schemas/products';
import type { Database } from '../../db/types';
import type { FieldErrors } from './field-errors';
import { parseQty } from './money-fields';

export interface ComboPlan {
  item_product_id: string;
  /** '' for a product without variants. */
  item_variant_id: string;
  quantity: number;
}

/**
 * A combo's components: 1 to 50 products of the shop, each a single product or one variant of a variation product,
 * never a combo (stock could not be resolved) and never the combo itself; quantities above 0; no component twice.
 */
export async function planCombo(
  trx: Kysely<Database>,
  businessId: string,
  comboId: string | null,
  input: ProductInput,
  errors: FieldErrors,
): Promise<ComboPlan[]> {
  const items = input.combo_items ?? [];
  if (items.length === 0) return []; // refused by the product schema (productRules in @posauto/shared)
  const ids = [...new Set(items.map((i) => i.product_id))];
  const products = new Map(
    (await trx.selectFrom('products').select(['id', 'type']).where('business_id', '=', businessId).where('id', 'in', ids).execute()).map(
      (p) => [p.id, p],
    ),
  );
  const variantIds = items.map((i) => i.variant_id).filter((v): v is string => Boolean(v));
  const variants = new Map(
    variantIds.length
      ? (
          await trx
            .selectFrom('product_variants')
            .select(['id', 'product_id'])
            .where('business_id', '=', businessId)
            .where('id', 'in', variantIds)
            .execute()
        ).map((v) => [v.id, v])
      : [],
  );
  const seen = new Set<string>();
  return items.map((item, i) => {
    const field = `combo_items.${i}`;
    const product = products.get(item.product_id);
    const variantId = item.variant_id ?? '';
    if (item.product_id === comboId) errors.add(`${field}.product_id`, 'errors.combo_self');
    else if (!product) errors.add(`${field}.product_id`, 'validation.invalid');
    else if (product.type === 'combo') errors.add(`${field}.product_id`, 'errors.combo_in_combo');
    else if (product.type === 'variation' && !variantId) errors.add(`${field}.variant_id`, 'validation.combo_variant_required');
    else if (variantId && variants.get(variantId)?.product_id !== product.id) errors.add(`${field}.variant_id`, 'validation.invalid');
    const key = `${item.product_id}|${variantId}`;
    if (seen.has(key)) errors.add(`${field}.product_id`, 'errors.combo_item_duplicate');
    seen.add(key);
    const quantity = parseQty(errors, `${field}.quantity`, item.quantity, true) ?? 0;
    return { item_product_id: item.product_id, item_variant_id: variantId, quantity };
  });
}

export async function writeCombo(trx: Kysely<Database>, businessId: string, productId: string, plan: readonly ComboPlan[]) {
  await trx.deleteFrom('combo_items').where('business_id', '=', businessId).where('product_id', '=', productId).execute();
  if (plan.length === 0) return;
  await trx
    .insertInto('combo_items')
    .values(plan.map((c, i) => ({ business_id: businessId, product_id: productId, ...c, sort_order: i })))
    .execute();
}
