// The payment dialog's inputs: a tender's amount, the quick cash buttons, the methods to add.
import { ActionIcon, Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconQrcode, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PosPaymentMethod } from '@posauto/shared/schemas/pos';
import type { TenderCurrency } from '@posauto/shared/schemas/sales';
import type { Language } from '@posauto/shared/i18n/index';
import { rielText } from './lib/money-text';
import { addToText, RIEL_QUICK, type Tender, USD_QUICK } from './lib/payment';
import { KhqrBox } from './khqr-box';
import type { Tenders } from './use-tenders';
import classes from './selling.module.css';

interface TenderRowProps {
  tender: Tender;
  method: PosPaymentMethod | undefined;
  /** The first tender takes the focus when the dialog opens. */
  first: boolean;
  lang: Language;
  busy: boolean;
  tenders: Pick<Tenders, 'update' | 'remove'>;
}

/** One tender: its amount (and currency, for a method other than cash), its removal, and KHQR's code when it is one. */
export function TenderRow({ tender: x, method: m, first, lang, busy, tenders }: TenderRowProps) {
  const { t } = useTranslation();
  const { update } = tenders;
  // A KHQR tender's code is for an amount and a currency: changing either asks for a new one.
  const freshQr = x.khqr === undefined ? undefined : null;
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          size="md"
          label={`${m?.name ?? t('pos.payment.method')} · ${x.currency === 'KHR' ? t('pos.payment.riel') : t('pos.payment.dollars')}`}
          value={x.text}
          onChange={(e) => update(x.id, { text: e.currentTarget.value, khqr: freshQr })}
          inputMode={x.currency === 'KHR' ? 'numeric' : 'decimal'}
          data-autofocus={first || undefined}
          data-testid={m?.type === 'cash' ? `pos-tender-cash-${x.currency.toLowerCase()}` : 'pos-tender'}
          leftSection={<span aria-hidden>{x.currency === 'KHR' ? '៛' : '$'}</span>}
          dir="ltr"
          disabled={busy}
        />
        {m?.type !== 'cash' && (
          <SegmentedControl
            value={x.currency}
            onChange={(v) => update(x.id, { currency: v as TenderCurrency, khqr: freshQr })}
            data={['USD', 'KHR']}
            aria-label={t('pos.payment.currency')}
            disabled={busy}
          />
        )}
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          onClick={() => tenders.remove(x.id)}
          aria-label={t('pos.payment.remove', { name: m?.name ?? '' })}
          disabled={busy}
          // Out of the tab order: Tab goes from one amount to the next (emptying a field removes it too).
          tabIndex={-1}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      {m?.type === 'khqr' && (
        <KhqrBox
          tender={x}
          method={m}
          lang={lang}
          onShown={(md5) => update(x.id, { khqr: { md5, confirmed: false } })}
          onConfirm={() => x.khqr && update(x.id, { khqr: { ...x.khqr, confirmed: true } })}
        />
      )}
    </Stack>
  );
}

/** Quick cash: the exact amount due, and notes in dollars and riel added to what is typed. */
export function QuickTender({ tenders, lang, busy }: { tenders: Pick<Tenders, 'exact' | 'cashTender'>; lang: Language; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.quick} aria-label={t('pos.payment.quick')} role="group">
      <Button variant="light" h={44} onClick={tenders.exact} disabled={busy} data-testid="pos-quick-exact">
        {t('pos.payment.exact')}
      </Button>
      {USD_QUICK.map((n) => (
        <Button
          key={n}
          variant="default"
          h={44}
          onClick={() => tenders.cashTender('USD', (s) => addToText(s, n * 100, 'USD'))}
          disabled={busy}
        >
          <bdi dir="ltr">${n}</bdi>
        </Button>
      ))}
      {RIEL_QUICK.map((n) => (
        <Button
          key={n}
          variant="default"
          h={44}
          px={4}
          onClick={() => tenders.cashTender('KHR', (s) => addToText(s, n, 'KHR'))}
          disabled={busy}
          data-testid={`pos-quick-riel-${n}`}
        >
          <bdi dir="ltr">{rielText(n, lang)}</bdi>
        </Button>
      ))}
    </div>
  );
}

/** A button per method not yet tendered (cash once it is there stays one tender per currency). */
export function MethodButtons({
  methods,
  tenders,
  busy,
}: {
  methods: readonly PosPaymentMethod[];
  tenders: Pick<Tenders, 'tenders' | 'cashTender' | 'addMethod'>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {methods
        .filter((m) => m.type !== 'cash' || !tenders.tenders.some((x) => x.methodId === m.id))
        .map((m) => (
          <Button
            key={m.id}
            variant="outline"
            size="sm"
            h={44}
            leftSection={m.type === 'khqr' ? <IconQrcode size={18} /> : undefined}
            onClick={() => (m.type === 'cash' ? tenders.cashTender('USD', (s) => s) : tenders.addMethod(m))}
            disabled={busy}
          >
            {t('pos.payment.add_method', { name: m.name })}
          </Button>
        ))}
    </Group>
  );
}
