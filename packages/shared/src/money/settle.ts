import { type Money, money } from './currency';
import { type ExchangeRate, convert, rielTotal } from './exchange';

/**
 * What a payment handed over in one currency is worth against an amount due in another, at a frozen rate: the same
 * currency counts as it is, the other is converted (half-up). Riel handed over to the figure shown for what is due
 * (rielTotal: to the nearest 100-riel note) settles it exactly, as at the till, so paying a supplier the riel figure
 * of a bill leaves nothing owed. One rule for every payment against a document that is not a till sale.
 */
export function paymentWorth(tendered: Money, due: Money, rate: ExchangeRate): Money {
  if (tendered.currency === due.currency) return money(tendered.amount, due.currency);
  if (tendered.currency === 'KHR' && due.amount > 0 && tendered.amount === rielTotal(due, rate).amount)
    return money(due.amount, due.currency);
  return convert(tendered, due.currency, rate);
}
