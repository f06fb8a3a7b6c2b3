import { describe, expect, it } from 'vitest';
import type { PosProduct } from '@posauto/shared/schemas/pos';
import { computeDocumentTotals } from '@posauto/shared/money/index';
import {
  addItem,
  cartTotals,
  discountInput,
  EMPTY_CART,
  lineFor,
  moveSelection,
  removeLine,
  reviveCart,
  setQuantity,
  setUnit,
  stepQuantity,
  type TotalsContext,
  unitPrice,
} from './cart';
import { CART_KEY, CartStore } from './cart-store';
import { MemoryStorage } from './memory-storage';

const latte: PosProduct = {
  id: 'p1',
  name: 'Iced latte',
  sku: 'LAT',
  type: 'single',
  category_id: null,
  brand_id: null,
  image_url: null,
  price: '2.75',
  unit_id: 'cup',
  sale_unit_id: null,
  sale_unit_name: 'Cup',
  sale_unit_factor: '1',
  codes: ['lat'],
  manages_stock: false,
  on_hand: null,
  variations: [],
  variants: [],
  units: [],
};
const cans: PosProduct = {
  ...latte,
  id: 'p2',
  name: 'Energy drink',
  price: '0.45',
  unit_id: 'can',
  sale_unit_id: 'can',
  sale_unit_name: 'Can',
  units: [
    { id: 'can', name: 'Can', short_name: 'can', factor: '1' },
    { id: 'box', name: 'Box of 24', short_name: 'box', factor: '24' },
  ],
};
const USD: TotalsContext = { currency: 'USD', vatRate: 0, vatInclusive: true, service: null };

describe('the cart', () => {
  it('adds one of an item, and one more when the same item comes again', () => {
    let c = addItem(EMPTY_CART, lineFor(latte, null, 'USD'));
    c = addItem(c, lineFor(latte, null, 'USD'));
    c = addItem(c, lineFor(cans, null, 'USD'));
    expect(c.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Iced latte', 2000],
      ['Energy drink', 1000],
    ]);
    expect(c.selected).toBe(c.lines[1]!.key);
  });

  it('never lets a quantity reach zero or go negative', () => {
    const c = addItem(EMPTY_CART, lineFor(latte, null, 'USD'));
    const key = c.lines[0]!.key;
    expect(stepQuantity(c, key, -1)).toBe(c);
    expect(setQuantity(c, key, 0)).toBe(c);
    expect(setQuantity(c, key, -1000)).toBe(c);
    expect(setQuantity(c, key, 1500).lines[0]!.quantity).toBe(1500);
  });

  it('prices another unit of the family by its factor, and merges into a line already in that unit', () => {
    let c = addItem(EMPTY_CART, lineFor(cans, null, 'USD'));
    c = setUnit(c, c.lines[0]!.key, cans.units[1]!);
    expect(c.lines[0]!.unitName).toBe('Box of 24');
    expect(unitPrice(c.lines[0]!)).toBe(1080);
    c = addItem(c, lineFor(cans, null, 'USD'));
    c = setUnit(c, c.lines[1]!.key, cans.units[1]!);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]!.quantity).toBe(2000);
  });

  it('removes a line and moves the selection to its neighbour', () => {
    let c = addItem(
      addItem(addItem(EMPTY_CART, lineFor(latte, null, 'USD')), lineFor(cans, null, 'USD')),
      lineFor({ ...latte, id: 'p3', name: 'Tea' }, null, 'USD'),
    );
    c = moveSelection(c, -1);
    expect(c.selected).toBe(c.lines[1]!.key);
    c = removeLine(c, c.selected!);
    expect(c.lines.map((l) => l.name)).toEqual(['Iced latte', 'Tea']);
    expect(c.selected).toBe(c.lines[1]!.key);
  });
});

