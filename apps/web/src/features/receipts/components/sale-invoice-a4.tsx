import { useTranslation } from 'react-i18next';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import type { Language } from '@posauto/shared/i18n/index';
import { currentLanguage } from '../../../lib/i18n';
import { negated } from '../../../lib/money-format';
import { isNonZero, receiptDateTime, receiptDay, receiptMoney, receiptQuantity, receiptRate } from '../lib/receipt-format';
import { InvoiceQr, ShopLines, ShopLogo, useReceiptText } from './receipt-blocks';
import { adjustmentRows, changeGiven, type ReceiptText, titleKey } from './receipt-parts';
import classes from './invoice.module.css';

export interface SaleInvoiceA4Props {
  sale: SaleDetail;
  profile: ReceiptProfile;
  qrSvg: string | null;
  /** Not printed on A4: back-office invoices are printed (and audited) through the reprint route from the start. */
  reprint?: boolean;
}

/** What the invoice's parts are handed: the sale, its words, and its money in its currency and the receipt's language. */
interface PartProps {
  sale: SaleDetail;
  k: ReceiptText;
  lang: Language;
  money: (v: string) => string;
}

/**
 * The A4 invoice of a back-office sale (or a quotation): the shop's letterhead, the customer and the document's
 * facts, a table of lines, the totals in dollars and riel, the payments and the balance due, the footer text and a
 * QR code of the invoice number. Plain markup and a CSS module, like the receipt.
 */
export function SaleInvoiceA4({ sale, profile, qrSvg }: SaleInvoiceA4Props) {
  const { t } = useTranslation();
  const k = useReceiptText();
  const lang = currentLanguage();
  const part: PartProps = { sale, k, lang, money: (v: string) => receiptMoney(v, sale.currency, lang) };
  return (
    <div className={classes.invoice} data-testid="sale-invoice-a4">
      <header className={classes.head}>
        <div className={classes.brand}>
          <ShopLogo profile={profile} css={classes} />
          <div>
            <ShopLines profile={profile} branchId={sale.branch_id} css={classes} vatin />
          </div>
        </div>
        <div>
          <p className={classes.docTitle}>{t(titleKey(sale, 'a4'))}</p>
          {sale.status === 'void' && <span className={classes.banner}>{k('void_mark')}</span>}
        </div>
      </header>
      <InvoiceFacts {...part} timeZone={profile.time_zone} />
      <InvoiceLines {...part} />
      <div className={classes.bottom}>
        <div>
          <InvoicePayments {...part} />
          {sale.note && (
            <p className={classes.muted} style={{ marginTop: '3mm' }}>
              {k('note')}: {sale.note}
            </p>
          )}
        </div>
        <InvoiceTotals {...part} />
      </div>
      <footer className={classes.footer}>
        <div className={classes.footerText}>{profile.footer ?? ''}</div>
        {qrSvg && <InvoiceQr svg={qrSvg} label={`${k('invoice_number')} ${sale.invoice_number}`} className={classes.qr} />}
      </footer>
    </div>
  );
}

/** Who is billed, and the document's facts: number, sale day, time, cashier, payment status. */
function InvoiceFacts({ sale, k, timeZone }: PartProps & { timeZone: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.facts}>
      <div>
        <p className={classes.sectionTitle}>{k('bill_to')}</p>
        <p className={classes.muted} style={{ color: '#111', fontWeight: 600 }}>
          {sale.customer_name}
        </p>
        {sale.member_id && (
          <p className={classes.muted}>
            {k('member_id')}: <span className={classes.ltr}>{sale.member_id}</span>
          </p>
        )}
      </div>
      <table className={classes.factTable}>
        <tbody>
          <tr>
            <th scope="row">{k('invoice_number')}</th>
            <td className={classes.ltr}>{sale.invoice_number}</td>
          </tr>
          <tr>
            <th scope="row">{k('sale_date')}</th>
            <td className={classes.ltr}>{receiptDay(sale.sale_date)}</td>
          </tr>
          <tr>
            <th scope="row">{k('date')}</th>
            <td className={classes.ltr}>{receiptDateTime(sale.sold_at, timeZone)}</td>
          </tr>
          {sale.cashier_name && (
            <tr>
              <th scope="row">{k('cashier')}</th>
              <td>{sale.cashier_name}</td>
            </tr>
          )}
          <tr>
            <th scope="row">{k('payment_status')}</th>
            <td>{t(`sales_ui.payment_status.${sale.payment_status}`)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The table of lines: number, item and SKU, quantity and unit, unit price, line discount, amount. */
function InvoiceLines({ sale, k, money }: PartProps) {
  return (
    <table className={classes.lines}>
      <thead>
        <tr>
          <th className={classes.num}>#</th>
          <th>{k('item')}</th>
          <th className={classes.num}>{k('quantity')}</th>
          <th className={classes.num}>{k('unit_price')}</th>
          <th className={classes.num}>{k('line_discount')}</th>
          <th className={classes.num}>{k('amount')}</th>
        </tr>
      </thead>
      <tbody>
        {sale.lines.map((l, i) => (
          <tr key={l.id}>
            <td className={classes.num}>{i + 1}</td>
            <td>
              <div>{l.product_name}</div>
              {l.sku_code && <div className={`${classes.sku} ${classes.ltr}`}>{l.sku_code}</div>}
            </td>
            <td className={classes.num}>
              {receiptQuantity(l.quantity)}
              {l.unit_name ? ` ${l.unit_name}` : ''}
            </td>
            <td className={classes.num}>{money(l.unit_price)}</td>
            <td className={classes.num}>{isNonZero(l.line_discount) ? money(negated(l.line_discount)) : ''}</td>
            <td className={classes.num}>{money(l.gross_amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The payments made, each with its day, method and reference. */
function InvoicePayments({ sale, k, lang }: PartProps) {
  if (sale.payments.length === 0) return null;
  return (
    <>
      <p className={classes.sectionTitle}>{k('payments')}</p>
      <table className={classes.factTable}>
        <tbody>
          {sale.payments.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                {receiptDay(p.paid_on)} · {p.payment_method_name}
                {p.reference ? ` (${p.reference})` : ''}
              </th>
              <td className={classes.ltr}>{receiptMoney(p.amount, p.currency, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The totals: what changes the subtotal, the total, the total in riel and the rate, then (not on a quotation) paid, change and due. */
function InvoiceTotals({ sale, k, lang, money }: PartProps) {
  const given = changeGiven(sale, lang);
  const after: Array<[string, string]> = [];
  if (sale.currency !== 'KHR') after.push([k('total_riel'), receiptMoney(sale.grand_total_khr, 'KHR', lang)]);
  after.push([k('rate'), receiptRate(sale.exchange_rate, lang)]);
  if (sale.document !== 'quotation') {
    after.push([k('paid'), money(sale.paid)]);
    if (isNonZero(sale.change)) after.push([k('change'), money(sale.change)]);
    if (given) after.push([k('change_given'), given]);
    after.push([k('balance_due'), money(sale.balance_due)]);
  }
  const row = ([label, value]: [string, string]) => (
    <tr key={label}>
      <td>{label}</td>
      <td className={classes.ltr}>{value}</td>
    </tr>
  );
  return (
    <table className={classes.totals}>
      <tbody>
        {adjustmentRows(sale, k, money).map(row)}
        <tr className={classes.grand}>
          <td>{k('total')}</td>
          <td className={classes.ltr}>{money(sale.grand_total)}</td>
        </tr>
        {after.map(row)}
      </tbody>
    </table>
  );
}
