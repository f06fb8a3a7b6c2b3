import type { PosProduct, PosVariant, PosVariation } from '@posauto/shared/schemas/pos';

/**
 * The variant picker's questions: one per variation (Size, then Sugar), each offering only the values that still lead
 * to an active variant, instead of every combination at once. `chosen[i]` is the value picked for `variations[i]`.
 */

/** True when every active variant names one value of each variation: the picker can ask question by question. */
export function asksByVariation(product: PosProduct): boolean {
  const n = product.variations?.length ?? 0;
  return n > 0 && product.variants.length > 0 && product.variants.every((v) => v.value_ids?.length === n);
}

/** The variants that agree with the values chosen so far. */
export function matchingVariants(product: PosProduct, chosen: readonly string[]): PosVariant[] {
  return product.variants.filter((v) => chosen.every((id, i) => v.value_ids[i] === id));
}

export interface Choice {
  value: PosVariation['values'][number];
  /** The variants this value leads to; exactly one on the last question. */
  variants: PosVariant[];
}

/** The next question (null once every variation has its value) and the values worth offering for it. */
export function nextQuestion(product: PosProduct, chosen: readonly string[]): { variation: PosVariation; choices: Choice[] } | null {
  const step = chosen.length;
  const variation = product.variations[step];
  if (!variation) return null;
  const left = matchingVariants(product, chosen);
  const choices = variation.values
    .map((value) => ({ value, variants: left.filter((v) => v.value_ids[step] === value.id) }))
    .filter((c) => c.variants.length > 0);
  return { variation, choices };
}
