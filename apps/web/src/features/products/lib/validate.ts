import { isValidBarcode, guessBarcodeKind, type BarcodeKind } from '@posauto/shared/barcode';
import { productInputSchema } from '@posauto/shared/schemas/products';
import { toProductInput, type ProductFormValues } from './form-values';

/** The translation key of what is wrong with a barcode, or null when it is empty or valid for its kind. */
export function barcodeProblem(code: string, kind: BarcodeKind | null): string | null {
  const text = code.trim();
  if (!text) return null;
  const k = kind ?? guessBarcodeKind(text);
  if (isValidBarcode(text, k)) return null;
  return k === 'ean13' ? 'product.barcode_invalid_ean13' : 'product.barcode_invalid_code128';
}

/**
 * Checks the form before it is sent: the shared schema (the server's own rules) on what would be sent, and
 * what the form can tell at once (barcode check digits, a variation product without variations, an empty combo).
 * Answers translation keys by field path, the same paths the server uses.
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
  const barcode = barcodeProblem(values.barcode, values.barcode_type);
  if (barcode) errors.barcode ??= barcode;
  if (!values.all_branches && values.branch_ids.length === 0) errors.branch_ids ??= 'validation.branch_required';
  if (values.type === 'variation') {
    if (!values.variations.some((v) => v.variation_id)) errors.variations ??= 'product.variations_required';
    values.variations.forEach((v, i) => {
      if (!v.variation_id) errors[`variations.${i}.variation_id`] ??= 'product.variation_choose';
      else if (v.value_ids.length === 0) errors[`variations.${i}.value_ids`] ??= 'product.values_required';
    });
    values.variants.forEach((row, i) => {
      const problem = barcodeProblem(row.barcode, row.barcode_type);
      if (problem) errors[`variants.${i}.barcode`] ??= problem;
    });
  }
  if (values.type === 'combo') {
    if (values.combo_items.length === 0) errors.combo_items ??= 'product.combo_items_required';
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
