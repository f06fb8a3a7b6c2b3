import { useTranslation } from 'react-i18next';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import { currentLanguage } from '../../../lib/i18n';
import { isNonZero, receiptDateTime, receiptMoney, receiptQuantity, receiptRate } from '../lib/receipt-format';
import { addressOf, branchOf, changeGiven, titleKey, vatRate } from './receipt-parts';
import classes from './receipt.module.css';
import { negated } from '../../../lib/money-format';

export interface SaleReceiptProps {
  sale: SaleDetail;
  profile: ReceiptProfile;
  /** 80 mm paper prints 72 mm wide, 58 mm paper 48 mm. */
  paper: 58 | 80;
  /** The QR code of the invoice number as SVG markup (made by `qrcode`), or null to leave it out. */
  qrSvg: string | null;
  reprint?: boolean;
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <tr className={className}>
      <td>{label}</td>
      <td>
        <span className={classes.ltr}>{value}</span>
      </td>
    </tr>
  );
}

/**
 * The till receipt on 80 or 58 mm thermal paper: the shop, the sale's number, time and cashier, its lines, every
 * discount and charge, the total in dollars and in riel at the sale's frozen rate, the payments, the change in
 * dollars and riel, the shop's footer text and a QR code of the invoice number. Plain markup and a CSS module (no
 * Mantine), so that it renders the same in the print container as anywhere else.
 */
export function SaleReceipt({ sale, profile, paper, qrSvg, reprint }: SaleReceiptProps) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, string>) => t(`sales_ui.receipt.${key}`, values);
  const lang = currentLanguage();
  const money = (v: string) => receiptMoney(v, sale.currency, lang);
  const branch = branchOf(sale, profile);
  const { address, phone } = addressOf(sale, profile);
  const given = changeGiven(sale, lang);
  const lineDiscounts = sale.lines.some((l) => isNonZero(l.line_discount));
  return (
    <div className={classes.receipt} data-paper={paper} data-testid="sale-receipt">
      <header className={classes.center}>
        {profile.show_logo && profile.logo_url && <img className={classes.logo} src={profile.logo_url} alt="" />}
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
      </header>
      <p className={classes.title}>{t(titleKey(sale, paper))}</p>
      {sale.status === 'void' && <p className={classes.banner}>{k('void_mark')}</p>}
      {reprint && <p className={classes.banner}>{k('reprint_mark')}</p>}
      <table className={classes.rows}>
        <tbody>
          <Row label={k('invoice_number')} value={sale.invoice_number} />
          <Row label={k('date')} value={receiptDateTime(sale.sold_at, profile.time_zone)} />
          {sale.cashier_name && <Row label={k('cashier')} value={sale.cashier_name} />}
          <Row label={k('customer')} value={sale.customer_name} />
          {sale.member_id && <Row label={k('member_id')} value={sale.member_id} />}
        </tbody>
      </table>
      <hr className={classes.rule} />
      <div>
        {sale.lines.map((l) => (
          <div key={l.id} className={classes.item} data-testid="receipt-line">
            <div className={classes.itemName}>{l.product_name}</div>
            <div className={classes.itemLine}>
              <span className={classes.ltr}>
                {receiptQuantity(l.quantity)}
                {l.unit_name ? ` ${l.unit_name}` : ''} x {money(l.unit_price)}
              </span>
              <span className={classes.ltr}>{money(l.gross_amount)}</span>
            </div>
            {lineDiscounts && isNonZero(l.line_discount) && (
              <div className={classes.itemLine}>
                <span>
                  {k('line_discount')}
                  {l.discount_type === 'percent' ? ` ${vatRate(l.discount_value)}%` : ''}
                </span>
                <span className={classes.ltr}>-{money(l.line_discount)}</span>
              </div>
            )}
          </div>
        ))}
      </div>
      <hr className={classes.rule} />
      <table className={classes.rows}>
        <tbody>
          <Row label={k('subtotal')} value={money(sale.subtotal)} />
          {isNonZero(sale.discount_amount) && <Row label={k('discount')} value={money(negated(sale.discount_amount))} />}
          {isNonZero(sale.coupon_amount) && (
            <Row label={k('coupon', { code: sale.coupon_code ?? '' })} value={money(negated(sale.coupon_amount))} />
          )}
          {isNonZero(sale.service_charge) && (
            <Row label={sale.service_charge_name ?? k('service_charge')} value={money(sale.service_charge)} />
          )}
          {isNonZero(sale.tax) && (
            <Row label={k(sale.vat_inclusive ? 'vat_included' : 'vat', { rate: vatRate(sale.vat_rate) })} value={money(sale.tax)} />
          )}
          {isNonZero(sale.shipping) && <Row label={k('shipping')} value={money(sale.shipping)} />}
          {isNonZero(sale.rounding) && <Row label={k('rounding')} value={money(sale.rounding)} />}
          <Row className={classes.grand} label={k('total')} value={money(sale.grand_total)} />
          {sale.currency !== 'KHR' && (
            <Row className={classes.strong} label={k('total_riel')} value={receiptMoney(sale.grand_total_khr, 'KHR', lang)} />
          )}
          <Row label={k('rate')} value={receiptRate(sale.exchange_rate, lang)} />
        </tbody>
      </table>
      {sale.payments.length > 0 && (
        <>
          <hr className={classes.rule} />
          <table className={classes.rows} data-testid="receipt-payments">
            <tbody>
              {sale.payments.map((p) => (
                <Row key={p.id} label={p.payment_method_name} value={receiptMoney(p.amount, p.currency, lang)} />
              ))}
              {isNonZero(sale.tendered) && <Row label={k('tendered')} value={money(sale.tendered)} />}
              {isNonZero(sale.change) && <Row className={classes.strong} label={k('change')} value={money(sale.change)} />}
              {given && <Row label={k('change_given')} value={given} />}
              {isNonZero(sale.balance_due) && <Row className={classes.strong} label={k('balance_due')} value={money(sale.balance_due)} />}
            </tbody>
          </table>
        </>
      )}
      {sale.payments.length === 0 && isNonZero(sale.balance_due) && (
        <table className={classes.rows}>
          <tbody>
            <Row className={classes.strong} label={k('balance_due')} value={money(sale.balance_due)} />
          </tbody>
        </table>
      )}
      <hr className={classes.rule} />
      {profile.footer && <p className={classes.footer}>{profile.footer}</p>}
      {qrSvg && (
        <div
          className={classes.qr}
          role="img"
          aria-label={`${k('invoice_number')} ${sale.invoice_number}`}
          // The markup comes from `qrcode`, made from the invoice number: no user HTML goes in.
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
      )}
    </div>
  );
}
