import { describe, expect, it } from 'vitest';
import { MAIN_MENU, type MenuItem } from '@posauto/shared/menu';
import { isActive } from './menu-active';

const find = (name: string, items: readonly MenuItem[] = MAIN_MENU): MenuItem | undefined =>
  items.map((i) => (i.name === name ? i : find(name, i.children ?? []))).find(Boolean);

describe('the active menu entry', () => {
  it('is the most specific link covering the path, never its parent page too', () => {
    const list = find('product_listing')!;
    const create = find('create_product')!;
    expect(isActive(create, '/product-listing/create-product')).toBe(true);
    expect(isActive(list, '/product-listing/create-product')).toBe(false);
    expect(isActive(list, '/product-listing')).toBe(true);
    expect(isActive(list, '/product-listing/edit-product/0190')).toBe(true);
    expect(isActive(find('products')!, '/product-listing/print-barcode')).toBe(true);
    expect(isActive(find('dashboard')!, '/product-listing')).toBe(false);
  });
});