describe('cart totals', () => {
  const cart = addItem(addItem(addItem(EMPTY_CART, lineFor(latte, null, 'USD')), lineFor(latte, null, 'USD')), lineFor(cans, null, 'USD'));

  it('are the money module totals of the lines (2 x 2.75 + 0.45)', () => {
    const totals = cartTotals(cart, USD);
    expect(totals.subtotal).toBe(595);
    expect(totals.total).toBe(595);
    expect(totals).toMatchObject(
      computeDocumentTotals({
        currency: 'USD',
        lines: [
          { quantity: 2000, unitPrice: 275 },
          { quantity: 1000, unitPrice: 45 },
        ],
      }),
    );
  });

  it('apply line discount, order discount, service charge and VAT in the shared order', () => {
    const c = {
      ...cart,
      lines: cart.lines.map((l, i) => (i === 0 ? { ...l, discount: { type: 'percentage' as const, value: 1000 } } : l)),
      discount: { type: 'fixed' as const, value: 50 },
      serviceChargeId: 's',
    };
    const ctx: TotalsContext = {
      currency: 'USD',
      vatRate: 1000,
      vatInclusive: false,
      service: { id: 's', name: 'Service', type: 'percentage', value: '5', applies_to: 'all' },
    };
    const totals = cartTotals(c, ctx);
    const expected = computeDocumentTotals({
      currency: 'USD',
      lines: [
        { quantity: 2000, unitPrice: 275, discount: { type: 'percentage', value: 1000 } },
        { quantity: 1000, unitPrice: 45 },
      ],
      discount: { type: 'fixed', value: 50 },
      service: { type: 'percentage', value: 500 },
      vat: { rate: 1000, inclusive: false },
    });
    expect(totals).toMatchObject(expected);
    // 5.50 - 0.55 + 0.45 = 5.40; -0.50 = 4.90; +5% = 0.245 -> 0.25 = 5.15; +10% VAT 0.515 -> 0.52 = 5.67
    expect(totals.total).toBe(567);
    expect(totals.serviceCharge).toBe(25);
  });

  it('extract inclusive VAT without changing the total', () => {
    const totals = cartTotals(cart, { ...USD, vatRate: 1000, vatInclusive: true });
    expect(totals.total).toBe(595);
    expect(totals.tax).toBe(54);
  });

  it('take a coupon after the order discount, on what is left', () => {
    const c = {
      ...cart,
      discount: { type: 'percentage' as const, value: 1000 },
      coupon: { code: 'TEN', discount: { type: 'fixed' as const, value: 100 } },
    };
    const totals = cartTotals(c, USD);
    expect(totals.orderDiscount).toBe(60);
    expect(totals.couponDiscount).toBe(100);
    expect(totals.total).toBe(435);
  });

  it('never discount below zero with a fixed discount over the total', () => {
    expect(cartTotals({ ...cart, discount: { type: 'fixed', value: 10_000 } }, USD).total).toBe(0);
  });

  it('write discounts the way the sales API reads them', () => {
    expect(discountInput({ type: 'percentage', value: 1250 }, 'USD')).toEqual({ type: 'percent', value: '12.50' });
    expect(discountInput({ type: 'fixed', value: 150 }, 'USD')).toEqual({ type: 'fixed', value: '1.50' });
    expect(discountInput(null, 'USD')).toBeNull();
  });
});

describe('the stored cart', () => {
  it('survives a reload', () => {
    const storage = new MemoryStorage();
    const store = new CartStore(storage);
    store.update((c) => addItem(c, lineFor(latte, null, 'USD')));
    store.flush();
    expect(storage.getItem(CART_KEY)).toContain('Iced latte');
    expect(new CartStore(storage).get().lines[0]!.name).toBe('Iced latte');
    store.clear();
    store.flush();
    expect(storage.getItem(CART_KEY)).toBeNull();
  });

  it('drops what is not a cart', () => {
    expect(
      reviveCart({
        lines: [{ key: 'x', productId: 'p', quantity: -1, basePrice: 1, factor: 1 }],
        discount: { type: 'percentage', value: 20_000 },
      }),
    ).toEqual(EMPTY_CART);
    expect(reviveCart('nonsense')).toEqual(EMPTY_CART);
  });
});
