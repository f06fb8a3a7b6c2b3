import type { Language } from '@posauto/shared/i18n/index';
import { formatQuantity } from '@posauto/shared/money/index';
import { formatMoney } from '../../../lib/money-format';
import { currencyOf, toMinor } from './amounts';

/** A price as the shop reads it ("$2.50", "4,100 ៛"); the raw text when it is not a valid amount. */
export function formatPrice(text: string, currency: string, lang: Language): string {
  const code = currencyOf(currency);
  const minor = toMinor(text, code);
  return minor === null ? text : formatMoney(minor, code, lang);
}

/** A quantity at QTY_SCALE as short decimal text ("2", "1.5"). */
export function formatStock(qty: number): string {
  return formatQuantity(qty);
}
