import { useTranslation } from 'react-i18next';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleReturnDetail } from '@posauto/shared/schemas/sales';
import { currentLanguage } from '../../../lib/i18n';
import { isNonZero, receiptDateTime, receiptMoney, receiptQuantity } from '../lib/receipt-format';
import classes from './receipt.module.css';
import { negated } from '../../../lib/money-format';

export interface ReturnReceiptProps {
  ret: SaleReturnDetail;
  profile: ReceiptProfile;
  paper: 58 | 80;
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
 * The receipt of a return on thermal paper, like the sale's: the shop, the return's number, the sale it answers, time
 * and who took it back, the lines that came back with their amounts, the total, what only settled the customer's debt,
 * and the refund (cash in the currency handed back, or credit to the balance). Plain markup, printed by the browser so
 * that Khmer is shaped.
 */
export function ReturnReceipt({ ret, profile, paper, reprint }: ReturnReceiptProps) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, string>) => t(`sales_ui.receipt.${key}`, values);
  const lang = currentLanguage();
  const money = (v: string) => receiptMoney(v, ret.currency, lang);
  const branch = profile.branches.find((b) => b.id === ret.branch_id);
  const address = branch?.address || profile.address;
  const phone = branch?.phone || profile.phone;
  const cash = ret.refund_method === 'cash';
  return (
    <div className={classes.receipt} data-paper={paper} data-testid="return-receipt">
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
      </header>
      <p className={classes.title}>{k('return_title')}</p>
      {ret.state === 'void' && <p className={classes.banner}>{k('void_mark')}</p>}
      {reprint && <p className={classes.banner}>{k('reprint_mark')}</p>}
      <table className={classes.rows}>
        <tbody>
          <Row label={k('return_number')} value={ret.return_number} />
          <Row label={k('for_invoice')} value={ret.invoice_number} />
          <Row label={k('date')} value={receiptDateTime(ret.created_at, profile.time_zone)} />
          {ret.created_by && <Row label={k('cashier')} value={ret.created_by} />}
          <Row label={k('customer')} value={ret.customer_name} />
        </tbody>
      </table>
      <hr className={classes.rule} />
      <div>
        {ret.lines.map((l) => (
          <div key={l.id} className={classes.item} data-testid="return-receipt-line">
            <div className={classes.itemName}>{l.product_name}</div>
            <div className={classes.itemLine}>
              <span className={classes.ltr}>
                {receiptQuantity(l.quantity)}
                {l.unit_name ? ` ${l.unit_name}` : ''}
              </span>
              <span className={classes.ltr}>{money(l.amount)}</span>
            </div>
          </div>
        ))}
      </div>
      <hr className={classes.rule} />
      <table className={classes.rows} data-testid="return-receipt-totals">
        <tbody>
          <Row className={classes.grand} label={k('returned_total')} value={money(ret.total)} />
          {isNonZero(ret.settled_amount) && <Row label={k('settled_debt')} value={money(negated(ret.settled_amount))} />}
          <Row
            className={classes.strong}
            label={cash ? k('refund_cash') : k('refund_balance')}
            value={receiptMoney(ret.refund_amount, cash ? ret.refund_currency : ret.currency, lang)}
          />
        </tbody>
      </table>
      {ret.note && <p className={classes.muted}>{ret.note}</p>}
      <hr className={classes.rule} />
      {profile.footer && <p className={classes.footer}>{profile.footer}</p>}
    </div>
  );
}
