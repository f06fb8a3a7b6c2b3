import { useTranslation } from 'react-i18next';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import type { Language } from '@posauto/shared/i18n/index';
import { currentLanguage } from '../../../lib/i18n';
import { isNonZero, receiptDateTime, receiptMoney, receiptRate } from '../lib/receipt-format';
import { InvoiceQr, ReceiptFoot, ReceiptHead, ReceiptItem, Row, useReceiptText } from './receipt-blocks';
import { adjustmentRows, changeGiven, type ReceiptText, titleKey, vatRate } from './receipt-parts';
import classes from './receipt.module.css';

export interface SaleReceiptProps {
  sale: SaleDetail;
  profile: ReceiptProfile;
  /** 80 mm paper prints 72 mm wide, 58 mm paper 48 mm. */
  paper: 58 | 80;
  /** The QR code of the invoice number as SVG markup (made by `qrcode`), or null to leave it out. */
  qrSvg: string | null;
  reprint?: boolean;
}

/**
 * The till receipt on 80 or 58 mm thermal paper: the shop, the sale's number, time and cashier, its lines, every
 * discount and charge, the total in dollars and in riel at the sale's frozen rate, the payments, the change in
 * dollars and riel, the shop's footer text and a QR code of the invoice number. Plain markup and a CSS module (no
 * Mantine), so that it renders the same in the print container as anywhere else.
 */
export function SaleReceipt({ sale, profile, paper, qrSvg, reprint }: SaleReceiptProps) {
  const { t } = useTranslation();
  const k = useReceiptText();
  const lang = currentLanguage();
  const money = (v: string) => receiptMoney(v, sale.currency, lang);
  const lineDiscounts = sale.lines.some((l) => isNonZero(l.line_discount));
  return (
    <div className={classes.receipt} data-paper={paper} data-testid="sale-receipt">
      <ReceiptHead
        profile={profile}
        branchId={sale.branch_id}
        vatin
        title={t(titleKey(sale, paper))}
        isVoid={sale.status === 'void'}
        reprint={reprint}
      />
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
          <ReceiptItem
            key={l.id}
            name={l.product_name}
            quantity={l.quantity}
            unit={l.unit_name}
            after={` x ${money(l.unit_price)}`}
            amount={money(l.gross_amount)}
            testId="receipt-line"
          >
            {lineDiscounts && isNonZero(l.line_discount) && (
              <div className={classes.itemLine}>
                <span>
                  {k('line_discount')}
                  {l.discount_type === 'percent' ? ` ${vatRate(l.discount_value)}%` : ''}
                </span>
                <span className={classes.ltr}>-{money(l.line_discount)}</span>
              </div>
            )}
          </ReceiptItem>
        ))}
      </div>
      <hr className={classes.rule} />
      <table className={classes.rows}>
        <tbody>
          {adjustmentRows(sale, k, money).map(([label, value]) => (
            <Row key={label} label={label} value={value} />
          ))}
          <Row className={classes.grand} label={k('total')} value={money(sale.grand_total)} />
          {sale.currency !== 'KHR' && (
            <Row className={classes.strong} label={k('total_riel')} value={receiptMoney(sale.grand_total_khr, 'KHR', lang)} />
          )}
          <Row label={k('rate')} value={receiptRate(sale.exchange_rate, lang)} />
        </tbody>
      </table>
      <ReceiptPayments sale={sale} k={k} lang={lang} money={money} />
      <ReceiptFoot footer={profile.footer} />
      {qrSvg && <InvoiceQr svg={qrSvg} label={`${k('invoice_number')} ${sale.invoice_number}`} className={classes.qr} />}
    </div>
  );
}

/** The payments, what was handed over and the change (as it went back), and what the customer still owes. */
function ReceiptPayments({ sale, k, lang, money }: { sale: SaleDetail; k: ReceiptText; lang: Language; money: (v: string) => string }) {
  const given = changeGiven(sale, lang);
  if (sale.payments.length === 0) {
    return isNonZero(sale.balance_due) ? (
      <table className={classes.rows}>
        <tbody>
          <Row className={classes.strong} label={k('balance_due')} value={money(sale.balance_due)} />
        </tbody>
      </table>
    ) : null;
  }
  return (
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
  );
}
