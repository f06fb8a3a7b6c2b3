import { describe, expect, it } from 'vitest';
import { inStoreEan13 } from '../barcode';
import { barcodeProblem, productInputSchema } from './products';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const base = { type: 'single', product_name: 'Latte', purchase_cost: '1', sale_cost: '2' } as const;
const issues = (input: unknown) => {
  const r = productInputSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the product rules shared by the form and the server', () => {
  it('accepts a plain single product', () => {
    expect(issues(base)).toEqual({});
  });

  it('refuses a barcode whose check digit is wrong, on the product and on each variant, with one key per kind', () => {
    expect(issues({ ...base, barcode: '2000000000011' })).toEqual({ barcode: 'validation.barcode_ean13' });
    expect(issues({ ...base, barcode: inStoreEan13('12345678901') })).toEqual({});
    expect(issues({ ...base, barcode: 'ÄBC', barcode_type: 'code128' })).toEqual({ barcode: 'validation.barcode_code128' });
    const variation = { ...base, type: 'variation', variations: [{ variation_id: ID, value_ids: [ID] }] };
    expect(issues({ ...variation, variants: [{ value_ids: [ID], barcode: '2000000000011' }] })).toEqual({
      'variants.0.barcode': 'validation.barcode_ean13',
    });
  });

  it('asks a variation product for variations and a combo for components', () => {
    expect(issues({ ...base, type: 'variation' })).toEqual({ variations: 'validation.variations_required' });
    expect(issues({ ...base, type: 'variation', variations: [] })).toEqual({ variations: 'validation.variations_required' });
    expect(issues({ ...base, type: 'combo', combo_items: [] })).toEqual({ combo_items: 'validation.combo_items_required' });
    expect(issues({ ...base, type: 'combo', combo_items: [{ product_id: ID, quantity: '1' }] })).toEqual({});
  });

  it('asks for a branch when the branches are named, and none when sold everywhere', () => {
    expect(issues({ ...base, branch_ids: [] })).toEqual({ branch_ids: 'validation.branch_required' });
    expect(issues({ ...base, branch_ids: null })).toEqual({});
    expect(issues({ ...base, branch_ids: [ID] })).toEqual({});
  });

  it('reports the rules beside the other fields, all at once', () => {
    expect(issues({ ...base, product_name: '', barcode: '2000000000011', branch_ids: [] })).toEqual({
      product_name: 'validation.product_name_required',
      barcode: 'validation.barcode_ean13',
      branch_ids: 'validation.branch_required',
    });
  });

  it('reads an empty barcode as none', () => {
    expect(barcodeProblem('  ', null)).toBeNull();
    expect(barcodeProblem(null, 'ean13')).toBeNull();
  });
});
