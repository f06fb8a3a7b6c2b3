import { Group, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangeIn } from '@posauto/shared/schemas/sales';
import type { CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { moneyText, rielText } from './lib/money-text';
import type { CashAmounts } from './lib/payment';
import type { Tenders } from './use-tenders';
import classes from './selling.module.css';

interface PaymentSummaryProps {
  tenders: Pick<Tenders, 'summary' | 'change' | 'chosen' | 'setChangeChoice'>;
  currency: CurrencyCode;
  lang: Language;
  drawer: CashAmounts | null;
  busy: boolean;
}

/**
 * Paid, still due and change, live in both currencies; how the change goes back (the drawer's notes permitting), with
 * the rounding that giving it so adds; and what the drawer holds.
 */
export function PaymentSummary({ tenders, currency, lang, drawer, busy }: PaymentSummaryProps) {
  const { t } = useTranslation();
  const { summary } = tenders;
  const money = (minor: number) => moneyText(minor, currency, lang);
  // An amount inside a sentence, kept whole and left to right in an Arabic one (Unicode first-strong isolate).
  const iso = (text: string) => (lang === 'ar' ? `\u2068${text}\u2069` : text);
  return (
    <div className={classes.totals} style={{ borderTop: 'none', padding: 0 }} data-testid="pos-payment-summary">
      <SummaryRow label={t('pos.payment.paid')} usd={money(summary.paidInDue.amount)} riel={null} testId="pos-paid" />
      {!summary.isPaid && (
        <SummaryRow
          label={t('pos.payment.still_due')}
          usd={money(summary.remaining.amount)}
          riel={currency === 'USD' ? rielText(summary.remainingInRiel.amount, lang) : null}
          testId="pos-still-due"
          color="red"
        />
      )}
      {summary.changeDue.amount > 0 && (
        <>
          <SummaryRow
            label={t('pos.payment.change')}
            usd={money(summary.changeDue.amount)}
            riel={currency === 'USD' ? rielText(summary.changeInRiel.amount, lang) : null}
            testId="pos-change"
            color="teal"
            big
          />
          <ChangeWay tenders={tenders} currency={currency} lang={lang} busy={busy} iso={iso} />
        </>
      )}
      {drawer && (
        <Text size="xs" c="dimmed" ta="end" data-testid="pos-drawer">
          {t('pos.payment.drawer_holds', {
            usd: iso(moneyText(drawer.USD, 'USD', lang)),
            khr: iso(rielText(drawer.KHR, lang)),
          })}
        </Text>
      )}
    </div>
  );
}

/** How the change goes back: the notes to give, the ways the drawer allows, and a word when it cannot give it. */
function ChangeWay({
  tenders: { change, chosen, setChangeChoice },
  currency,
  lang,
  busy,
  iso,
}: Omit<PaymentSummaryProps, 'drawer'> & { iso: (text: string) => string }) {
  const { t } = useTranslation();
  return (
    <>
      {chosen && (
        <Text size="sm" ta="end" fw={600} data-testid="pos-change-split">
          {chosen.usd > 0 && chosen.khr > 0
            ? t('pos.payment.change_split', {
                usd: iso(moneyText(chosen.usd, 'USD', lang)),
                khr: iso(rielText(chosen.khr, lang)),
              })
            : t('pos.payment.change_give', {
                amount: iso(chosen.usd > 0 ? moneyText(chosen.usd, 'USD', lang) : rielText(chosen.khr, lang)),
              })}
          {chosen.rounding !== 0 && (
            <Text span size="sm" c="dimmed" fw={400} ms={6} data-testid="pos-change-rounding">
              {t('pos.payment.rounding', { amount: iso(moneyText(chosen.rounding, currency, lang)) })}
            </Text>
          )}
        </Text>
      )}
      {change.options.length > 0 && (
        <SegmentedControl
          fullWidth
          size="sm"
          value={chosen?.changeIn ?? 'split'}
          onChange={(v) => setChangeChoice(v as ChangeIn)}
          aria-label={t('pos.payment.change_in')}
          data-testid="pos-change-in"
          data={change.options.map((o) => ({
            value: o.changeIn,
            label: t(`pos.payment.change_in_${o.changeIn.toLowerCase()}`),
            disabled: !o.fits || busy,
          }))}
        />
      )}
      {chosen && !chosen.fits && (
        <Text size="sm" c="red" role="alert" data-testid="pos-change-short">
          {t('pos.payment.change_short')}
        </Text>
      )}
    </>
  );
}

function SummaryRow({
  label,
  usd,
  riel,
  testId,
  color,
  big,
}: {
  label: string;
  usd: string;
  riel: string | null;
  testId: string;
  color?: string;
  big?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Text fw={600} fz={big ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={700} fz={big ? 'xl' : 'sm'} c={color} ta="end">
        <bdi dir="ltr">{usd}</bdi>
        {riel && (
          <>
            {' · '}
            <bdi dir="ltr" data-testid={`${testId}-riel`}>
              {riel}
            </bdi>
          </>
        )}
      </Text>
    </Group>
  );
}
