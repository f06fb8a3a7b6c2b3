import { useTranslation } from 'react-i18next';
import type { PreBill } from '@posauto/shared/schemas/restaurant';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoneyText } from '../../../lib/money-format';
import { formatDateTime } from '../../../lib/format';

const row = { display: 'flex', justifyContent: 'space-between', gap: '2mm' } as const;

/** The pre-bill as printed on 80 mm: the bill's lines, service charge, VAT, total in the shop's currency and in riel. */
export function PreBillPaper({ bill, currency, lang }: { bill: PreBill; currency: string; lang: Language }) {
  const { t } = useTranslation();
  const money = (text: string) => <bdi dir="ltr">{formatMoneyText(text, currency, lang)}</bdi>;
  return (
    <div
      style={{
        padding: '3mm',
        fontFamily: "'Noto Sans', 'Noto Sans Khmer', 'Noto Sans Arabic', sans-serif",
        fontSize: '9pt',
        color: '#000',
      }}
    >
      <div style={{ textAlign: 'center', fontWeight: 700, fontSize: '12pt' }}>{t('tables.pre_bill.title')}</div>
      <div style={{ textAlign: 'center' }}>{t('tables.pre_bill.not_receipt')}</div>
      <div style={row}>
        <span>{t('tables.pre_bill.table', { name: bill.table_name ?? '' })}</span>
        <span>{bill.order_number}</span>
      </div>
      <div style={row}>
        <span>{t('tables.floor.guests', { n: bill.guests })}</span>
        <span>{t('tables.split.bill_n', { bill: bill.bill })}</span>
      </div>
      {bill.waiter_name && <div>{t('tables.pre_bill.waiter', { name: bill.waiter_name })}</div>}
      <div>{formatDateTime(bill.printed_at, lang)}</div>
      <hr style={{ borderTop: '1px dashed #000' }} />
      {bill.lines.map((l, i) => (
        <div key={i}>
          <div style={row}>
            <span>
              {l.quantity} × {l.name}
            </span>
            {money(l.amount)}
          </div>
          {l.note && <div style={{ fontSize: '8pt' }}>{l.note}</div>}
        </div>
      ))}
      <hr style={{ borderTop: '1px dashed #000' }} />
      <PreBillTotals bill={bill} money={money} lang={lang} />
    </div>
  );
}

/** Subtotal, service charge, VAT and the totals: on the paper and in the payment dialog. */
export function PreBillTotals({ bill, money, lang }: { bill: PreBill; money: (text: string) => React.ReactNode; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div data-testid="pre-bill-totals">
      <div style={row}>
        <span>{t('tables.pre_bill.subtotal')}</span>
        {money(bill.subtotal)}
      </div>
      {bill.service_charge_name && (
        <div style={row}>
          <span>{bill.service_charge_name}</span>
          {money(bill.service_charge)}
        </div>
      )}
      <div style={row}>
        <span>{t('tables.pre_bill.vat', { rate: bill.vat_rate })}</span>
        {money(bill.tax)}
      </div>
      <div style={{ ...row, fontWeight: 700, fontSize: '1.2em' }}>
        <span>{t('tables.pre_bill.total')}</span>
        {money(bill.grand_total)}
      </div>
      <div style={{ ...row, fontWeight: 700 }}>
        <span>{t('tables.pre_bill.total_khr')}</span>
        <bdi dir="ltr">{formatMoneyText(bill.grand_total_khr, 'KHR', lang)}</bdi>
      </div>
    </div>
  );
}
