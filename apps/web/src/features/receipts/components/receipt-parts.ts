import type { ReceiptBranch, ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import type { Language } from '@posauto/shared/i18n/index';
import { isNonZero, receiptMoney } from '../lib/receipt-format';

/** The sale's branch as the profile knows it (a sale of a branch since deleted prints without one). */
export function branchOf(sale: SaleDetail, profile: ReceiptProfile): ReceiptBranch | undefined {
  return profile.branches.find((b) => b.id === sale.branch_id);
}

/** Where the shop is: the branch's own address when it has one, else the shop's. */
export function addressOf(sale: SaleDetail, profile: ReceiptProfile): { address: string | null; phone: string | null } {
  const branch = branchOf(sale, profile);
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
