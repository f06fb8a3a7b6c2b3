import type { Kysely } from 'kysely';
import { lineAmount, priceSale } from '@posauto/shared/money/index';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { usableCoupon } from '../coupons/index';
import type { SaleSettings } from './sale-context';
import { discountPercent } from './sale-discount';
import type { SaleIn } from './sale-input';
import { catalogueGross, discountOf, type PreparedLine } from './sale-lines';
import { toMinor } from './sale-money';

/**
 * Step 3, totals, by the one recipe of the money module (priceSale: line discounts, the order discount and the coupon
 * as one document discount kept apart on the sale, the service charge, VAT inclusive or exclusive, shipping on top).
 * Here only what needs the database: the coupon's rule and the service charge.
 */
export async function saleTotals(
  trx: Kysely<Database>,
  ctx: RequestContext,
  input: SaleIn,
  lines: PreparedLine[],
  s: SaleSettings,
  today: string,
) {
  for (const [i, l] of lines.entries())
    if (l.discount?.type === 'fixed' && l.discount.value > lineAmount(l.quantity, l.unitPrice))
      throw unprocessable('sales.errors.discount_over_total', `lines.${i}.discount.value`);
  const asLines = lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, ...(l.discount ? { discount: l.discount } : {}) }));
  const orderDiscount = discountOf(input.discount, s.currency, 'discount.value');
  if (orderDiscount?.type === 'fixed' && orderDiscount.value > priceSale({ currency: s.currency, lines: asLines }).subtotal)
    throw unprocessable('sales.errors.discount_over_total', 'discount.value');
  const coupon = input.coupon_code ? await usableCoupon(trx, ctx.businessId, input.coupon_code, today, 'coupon_code') : null;
  let service: { id: string; type: 'percentage' | 'fixed'; value: number } | null = null;
  if (input.service_charge_id) {
    const sc = await trx
      .selectFrom('service_charges')
      .select(['id', 'type', 'value', 'currency', 'status'])
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', input.service_charge_id)
      .executeTakeFirst();
    if (!sc?.status) throw unprocessable('sales.errors.service_charge_unknown', 'service_charge_id');
    if (sc.type === 'fixed' && sc.currency && sc.currency !== s.currency)
      throw unprocessable('sales.errors.currency_mismatch', 'service_charge_id');
    service = { id: sc.id, type: sc.type === 'fixed' ? 'fixed' : 'percentage', value: Number(sc.value) };
  }
  const totals = priceSale({
    currency: s.currency,
    lines: asLines,
    ...(orderDiscount ? { orderDiscount } : {}),
    ...(coupon
      ? { coupon: coupon.type === 'percent' ? { type: 'percentage', value: coupon.value } : { type: 'fixed', value: coupon.value } }
      : {}),
    ...(service ? { service: { type: service.type, value: service.value } } : {}),
    ...(s.vatRate > 0 ? { vat: { rate: s.vatRate, inclusive: s.vatInclusive } } : {}),
    shipping: toMinor(input.shipping, s.currency, 'shipping'),
  });
  // The discount the seller gave (a coupon is the shop's own offer): what the role's limit is checked against.
  const given = discountPercent(catalogueGross(lines), totals.subtotal - totals.orderDiscount);
  return { totals, orderDiscount, coupon, service, given };
}
