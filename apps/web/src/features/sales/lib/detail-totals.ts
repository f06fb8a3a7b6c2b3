import type { Language } from '@posauto/shared/i18n/index';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import type { TotalLine } from '../../../components/documents/totals-panel';
import { formatRate, negated } from '../../../lib/money-format';
import { isNonZero, saleMoney } from './sale-money';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The totals of a till sale in its drawer: what was taken off shows as a minus, what was handed over and given back
 * in change (in the currencies it went back in), what came back in returns, and what is still due.
 */
export function saleTotalLines(s: SaleDetail, t: Translate, lang: Language): TotalLine[] {
  const money = (v: string) => saleMoney(v, s.currency, lang);
  const lines: Array<TotalLine | false> = [
    { label: t('sales_ui.subtotal'), value: money(s.subtotal) },
    isNonZero(s.discount_amount) && { label: t('sales_ui.order_discount'), value: money(negated(s.discount_amount)) },
    isNonZero(s.coupon_amount) && { label: t('sales_ui.coupon', { code: s.coupon_code ?? '' }), value: money(negated(s.coupon_amount)) },
    isNonZero(s.service_charge) && { label: s.service_charge_name ?? t('sales_ui.service_charge'), value: money(s.service_charge) },
    isNonZero(s.tax) && {
      label: t(s.vat_inclusive ? 'sales_ui.vat_included' : 'sales_ui.vat', { rate: s.vat_rate.replace(/\.?0+$/, '') }),
      value: money(s.tax),
    },
    isNonZero(s.shipping) && { label: t('sales_ui.shipping'), value: money(s.shipping) },
    isNonZero(s.rounding) && { label: t('sales_ui.rounding'), value: money(s.rounding) },
    { label: t('sales_ui.grand_total'), value: money(s.grand_total), strong: true },
    s.currency !== 'KHR' && { label: t('sales_ui.total_riel'), value: saleMoney(s.grand_total_khr, 'KHR', lang) },
    { label: t('sales_ui.rate'), value: formatRate(s.exchange_rate, lang) },
    { label: t('sales_ui.paid'), value: money(s.paid) },
    isNonZero(s.tendered) && { label: t('sales_ui.tendered'), value: money(s.tendered) },
    isNonZero(s.change) && { label: t('sales_ui.change'), value: changeText(s, lang) },
    isNonZero(s.returned_amount) && { label: t('sales_ui.returned_amount'), value: money(s.returned_amount) },
    { label: t('sales_ui.balance_due'), value: money(s.balance_due), strong: true },
  ];
  return lines.filter((l): l is TotalLine => l !== false);
}

/** The change, with the notes it went back in when they are known: "$0.50 ($0 + 2,000 ៛)". */
function changeText(s: SaleDetail, lang: Language): string {
  const given = [
    isNonZero(s.change_usd) && saleMoney(s.change_usd, 'USD', lang),
    isNonZero(s.change_khr) && saleMoney(s.change_khr, 'KHR', lang),
  ]
    .filter(Boolean)
    .join(' + ');
  const change = saleMoney(s.change, s.currency, lang);
  return given ? `${change} (${given})` : change;
}

/**
 * The totals of a sale, invoice or quotation on its page: the amounts as stored; a quotation has nothing paid or due,
 * an invoice also says what the customer owes over all its sales.
 */
export function documentTotalLines(s: SaleDetail, t: Translate, lang: Language): TotalLine[] {
  const money = (v: string, c = s.currency) => saleMoney(v, c, lang);
  const priced = s.document !== 'quotation';
  const lines: Array<TotalLine | false> = [
    { label: t('sales_ui.subtotal'), value: money(s.subtotal) },
    isNonZero(s.discount_amount) && { label: t('sales_ui.order_discount'), value: money(s.discount_amount) },
    isNonZero(s.coupon_amount) && { label: t('sales_ui.coupon', { code: s.coupon_code ?? '' }), value: money(s.coupon_amount) },
    isNonZero(s.service_charge) && { label: t('sales_ui.service_charge'), value: money(s.service_charge) },
    isNonZero(s.vat_rate) && {
      label: t(s.vat_inclusive ? 'sales_ui.vat_included' : 'sales_ui.vat', { rate: s.vat_rate }),
      value: money(s.tax),
    },
    isNonZero(s.shipping) && { label: t('sales_ui.shipping'), value: money(s.shipping) },
    isNonZero(s.rounding) && { label: t('sales_ui.rounding'), value: money(s.rounding) },
    { label: t('sales_ui.grand_total'), value: money(s.grand_total), strong: true, testId: 'detail-grand-total' },
    { label: t('sales_ui.total_riel'), value: money(s.grand_total_khr, 'KHR') },
    priced && { label: t('sales_ui.paid'), value: money(s.paid) },
    priced && { label: t('sales_ui.balance_due'), value: money(s.balance_due), strong: true, testId: 'detail-balance-due' },
    priced && isNonZero(s.customer_balance_due) && { label: t('sales_ui.customer_balance_due'), value: money(s.customer_balance_due) },
  ];
  return lines.filter((l): l is TotalLine => l !== false);
}
