import { barcodeProblem, productInputSchema } from '@posauto/shared/schemas/products';
import { toProductInput, type ProductFormValues } from './form-values';

/** The translation key of what is wrong with a barcode, or null when it is empty or valid for its kind (the shared rule). */
export { barcodeProblem };

/**
 * Checks the form before it is sent: the shared schema on what would be sent (the server's own rules and messages,
 * barcode check digits, variations and combo components included), and what only the form can tell (a variation
 * row without its variation, a combo component without its variant). Answers translation keys by field path, the
 * same paths the server uses.
 */
export function validateProduct(values: ProductFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = productInputSchema.safeParse(toProductInput(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      errors[field] ??= issue.message.includes(' ') ? 'validation.invalid' : issue.message;
    }
  }
  if (values.type === 'variation') {
    values.variations.forEach((v, i) => {
      if (!v.variation_id) errors[`variations.${i}.variation_id`] ??= 'product.variation_choose';
    });
  }
  if (values.type === 'combo') {
    values.combo_items.forEach((c, i) => {
      if (c.has_variants && !c.variant_id) errors[`combo_items.${i}.variant_id`] ??= 'product.combo_variant_required';
    });
  }
  return errors;
}

/** Fields the product form shows an error beside; a server error on any other path is listed under the form. */
const SHOWN = new RegExp(
  '^(' +
    [
      'type',
      'product_name',
      'sku_code',
      'barcode',
      'image',
      'description',
      'category_id',
      'brand_id',
      'unit_id',
      'purchase_unit_id',
      'sale_unit_id',
      'purchase_cost',
      'sale_cost',
      'discount_cost',
      'stock_alert',
      'branch_ids',
      'variations',
      'variants',
      'combo_items',
      'variations\\.\\d+\\.(variation_id|value_ids)',
      'variants\\.\\d+\\.(sku_code|barcode|purchase_cost|sale_cost)',
      'combo_items\\.\\d+\\.(product_id|variant_id|quantity)',
    ].join('|') +
    ')$',
);

export function unshownErrors(errors: Record<string, unknown>): string[] {
  return Object.entries(errors)
    .filter(([k, v]) => v && !SHOWN.test(k))
    .map(([, v]) => String(v));
}
