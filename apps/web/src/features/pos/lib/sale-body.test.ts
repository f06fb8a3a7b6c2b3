import { describe, expect, it } from 'vitest';
import type { PosSettings } from '@posauto/shared/schemas/pos';
import { EMPTY_CART, type Cart, type CartLine } from './cart';
import { saleBody } from './sale-body';

const line = (over: Partial<CartLine>): CartLine => ({
  key: 'k',
  productId: 'p1',
  variantId: null,
  name: 'Latte',
  sku: 'LAT',
  unitId: 'u1',
  unitName: 'Cup',
  factor: 1_000_000,
  basePrice: 250,
  quantity: 2_000,
  priceOverride: null,
  discount: null,
  ...over,
});

const cart: Cart = {
  ...EMPTY_CART,
  lines: [
    line({ key: 'a', priceOverride: 199, discount: { type: 'percentage', value: 1250 } }),
    line({ key: 'b', productId: 'p2', variantId: 'v9', unitId: null, quantity: 1_500, discount: { type: 'fixed', value: 25 } }),
  ],
  customer: { id: 'c7', name: 'Sokha' } as Cart['customer'],
  discount: { type: 'percentage', value: 500 },
  coupon: { code: 'WELCOME10', discount: { type: 'percentage', value: 1000 } },
  serviceChargeId: 's1',
  note: 'No sugar',
};

const settings = (over: Partial<PosSettings>) => ({ edit_cost: true, inline_discount: true, ...over }) as PosSettings;
const cash = [{ payment_method_id: 'm1', currency: 'USD' as const, amount: '10' }];

describe('saleBody: the cart as POST /api/v1/sales takes it', () => {
  it('sends each line, the order discount, the coupon, the service charge, the customer, the payments and the change', () => {
    expect(saleBody(cart, settings({}), 'USD', cash, 'split')).toEqual({
      document: 'sale',
      sale_type: 'pos_retail',
      customer_id: 'c7',
      lines: [
        {
          product_id: 'p1',
          variant_id: null,
          unit_id: 'u1',
          quantity: '2',
          unit_price: '1.99',
          discount: { type: 'percent', value: '12.50' },
        },
        {
          product_id: 'p2',
          variant_id: 'v9',
          unit_id: null,
          quantity: '1.5',
          unit_price: null,
          discount: { type: 'fixed', value: '0.25' },
        },
      ],
      discount: { type: 'percent', value: '5.00' },
      coupon_code: 'WELCOME10',
      service_charge_id: 's1',
      payments: cash,
      change_in: 'split',
      note: 'No sugar',
    });
  });

  it('leaves out a typed price without edit_cost and line discounts without inline_discount (the server refuses them)', () => {
    const body = saleBody(cart, settings({ edit_cost: false, inline_discount: false }), 'USD', cash, 'USD');
    expect(body.lines.map((l) => [l.unit_price, l.discount])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(body.change_in).toBe('USD');
  });

  it('writes riel prices whole and sends the walk-in customer as null', () => {
    const body = saleBody({ ...cart, customer: null, lines: [line({ priceOverride: 9_900 })] }, settings({}), 'KHR', [], 'KHR');
    expect(body.customer_id).toBeNull();
    expect(body.lines[0]!.unit_price).toBe('9900');
    expect(body.payments).toEqual([]);
  });
});
