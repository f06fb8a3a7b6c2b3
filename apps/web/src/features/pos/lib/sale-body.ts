import type { PosSettings } from '@posauto/shared/schemas/pos';
import type { ChangeIn, SaleInput, SalePaymentInput } from '@posauto/shared/schemas/sales';
import { type CurrencyCode, formatDecimal, formatQuantity } from '@posauto/shared/money/index';
import { type Cart, discountInput } from './cart';

/** The sale as POST /api/v1/sales takes it: prices and line discounts only where the settings allow them. */
export function saleBody(
  c: Cart,
  settings: PosSettings,
  currency: CurrencyCode,
  payments: SalePaymentInput[],
  changeIn: ChangeIn,
): SaleInput {
  return {
    document: 'sale',
    sale_type: 'pos_retail',
    customer_id: c.customer?.id ?? null,
    lines: c.lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      unit_id: l.unitId,
      quantity: formatQuantity(l.quantity),
      unit_price: settings.edit_cost && l.priceOverride !== null ? formatDecimal(l.priceOverride, currency === 'KHR' ? 0 : 2) : null,
      discount: settings.inline_discount ? discountInput(l.discount, currency) : null,
    })),
    discount: discountInput(c.discount, currency),
    coupon_code: c.coupon?.code ?? null,
    service_charge_id: c.serviceChargeId,
    payments,
    change_in: changeIn,
    note: c.note,
  };
}
