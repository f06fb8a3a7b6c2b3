import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PosCatalogue } from '@posauto/shared/schemas/pos';
import type { TableOrder } from '@posauto/shared/schemas/restaurant';
import { isCurrencyCode, type CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoneyText } from '../../../lib/money-format';
import { moneyMinor } from '../../../components/selling/lib/money-minor';
import { moneyText, rateOf } from '../../../components/selling/lib/money-text';
import { PaymentSummary } from '../../../components/selling/payment-summary';
import { MethodButtons, QuickTender, TenderRow } from '../../../components/selling/payment-tenders';
import { useTenders } from '../../../components/selling/use-tenders';
import { usePreBill } from '../api/tables-api';
import { useBillPay } from '../lib/use-bill-pay';
import { equalShares } from '../lib/split';
import { PreBillTotals, RoomTimeLines } from './pre-bill-paper';

interface Props {
  order: TableOrder;
  bill: number | null;
  catalogue: PosCatalogue;
  lang: Language;
  onClose: () => void;
}

/**
 * Paying one bill as a till sale: the pre-bill's totals (service charge chosen from the shop's, VAT), then dollars,
 * riel, KHQR or other methods, change in riel. Equal parts: the bill shared by N guests, each share a payment of its own.
 * The Idempotency-Key stays with the payment until the server answers it. A room's bill shows its time first (issue #25).
 */
export function PayBillDialog({ order, bill, catalogue, lang, onClose }: Props) {
  const { t } = useTranslation();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [parts, setParts] = useState<number | string>(1);
  const { busy, error, send, reset } = useBillPay(order.id, onClose);
  const opened = bill !== null;
  const pre = usePreBill(order.id, bill ?? 1, serviceId, opened);
  const currency: CurrencyCode = isCurrencyCode(catalogue.settings.currency) ? catalogue.settings.currency : 'USD';
  const rate = rateOf(catalogue.settings.exchange_rate) ?? rateOf('4100')!;
  const total = pre.data ? moneyMinor(pre.data.grand_total, currency) : 0;
  const tenders = useTenders({
    opened: opened && Boolean(pre.data),
    total,
    currency,
    rate,
    methods: catalogue.payment_methods,
    defaultMethodId: catalogue.sale_settings.default_payment_method_id,
    walkIn: true,
    drawer: null,
  });
  useEffect(() => {
    if (!opened) return;
    reset();
    setParts(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, bill]);
  const byId = new Map(catalogue.payment_methods.map((m) => [m.id, m]));
  const shares = equalShares(total, Number(parts) || 1);

  const pay = () => {
    if (busy || bill === null) return;
    const ready = tenders.payments();
    if ('problem' in ready) tenders.setProblem(t(ready.problem, { amount: moneyText(tenders.summary.remaining.amount, currency, lang) }));
    else void send(bill, { service_charge_id: serviceId, payments: ready.payments, change_in: ready.changeIn });
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={t('tables.pay.title', { bill: bill ?? 1 })}
      size="lg"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('tables.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          pay();
        }}
      >
        <Stack gap="sm">
          <Group grow>
            <Select
              label={t('tables.pay.service_charge')}
              data={[
                { value: '', label: t('tables.pay.no_service_charge') },
                ...catalogue.service_charges.map((s) => ({ value: s.id, label: s.name })),
              ]}
              value={serviceId ?? ''}
              onChange={(v) => setServiceId(v || null)}
              allowDeselect={false}
            />
            <NumberInput
              label={t('tables.pay.parts')}
              value={parts}
              onChange={setParts}
              min={1}
              max={order.guests || 99}
              allowDecimal={false}
            />
          </Group>
          {pre.isPending && <Loader aria-label={t('tables.loading')} />}
          {pre.error && (
            <Alert color="red" role="alert">
              {pre.error.message}
            </Alert>
          )}
          {pre.data?.room && <RoomTimeLines room={pre.data.room} currency={currency} lang={lang} withFood />}
          {pre.data && (
            <PreBillTotals bill={pre.data} money={(x) => <bdi dir="ltr">{formatMoneyText(x, currency, lang)}</bdi>} lang={lang} />
          )}
          {shares.length > 1 && (
            <Stack gap={2} aria-label={t('tables.pay.shares')} role="group">
              {shares.map((s, i) => (
                <Text key={i} size="sm">
                  {t('tables.pay.share_n', { n: i + 1 })}: <bdi dir="ltr">{moneyText(s, currency, lang)}</bdi>
                </Text>
              ))}
              <Text size="xs" c="dimmed">
                {t('tables.pay.shares_hint')}
              </Text>
            </Stack>
          )}
          {pre.data &&
            tenders.tenders.map((x, i) => (
              <TenderRow key={x.id} tender={x} method={byId.get(x.methodId)} first={i === 0} lang={lang} busy={busy} tenders={tenders} />
            ))}
          {pre.data && tenders.cash && <QuickTender tenders={tenders} lang={lang} busy={busy} />}
          {pre.data && <MethodButtons methods={catalogue.payment_methods} tenders={tenders} busy={busy} />}
          {pre.data && <PaymentSummary tenders={tenders} currency={currency} lang={lang} drawer={null} busy={busy} />}
          {(tenders.problem || error) && (
            <Alert color="red" role="alert">
              {tenders.problem ?? error}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" h={48} onClick={onClose} disabled={busy}>
              {t('tables.cancel')}
            </Button>
            <Button type="submit" size="lg" h={52} loading={busy} disabled={!pre.data}>
              {t('tables.pay.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
