import { useTranslation } from 'react-i18next';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import { currentLanguage } from '../../../lib/i18n';
import { isNonZero, receiptDateTime, receiptDay, receiptMoney, receiptQuantity, receiptRate } from '../lib/receipt-format';
import { addressOf, branchOf, changeGiven, titleKey, vatRate } from './receipt-parts';
import classes from './invoice.module.css';
import { negated } from '../../../lib/money-format';

export interface SaleInvoiceA4Props {
  sale: SaleDetail;
  profile: ReceiptProfile;
  qrSvg: string | null;
  /** Not printed on A4: back-office invoices are printed (and audited) through the reprint route from the start. */
  reprint?: boolean;
}

/**
 * The A4 invoice of a back-office sale (or a quotation): the shop's letterhead, the customer and the document's
 * facts, a table of lines, the totals in dollars and riel, the payments and the balance due, the footer text and a
 * QR code of the invoice number. Plain markup and a CSS module, like the receipt.
 */
export function SaleInvoiceA4({ sale, profile, qrSvg }: SaleInvoiceA4Props) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, string>) => t(`sales_ui.receipt.${key}`, values);
  const lang = currentLanguage();
  const money = (v: string) => receiptMoney(v, sale.currency, lang);
  const branch = branchOf(sale, profile);
  const { address, phone } = addressOf(sale, profile);
  const given = changeGiven(sale, lang);
  const totals: Array<[string, string, boolean?]> = [[k('subtotal'), money(sale.subtotal)]];
  if (isNonZero(sale.discount_amount)) totals.push([k('discount'), money(negated(sale.discount_amount))]);
  if (isNonZero(sale.coupon_amount)) totals.push([k('coupon', { code: sale.coupon_code ?? '' }), money(negated(sale.coupon_amount))]);
  if (isNonZero(sale.service_charge)) totals.push([sale.service_charge_name ?? k('service_charge'), money(sale.service_charge)]);
  if (isNonZero(sale.tax)) totals.push([k(sale.vat_inclusive ? 'vat_included' : 'vat', { rate: vatRate(sale.vat_rate) }), money(sale.tax)]);
  if (isNonZero(sale.shipping)) totals.push([k('shipping'), money(sale.shipping)]);
  if (isNonZero(sale.rounding)) totals.push([k('rounding'), money(sale.rounding)]);
  const after: Array<[string, string]> = [];
  if (sale.currency !== 'KHR') after.push([k('total_riel'), receiptMoney(sale.grand_total_khr, 'KHR', lang)]);
  after.push([k('rate'), receiptRate(sale.exchange_rate, lang)]);
  if (sale.document !== 'quotation') {
    after.push([k('paid'), money(sale.paid)]);
    if (isNonZero(sale.change)) after.push([k('change'), money(sale.change)]);
    if (given) after.push([k('change_given'), given]);
    after.push([k('balance_due'), money(sale.balance_due)]);
  }
  return (
    <div className={classes.invoice} data-testid="sale-invoice-a4">
      <header className={classes.head}>
        <div className={classes.brand}>
          {profile.show_logo && profile.logo_url && <img className={classes.logo} src={profile.logo_url} alt="" />}
          <div>
            <p className={classes.shop}>{profile.shop_name}</p>
            {branch && branch.name !== profile.shop_name && <p className={classes.muted}>{branch.name}</p>}
            {profile.show_address && address && <p className={classes.muted}>{address}</p>}
            {phone && (
              <p className={classes.muted}>
                {k('phone')}: <span className={classes.ltr}>{phone}</span>
              </p>
            )}
            {profile.show_vatin && profile.vatin && (
              <p className={classes.muted}>
                {k('vatin')}: <span className={classes.ltr}>{profile.vatin}</span>
              </p>
            )}
          </div>
        </div>
        <div>
          <p className={classes.docTitle}>{t(titleKey(sale, 'a4'))}</p>
          {sale.status === 'void' && <span className={classes.banner}>{k('void_mark')}</span>}
        </div>
      </header>
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
              <td className={classes.ltr}>{receiptDateTime(sale.sold_at, profile.time_zone)}</td>
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
      <div className={classes.bottom}>
        <div>
          {sale.payments.length > 0 && (
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
          )}
          {sale.note && (
            <p className={classes.muted} style={{ marginTop: '3mm' }}>
              {k('note')}: {sale.note}
            </p>
          )}
        </div>
        <table className={classes.totals}>
          <tbody>
            {totals.map(([label, value]) => (
              <tr key={label}>
                <td>{label}</td>
                <td className={classes.ltr}>{value}</td>
              </tr>
            ))}
            <tr className={classes.grand}>
              <td>{k('total')}</td>
              <td className={classes.ltr}>{money(sale.grand_total)}</td>
            </tr>
            {after.map(([label, value]) => (
              <tr key={label}>
                <td>{label}</td>
                <td className={classes.ltr}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <footer className={classes.footer}>
        <div className={classes.footerText}>{profile.footer ?? ''}</div>
        {qrSvg && (
          <div
            className={classes.qr}
            role="img"
            aria-label={`${k('invoice_number')} ${sale.invoice_number}`}
            // The markup comes from `qrcode`, made from the invoice number: no user HTML goes in.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
        )}
      </footer>
    </div>
  );
}
