import { useTranslation } from 'react-i18next';
import type { PreBill } from '@posauto/shared/schemas/restaurant';
import type { RoomTimeBill } from '@posauto/shared/schemas/rooms';
import { isCurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoneyText } from '../../../lib/money-format';
import { formatDateTime, getShopTimeZone, localeOf } from '../../../lib/format';
import { safeMinor } from '../../../components/selling/lib/money-minor';

const row = { display: 'flex', justifyContent: 'space-between', gap: '2mm' } as const;
const small = { ...row, fontSize: '8pt' } as const;

/**
 * The pre-bill as printed on 80 mm: a room's time first (issue #25), then the bill's lines, service charge, VAT, total
 * in the shop's currency and in riel.
 */
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
      {bill.room && <RoomTimeLines room={bill.room} currency={currency} lang={lang} />}
      {bill.room && bill.lines.length > 0 && <div style={{ fontWeight: 700 }}>{t('rooms_ui.bill.food')}</div>}
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

/** "21:05" on the shop's clock (the shell keeps its time zone), 24-hour in every language. */
function timeOfDay(iso: string, lang: Language): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return new Intl.DateTimeFormat(localeOf(lang), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: getShopTimeZone(),
  }).format(at);
}

/**
 * A room's time on its bill: each charged segment (room, from-to, minutes at the hourly rate, amount; the minutes
 * charged beyond the time used marked as such), then each pause, not charged, then what the food and drinks fall
 * short of the minimum spend. `withFood`: the food and drinks as one line (the payment dialog lists no lines).
 */
export function RoomTimeLines({
  room,
  currency,
  lang,
  withFood,
}: {
  room: RoomTimeBill;
  currency: string;
  lang: Language;
  withFood?: boolean;
}) {
  const { t } = useTranslation();
  const money = (text: string) => <bdi dir="ltr">{formatMoneyText(text, currency, lang)}</bdi>;
  const span = (from: string, to: string) => <bdi dir="ltr">{`${timeOfDay(from, lang)}–${timeOfDay(to, lang)}`}</bdi>;
  const shortfall = isCurrencyCode(currency) ? safeMinor(room.min_spend_shortfall, currency) : 0;
  return (
    <div data-testid="pre-bill-room">
      <div style={{ fontWeight: 700 }}>{t('rooms_ui.bill.room_time')}</div>
      {room.segments.map((s, i) => (
        <div key={i}>
          <div style={row}>
            <span>
              {s.room_name}
              {s.extra ? ` · ${t('rooms_ui.bill.extra')}` : ''}
            </span>
            {money(s.amount)}
          </div>
          <div style={small}>
            {span(s.started_at, s.ended_at)}
            <span>{t('rooms_ui.bill.minutes_at', { n: s.minutes, rate: formatMoneyText(s.rate, currency, lang) })}</span>
          </div>
        </div>
      ))}
      {room.pauses.map((p, i) => (
        <div key={i} style={small}>
          <span>
            {t('rooms_ui.bill.pause')} {span(p.started_at, p.ended_at)}
          </span>
          <span>{t('rooms_ui.bill.not_charged', { n: p.minutes })}</span>
        </div>
      ))}
      {shortfall !== 0 && (
        <div style={row}>
          <span>{t('rooms_ui.bill.shortfall', { amount: formatMoneyText(room.min_spend, currency, lang) })}</span>
          {money(room.min_spend_shortfall)}
        </div>
      )}
      {withFood && (
        <div style={row}>
          <span>{t('rooms_ui.bill.food')}</span>
          {money(room.food_amount)}
        </div>
      )}
      <hr style={{ borderTop: '1px dashed #000' }} />
    </div>
  );
}
