import type { BarcodeKind } from '@posauto/shared/barcode';
import type { ProductDetail } from '@posauto/shared/schemas/products';

/** Label stock: A4 sheets of die-cut labels, or a roll printing one label per page. Sizes in millimetres. */
export type LabelLayoutId = 'a4-3x8' | 'a4-4x10' | 'roll-50x30' | 'roll-40x25';
export interface LabelLayout {
  id: LabelLayoutId;
  kind: 'sheet' | 'roll';
  page: { w: number; h: number };
  label: { w: number; h: number };
  cols: number;
  rows: number;
}

export const LABEL_LAYOUTS: Record<LabelLayoutId, LabelLayout> = {
  'a4-3x8': { id: 'a4-3x8', kind: 'sheet', page: { w: 210, h: 297 }, label: { w: 70, h: 37 }, cols: 3, rows: 8 },
  'a4-4x10': { id: 'a4-4x10', kind: 'sheet', page: { w: 210, h: 297 }, label: { w: 52.5, h: 29.7 }, cols: 4, rows: 10 },
  'roll-50x30': { id: 'roll-50x30', kind: 'roll', page: { w: 50, h: 30 }, label: { w: 50, h: 30 }, cols: 1, rows: 1 },
  'roll-40x25': { id: 'roll-40x25', kind: 'roll', page: { w: 40, h: 25 }, label: { w: 40, h: 25 }, cols: 1, rows: 1 },
};

/** Enough for a day's shelf labelling; beyond it the page would take long to draw. */
export const MAX_LABELS = 1000;
export const MAX_COPIES = 500;

/** One line of the label list: a product, or one variant of a variation product. */
export interface LabelItem {
  key: string;
  product_id: string;
  variant_id: string | null;
  name: string;
  sku: string;
  /** What the bars encode: the barcode, or the SKU (as Code 128) when there is none. */
  code: string;
  kind: BarcodeKind;
  price: string;
  currency: string;
  copies: number;
}

/** A product's labels: one per active variant for a variation product, one for the others. */
export function labelItemsOf(p: ProductDetail): LabelItem[] {
  const item = (variant: ProductDetail['variants'][number] | null): LabelItem => {
    const barcode = variant ? variant.barcode : p.barcode;
    const kind = variant ? variant.barcode_type : p.barcode_type;
    const sku = variant ? variant.sku_code : p.sku_code;
    return {
      key: `${p.id}:${variant?.id ?? ''}`,
      product_id: p.id,
      variant_id: variant?.id ?? null,
      name: variant ? `${p.product_name} ${variant.name}` : p.product_name,
      sku,
      code: barcode || sku,
      kind: barcode ? (kind ?? (/^\d{13}$/.test(barcode) ? 'ean13' : 'code128')) : 'code128',
      price: variant ? variant.sale_cost : p.sale_cost,
      currency: p.currency,
      copies: 1,
    };
  };
  if (p.type === 'variation' && p.variants.length > 0) return p.variants.filter((v) => v.status).map(item);
  return [item(null)];
}

/** Adds items not yet listed (by product and variant), keeping the order and the copies already chosen. */
export function mergeItems(current: LabelItem[], added: LabelItem[]): LabelItem[] {
  const keys = new Set(current.map((i) => i.key));
  return [...current, ...added.filter((i) => !keys.has(i.key))];
}

/** Every label to print, in order, each item repeated by its copies (capped at MAX_LABELS). */
export function expandLabels(items: readonly LabelItem[]): LabelItem[] {
  const out: LabelItem[] = [];
  for (const item of items) {
    for (let n = 0; n < item.copies && out.length < MAX_LABELS; n++) out.push(item);
  }
  return out;
}

export function totalCopies(items: readonly LabelItem[]): number {
  return items.reduce((sum, i) => sum + i.copies, 0);
}

/** Labels split into pages of the layout (a roll: one label per page). */
export function paginate<T>(labels: readonly T[], layout: LabelLayout): T[][] {
  const perPage = layout.cols * layout.rows;
  const pages: T[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  return pages;
}
