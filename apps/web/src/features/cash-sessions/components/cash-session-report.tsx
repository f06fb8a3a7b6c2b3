import type { CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import type { Language } from '@posauto/shared/i18n/index';
import { CASH_CURRENCIES, CASH_NOTES, type CashCurrency, type CashSessionDetail } from '@posauto/shared/schemas/cash-sessions';
import { formatDateTime } from '../../../lib/format';
import { formatMoney, formatMoneyText, negated } from '../../../lib/money-format';
import { apiMinor, formatCash } from '../lib/cash-money';

export type ReportPaper = 80 | 'a4' | 'screen';

const FIGURE_ROWS = ['opening', 'sales', 'change', 'refunds', 'cash_in', 'cash_out', 'expected', 'counted', 'difference'] as const;
/** Rows that take money out of the drawer are shown with a minus sign. */
const OUT_ROWS = new Set(['change', 'refunds', 'cash_out']);

/** The report's inline styles, narrower on 80 mm paper. */
function reportStyles(narrow: boolean) {
  const cell: CSSProperties = { padding: narrow ? '1px 2px' : '4px 6px', borderBottom: '1px solid #ccc', textAlign: 'start' };
  return {
    narrow,
    base: {
      fontFamily: '"Noto Sans", "Noto Sans Khmer", "Noto Sans Arabic", sans-serif',
      fontSize: narrow ? 11 : 13,
      lineHeight: 1.45,
      color: '#000',
      width: narrow ? '72mm' : '100%',
      padding: narrow ? '2mm 4mm' : 0,
      boxSizing: 'border-box',
    } satisfies CSSProperties,
    table: { width: '100%', borderCollapse: 'collapse', marginBlock: narrow ? 4 : 8 } satisfies CSSProperties,
    cell,
    num: { ...cell, textAlign: 'end', whiteSpace: 'nowrap', unicodeBidi: 'isolate', direction: 'ltr' } satisfies CSSProperties,
    heading: { fontSize: narrow ? 12 : 15, fontWeight: 700, margin: narrow ? '6px 0 2px' : '14px 0 4px' } satisfies CSSProperties,
  };
}

/** What each part of the report is drawn with. */
interface Part {
  s: CashSessionDetail;
  t: TFunction;
  lang: Language;
  st: ReturnType<typeof reportStyles>;
}

/** A label and its value on one line; nothing when there is no value. */
function Line({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <span>{label}</span>
      <span style={{ textAlign: 'end' }}>{value}</span>
    </div>
  );
}

/**
 * The end-of-day report of a session: plain markup (no theme provider needed), so that the same component shows in the
 * detail dialog and prints on its own on 80 mm paper or A4. Numbers stay left-to-right in Arabic.
 */
export function CashSessionReport({
  session: s,
  paper,
  t,
  lang,
}: {
  session: CashSessionDetail;
  paper: ReportPaper;
  t: TFunction;
  lang: Language;
}) {
  const st = reportStyles(paper === 80);
  const part: Part = { s, t, lang, st };
  return (
    <div style={st.base} data-testid="cash-report">
      <div style={{ textAlign: 'center', marginBottom: st.narrow ? 4 : 10 }}>
        <div style={{ fontSize: st.narrow ? 14 : 20, fontWeight: 700 }}>{t('cash.report_title')}</div>
        <div style={{ fontWeight: 600 }} dir="ltr">
          {s.session_number}
        </div>
      </div>
      <Line label={t('cash.branch')} value={s.branch_name} />
      <Line label={t('cash.cashier')} value={s.cashier_name} />
      <Line label={t('cash.status')} value={t(`cash.statuses.${s.status}`)} />
      <Line label={t('cash.opened_at')} value={formatDateTime(s.opened_at, lang)} />
      <Line label={t('cash.closed_at')} value={s.closed_at ? formatDateTime(s.closed_at, lang) : null} />
      <Line label={t('cash.closed_by')} value={s.closed_by_name} />
      <Figures {...part} />
      <Payments {...part} />
      <Movements {...part} />
      {s.counted_notes && <NoteCounts {...part} />}
      <Line label={t('cash.note')} value={s.note || null} />
      <Line label={t('cash.close_note')} value={s.close_note || null} />
      {paper !== 'screen' && (
        <div style={{ marginTop: 8, fontSize: '0.85em', textAlign: 'center' }}>
          {t('cash.printed_at')} {formatDateTime(new Date().toISOString(), lang)}
        </div>
      )}
    </div>
  );
}

/** The drawer's figures per currency, from opening to the difference counted. */
function Figures({ s, t, lang, st }: Part) {
  const figure = (currency: CashCurrency, row: (typeof FIGURE_ROWS)[number]) => {
    const f = s.figures.find((x) => x.currency === currency);
    const text = f?.[row] ?? null;
    if (text === null) return '—';
    if (OUT_ROWS.has(row) && text !== '0' && text !== '0.00') return `−${formatCash(currency, text, lang)}`;
    return formatCash(currency, text, lang);
  };
  const differenceNote = (currency: CashCurrency) => {
    const text = s.figures.find((x) => x.currency === currency)?.difference;
    if (!text) return null;
    const d = apiMinor(currency, text);
    return d === 0 ? t('cash.balanced') : d > 0 ? t('cash.over') : t('cash.short');
  };
  return (
    <table style={st.table}>
      <thead>
        <tr>
          <th style={st.cell} scope="col">
            <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('cash.figure')}</span>
          </th>
          {CASH_CURRENCIES.map((c) => (
            <th key={c} style={{ ...st.num, fontWeight: 700 }} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {FIGURE_ROWS.map((row) => (
          <tr key={row} style={row === 'expected' || row === 'difference' ? { fontWeight: 700 } : undefined}>
            <th style={{ ...st.cell, fontWeight: 'inherit' }} scope="row">
              {t(`cash.figures.${row}`)}
            </th>
            {CASH_CURRENCIES.map((c) => (
              <td key={c} style={st.num}>
                {figure(c, row)}
                {row === 'difference' && differenceNote(c) ? (
                  <div style={{ fontSize: '0.85em', fontWeight: 400 }}>{differenceNote(c)}</div>
                ) : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The session's sales: how many, their totals, and what each payment method took. */
function Payments({ s, t, lang, st }: Part) {
  const money = (currency: string, text: string) => formatMoneyText(text, currency, lang);
  return (
    <>
      <div style={st.heading}>{t('cash.sales_heading')}</div>
      <Line label={t('cash.sales_count')} value={String(s.sales_count)} />
      {s.sales_totals.map((x) => (
        <Line key={x.currency} label={`${t('cash.sales_total')} (${x.currency})`} value={money(x.currency, x.total)} />
      ))}
      {s.payments.length ? (
        <table style={st.table}>
          <thead>
            <tr>
              <th style={st.cell} scope="col">
                {t('cash.method')}
              </th>
              <th style={st.num} scope="col">
                {t('cash.count')}
              </th>
              <th style={st.num} scope="col">
                {t('cash.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {s.payments.map((p) => (
              <tr key={`${p.payment_method_id}-${p.currency}`}>
                <td style={st.cell}>{p.payment_method_name}</td>
                <td style={st.num}>{p.count}</td>
                <td style={st.num}>{money(p.currency, p.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div style={{ color: '#444' }}>{t('cash.no_payments')}</div>
      )}
    </>
  );
}

/** Cash put in and taken out by hand, with the reason (and on wide paper, when and by whom). */
function Movements({ s, t, lang, st }: Part) {
  return (
    <>
      <div style={st.heading}>{t('cash.movements')}</div>
      {s.movements.length ? (
        <table style={st.table}>
          <tbody>
            {s.movements.map((m) => (
              <tr key={m.id}>
                <td style={st.cell}>
                  <div>{t(m.kind === 'cash_in' ? 'cash.cash_in' : 'cash.cash_out')}</div>
                  <div style={{ fontSize: '0.85em', color: '#333' }}>
                    {m.reason}
                    {st.narrow ? null : ` · ${formatDateTime(m.created_at, lang)}${m.created_by_name ? ` · ${m.created_by_name}` : ''}`}
                  </div>
                </td>
                <td style={st.num}>
                  {m.kind === 'cash_out' ? formatCash(m.currency, negated(m.amount), lang) : `+${formatCash(m.currency, m.amount, lang)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div style={{ color: '#444' }}>{t('cash.no_movements')}</div>
      )}
    </>
  );
}

/** The close's count note by note, per currency, for the notes that were there. */
function NoteCounts({ s, t, lang, st }: Part) {
  return (
    <>
      <div style={st.heading}>{t('cash.count_by_note')}</div>
      {CASH_CURRENCIES.map((c) => {
        const counts = s.counted_notes?.[c];
        const used = CASH_NOTES[c].filter((n) => (counts?.[String(n)] ?? 0) > 0);
        if (!used.length) return null;
        return (
          <table key={c} style={st.table}>
            <tbody>
              {used.map((n) => (
                <tr key={n}>
                  <td style={st.cell} dir="ltr">
                    {formatMoney(c === 'USD' ? n * 100 : n, c, lang)} × {counts![String(n)]}
                  </td>
                  <td style={st.num}>{formatMoney((c === 'USD' ? n * 100 : n) * counts![String(n)]!, c, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </>
  );
}
