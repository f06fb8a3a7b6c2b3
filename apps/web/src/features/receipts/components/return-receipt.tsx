import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleReturnDetail } from '@posauto/shared/schemas/sales';
import { currentLanguage } from '../../../lib/i18n';
import { negated } from '../../../lib/money-format';
import { isNonZero, receiptDateTime, receiptMoney } from '../lib/receipt-format';
import { ReceiptFoot, ReceiptHead, ReceiptItem, Row, useReceiptText } from './receipt-blocks';
import classes from './receipt.module.css';

export interface ReturnReceiptProps {
  ret: SaleReturnDetail;
  profile: ReceiptProfile;
  paper: 58 | 80;
  reprint?: boolean;
}

/**
 * The receipt of a return on thermal paper, like the sale's: the shop, the return's number, the sale it answers, time
 * and who took it back, the lines that came back with their amounts, the total, what only settled the customer's debt,
 * and the refund (cash in the currency handed back, or credit to the balance). Plain markup, printed by the browser so
 * that Khmer is shaped.
 */
export function ReturnReceipt({ ret, profile, paper, reprint }: ReturnReceiptProps) {
  const k = useReceiptText();
  const lang = currentLanguage();
  const money = (v: string) => receiptMoney(v, ret.currency, lang);
  const cash = ret.refund_method === 'cash';
  return (
    <div className={classes.receipt} data-paper={paper} data-testid="return-receipt">
      <ReceiptHead profile={profile} branchId={ret.branch_id} title={k('return_title')} isVoid={ret.state === 'void'} reprint={reprint} />
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
          <ReceiptItem
            key={l.id}
            name={l.product_name}
            quantity={l.quantity}
            unit={l.unit_name}
            amount={money(l.amount)}
            testId="return-receipt-line"
          />
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
      <ReceiptFoot footer={profile.footer} />
    </div>
  );
}
