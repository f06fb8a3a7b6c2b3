import type { ReceiptBranch, ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import type { Language } from '@posauto/shared/i18n/index';
import { negated } from '../../../lib/money-format';
import { isNonZero, receiptMoney } from '../lib/receipt-format';

/** A printed document of a branch: a sale or a return. */
interface OfBranch {
  branch_id: string;
}

/** The document's branch as the profile knows it (a document of a branch since deleted prints without one). */
export function branchOf(doc: OfBranch, profile: ReceiptProfile): ReceiptBranch | undefined {
  return profile.branches.find((b) => b.id === doc.branch_id);
}

/** Where the shop is: the branch's own address when it has one, else the shop's. */
export function addressOf(doc: OfBranch, profile: ReceiptProfile): { address: string | null; phone: string | null } {
  const branch = branchOf(doc, profile);
  return { address: branch?.address || profile.address, phone: branch?.phone || profile.phone };
}

/** The change as it went back: "$1.00 + 2,000 ៛", or one currency alone. */
export function changeGiven(sale: SaleDetail, lang: Language): string | null {
  const parts: string[] = [];
  if (isNonZero(sale.change_usd)) parts.push(receiptMoney(sale.change_usd, 'USD', lang));
  if (isNonZero(sale.change_khr)) parts.push(receiptMoney(sale.change_khr, 'KHR', lang));
  return parts.length ? parts.join(' + ') : null;
}

/** The document's printed title key: a receipt for a paid till sale, an invoice otherwise, a quotation as such. */
export function titleKey(sale: SaleDetail, paper: 58 | 80 | 'a4'): string {
  if (sale.document === 'quotation') return 'sales_ui.receipt.quotation_title';
  if (paper === 'a4' || sale.document === 'invoice') return 'sales_ui.receipt.invoice_title';
  return 'sales_ui.receipt.receipt_title';
}

/** "VAT 10%" or "VAT 10% (included)", without the trailing zeros of the stored rate. */
export function vatRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate;
}

/** A receipt's words: the keys under sales_ui.receipt. */
export type ReceiptText = (key: string, values?: Record<string, string>) => string;

/**
 * From the subtotal to the total, the lines that change it, each only when it does: discount, coupon, service charge,
 * VAT (included or added), shipping and rounding. The till's receipt and the A4 invoice print the same lines.
 */
export function adjustmentRows(sale: SaleDetail, k: ReceiptText, money: (v: string) => string): Array<[string, string]> {
  const rows: Array<[string, string]> = [[k('subtotal'), money(sale.subtotal)]];
  if (isNonZero(sale.discount_amount)) rows.push([k('discount'), money(negated(sale.discount_amount))]);
  if (isNonZero(sale.coupon_amount)) rows.push([k('coupon', { code: sale.coupon_code ?? '' }), money(negated(sale.coupon_amount))]);
  if (isNonZero(sale.service_charge)) rows.push([sale.service_charge_name ?? k('service_charge'), money(sale.service_charge)]);
  if (isNonZero(sale.tax)) rows.push([k(sale.vat_inclusive ? 'vat_included' : 'vat', { rate: vatRate(sale.vat_rate) }), money(sale.tax)]);
  if (isNonZero(sale.shipping)) rows.push([k('shipping'), money(sale.shipping)]);
  if (isNonZero(sale.rounding)) rows.push([k('rounding'), money(sale.rounding)]);
  return rows;
}
