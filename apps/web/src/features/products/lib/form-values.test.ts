import { describe, expect, it } from 'vitest';
import { inStoreEan13 } from '@posauto/shared/barcode';
import { variantCombinations } from '@posauto/shared/schemas/products';
import { emptyProductValues, regenerateVariants, toProductInput, type ProductFormValues } from './form-values';
import { barcodeProblem, validateProduct } from './validate';

const ID = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function values(patch: Partial<ProductFormValues>): ProductFormValues {
  return { ...emptyProductValues(), product_name: 'Iced latte', sale_cost: '2.50', ...patch };
}

describe('the product form', () => {
  it('sends a single product without variants or components, empty texts as null, all branches as null', () => {
    const input = toProductInput(values({ sku_code: ' ', barcode: '', description: ' ', stock_alert: '' }));
    expect(input).toMatchObject({
      type: 'single',
      product_name: 'Iced latte',
      sku_code: null,
      barcode: null,
      barcode_type: null,
      description: null,
      stock_alert: null,
      branch_ids: null,
    });
    expect(input.variants).toBeUndefined();
    expect(input.combo_items).toBeUndefined();
  });

  it('guesses the barcode kind when none was chosen', () => {
    const ean = inStoreEan13('00000000001');
    expect(toProductInput(values({ barcode: ean })).barcode_type).toBe('ean13');
    expect(toProductInput(values({ barcode: 'LATTE-1' })).barcode_type).toBe('code128');
  });

  it('keeps existing variant rows when variants are generated again after adding a value', () => {
    const first = regenerateVariants(variantCombinations([{ value_ids: [ID(1)] }, { value_ids: [ID(3)] }]), [], {
      purchase_cost: '1',
      sale_cost: '2',
    });
    first[0]!.sku_code = 'LAT-S-0';
    first[0]!.id = ID(9);
    const again = regenerateVariants(variantCombinations([{ value_ids: [ID(1), ID(2)] }, { value_ids: [ID(3)] }]), first, {
      purchase_cost: '1',
      sale_cost: '2',
    });
    expect(again.map((r) => r.value_ids)).toEqual([
      [ID(1), ID(3)],
      [ID(2), ID(3)],
    ]);
    expect(again[0]).toMatchObject({ id: ID(9), sku_code: 'LAT-S-0' });
    expect(again[1]).toMatchObject({ sku_code: '', sale_cost: '2' });
  });

  it('sends variant prices only when each variant has its own', () => {
    const rows = regenerateVariants([[ID(1)]], [], { purchase_cost: '1', sale_cost: '2' });
    const base = { type: 'variation' as const, variations: [{ key: 'a', variation_id: ID(5), value_ids: [ID(1)] }], variants: rows };
    expect(toProductInput(values(base)).variants![0]).not.toHaveProperty('sale_cost');
    expect(toProductInput(values({ ...base, is_variation_cost: true })).variants![0]).toMatchObject({ sale_cost: '2', purchase_cost: '1' });
  });

  it('reports problems on the paths the server uses', () => {
    const errors = validateProduct(
      values({
        product_name: '',
        sale_cost: '-1',
        barcode: '2000000000011',
        type: 'variation',
        variations: [{ key: 'a', variation_id: ID(5), value_ids: [] }],
      }),
    );
    expect(errors.product_name).toBe('validation.product_name_required');
    expect(errors.sale_cost).toBe('validation.money_negative');
    expect(errors.barcode).toBe('validation.barcode_ean13');
    expect(errors['variations.0.value_ids']).toBe('validation.variation_values_required');
  });

  it('asks for a component in a combo and for branches when not sold everywhere', () => {
    const errors = validateProduct(values({ type: 'combo', all_branches: false }));
    expect(errors.combo_items).toBe('validation.combo_items_required');
    expect(errors.branch_ids).toBe('validation.branch_required');
  });

  it('accepts a valid EAN-13 and any printable Code 128', () => {
    expect(barcodeProblem(inStoreEan13('12345678901'), null)).toBeNull();
    expect(barcodeProblem('ABC 123', 'code128')).toBeNull();
    expect(barcodeProblem('ÄBC', 'code128')).toBe('validation.barcode_code128');
    expect(barcodeProblem('2000000000011', null)).toBe('validation.barcode_ean13');
  });
});

describe('server errors the form cannot place', () => {
  it('are listed when no input shows them', async () => {
    const { unshownErrors } = await import('./validate');
    expect(
      unshownErrors({
        sku_code: 'taken',
        'variants.2.sku_code': 'taken',
        'variants.1.value_ids': 'bad values',
        'combo_items.0.quantity': 'bad',
        is_stock_manage: 'odd',
      }),
    ).toEqual(['bad values', 'odd']);
  });
});
