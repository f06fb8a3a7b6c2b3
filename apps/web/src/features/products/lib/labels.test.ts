import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@posauto/shared/schemas/products';
import { expandLabels, LABEL_LAYOUTS, labelItemsOf, MAX_LABELS, mergeItems, paginate } from './labels';

const base = {
  id: 'p1',
  type: 'single',
  product_name: 'Iced latte',
  sku_code: 'LAT-1',
  barcode: null,
  barcode_type: null,
  sale_cost: '2.50',
  currency: 'USD',
  variants: [],
  combo_items: [],
  variations: [],
} as unknown as ProductDetail;

describe('barcode labels', () => {
  it('prints the SKU as Code 128 when a product has no barcode', () => {
    expect(labelItemsOf(base)).toEqual([
      expect.objectContaining({ code: 'LAT-1', kind: 'code128', name: 'Iced latte', price: '2.50', copies: 1 }),
    ]);
  });

  it('lists each active variant of a variation product on its own', () => {
    const p = {
      ...base,
      type: 'variation',
      variants: [
        { id: 'v1', name: 'Small', sku_code: 'LAT-S', barcode: '2000000000015', barcode_type: 'ean13', sale_cost: '2.00', status: true },
        { id: 'v2', name: 'Large', sku_code: 'LAT-L', barcode: null, barcode_type: null, sale_cost: '3.00', status: true },
        { id: 'v3', name: 'Huge', sku_code: 'LAT-H', barcode: null, barcode_type: null, sale_cost: '4.00', status: false },
      ],
    } as unknown as ProductDetail;
    const items = labelItemsOf(p);
    expect(items.map((i) => [i.name, i.code, i.kind, i.price])).toEqual([
      ['Iced latte Small', '2000000000015', 'ean13', '2.00'],
      ['Iced latte Large', 'LAT-L', 'code128', '3.00'],
    ]);
  });

  it('repeats labels by copies, fills A4 pages of 24, and keeps items already chosen', () => {
    const [item] = labelItemsOf(base);
    const labels = expandLabels([{ ...item!, copies: 30 }]);
    expect(labels).toHaveLength(30);
    expect(paginate(labels, LABEL_LAYOUTS['a4-3x8']).map((p) => p.length)).toEqual([24, 6]);
    expect(paginate(labels, LABEL_LAYOUTS['roll-50x30'])).toHaveLength(30);
    expect(expandLabels([{ ...item!, copies: MAX_LABELS + 5 }])).toHaveLength(MAX_LABELS);
    expect(mergeItems([{ ...item!, copies: 4 }], labelItemsOf(base))).toEqual([{ ...item!, copies: 4 }]);
  });
});
