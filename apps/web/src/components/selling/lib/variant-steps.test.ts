import { describe, expect, it } from 'vitest';
import type { PosProduct, PosVariant } from '@posauto/shared/schemas/pos';
import { asksByVariation, matchingVariants, nextQuestion } from './variant-steps';

const size = { id: 'size', name: 'Size', values: ['S', 'M', 'L'].map((n) => ({ id: n, name: n })) };
const sugar = { id: 'sugar', name: 'Sugar', values: ['0', '50', '100'].map((n) => ({ id: n, name: `${n}%` })) };
const variant = (s: string, g: string): PosVariant => ({
  id: `${s}-${g}`,
  name: `${s} / ${g}%`,
  sku: `T-${s}-${g}`,
  barcodes: [],
  price: '2.00',
  on_hand: null,
  value_ids: [s, g],
});
const tea = (variants: PosVariant[]): PosProduct => ({
  id: 'tea',
  name: 'Thai tea',
  sku: 'T',
  type: 'variation',
  category_id: null,
  brand_id: null,
  image_url: null,
  price: '2.00',
  unit_id: null,
  sale_unit_id: null,
  sale_unit_name: null,
  sale_unit_factor: '1',
  codes: ['t'],
  manages_stock: false,
  on_hand: null,
  variations: [size, sugar],
  variants,
  units: [],
});
const all = tea(['S', 'M', 'L'].flatMap((s) => ['0', '50', '100'].map((g) => variant(s, g))));

describe('the variant picker’s questions', () => {
  it('asks Size (3 values, not 9 combinations), then Sugar, then nothing: one variant is left', () => {
    expect(asksByVariation(all)).toBe(true);
    const first = nextQuestion(all, [])!;
    expect(first.variation.name).toBe('Size');
    expect(first.choices.map((c) => [c.value.name, c.variants.length])).toEqual([
      ['S', 3],
      ['M', 3],
      ['L', 3],
    ]);
    const second = nextQuestion(all, ['M'])!;
    expect(second.variation.name).toBe('Sugar');
    expect(second.choices.map((c) => c.variants.map((v) => v.id))).toEqual([['M-0'], ['M-50'], ['M-100']]);
    expect(nextQuestion(all, ['M', '50'])).toBeNull();
    expect(matchingVariants(all, ['M', '50']).map((v) => v.id)).toEqual(['M-50']);
  });

  it('offers only the values that lead to an active variant', () => {
    const some = tea([variant('S', '0'), variant('L', '0'), variant('L', '100')]);
    expect(nextQuestion(some, [])!.choices.map((c) => c.value.id)).toEqual(['S', 'L']);
    expect(nextQuestion(some, ['S'])!.choices.map((c) => c.value.id)).toEqual(['0']);
    expect(nextQuestion(some, ['L'])!.choices.map((c) => c.value.id)).toEqual(['0', '100']);
  });

  it('falls back to the list of variants when a variant lacks a value, or the catalogue names no variations', () => {
    expect(asksByVariation(tea([variant('S', '0'), { ...variant('M', '0'), value_ids: ['M'] }]))).toBe(false);
    expect(asksByVariation({ ...all, variations: [] })).toBe(false);
    expect(asksByVariation({ ...all, variants: [] })).toBe(false);
  });
});
