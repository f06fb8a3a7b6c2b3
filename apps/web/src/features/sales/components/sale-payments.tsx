import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { salePaymentAddSchema, TENDER_CURRENCIES, type SaleDetail, type SalePaymentAdd } from '@posauto/shared/schemas/sales';
import { fieldIssues } from '../../../components/documents/lines';
import { PaymentsPanel } from '../../../components/documents/payments-panel';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { isNonZero, saleMoney } from '../lib/sale-money';

/** The add-payment mutation of the screen (the sales list's drawer and the documents' page each have theirs). */
type AddPayment = UseMutationResult<unknown, Error, { id: string; input: SalePaymentAdd }>;

/**
 * The test ids of the panel's parts: the till sale's drawer and the invoice's page are driven apart by the browser
 * tests, so each keeps its own names.
 */
const TEST_IDS = {
  sale: { table: 'sale-payments', form: 'sale-payment-form', method: 'payment-method', amount: 'payment-amount', submit: 'add-payment' },
  document: { table: 'doc-payments', form: 'doc-payment-form', method: 'pay-method', amount: 'pay-amount', submit: 'pay-submit' },
} as const;

export interface SalePaymentsProps {
  sale: SaleDetail;
  canPay: boolean;
  add: AddPayment;
  methods: ReadonlyArray<{ id: string; name: string }>;
  /** Where the panel sits: the sale's drawer (bare) or an invoice's page (framed). */
  place: keyof typeof TEST_IDS;
}

/** A sale's or an invoice's payments, and (with the right, while something is due) the form that adds one. */
export function SalePayments({ sale: s, canPay, add, methods, place }: SalePaymentsProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const open = canPay && s.status === 'completed' && s.payment_status !== 'paid' && isNonZero(s.balance_due);
  return (
    <PaymentsPanel
      framed={place === 'document'}
      title={t('sales_ui.payments')}
      empty={t('sales_ui.no_payments')}
      labels={{ paidOn: t('sales_ui.paid_on'), method: t('sales_ui.payment_method'), amount: t('sales_ui.amount') }}
      noteLabel={t('sales_ui.reference')}
      tableTestId={TEST_IDS[place].table}
      rows={s.payments.map((p) => ({
        id: p.id,
        paid_on: p.paid_on,
        method: p.payment_method_name,
        amount: saleMoney(p.amount, p.currency, lang),
        note: p.reference,
      }))}
    >
      {open && <SalePaymentForm sale={s} add={add} methods={methods} testIds={TEST_IDS[place]} />}
    </PaymentsPanel>
  );
}

function SalePaymentForm({
  sale: s,
  add,
  methods,
  testIds,
}: Pick<SalePaymentsProps, 'sale' | 'add' | 'methods'> & { testIds: (typeof TEST_IDS)[keyof typeof TEST_IDS] }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ payment_method_id: '', currency: 'USD', amount: '', reference: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = salePaymentAddSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldIssues(parsed.error.issues, t));
      return;
    }
    setErrors({});
    add.mutate(
      { id: s.id, input: parsed.data },
      {
        onSuccess: () => {
          notifySuccess('messages.created');
          set({ amount: '', reference: '' });
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate data-testid={testIds.form}>
      <Group mt="sm" align="flex-start" gap="sm">
        <Select
          label={t('sales_ui.payment_method')}
          withAsterisk
          data={methods.map((m) => ({ value: m.id, label: m.name }))}
          value={form.payment_method_id || null}
          error={errors.payment_method_id}
          onChange={(v) => set({ payment_method_id: v ?? '' })}
          w={190}
          data-testid={testIds.method}
        />
        <Select
          label={t('sales_ui.currency')}
          allowDeselect={false}
          data={TENDER_CURRENCIES.map((c) => ({ value: c, label: t(`sales_ui.currency_${c}`) }))}
          value={form.currency}
          onChange={(v) => set({ currency: v ?? 'USD' })}
          w={140}
        />
        <TextInput
          label={t('sales_ui.amount')}
          withAsterisk
          inputMode="decimal"
          placeholder={form.currency === s.currency ? s.balance_due : undefined}
          value={form.amount}
          error={errors.amount}
          onChange={(e) => set({ amount: e.currentTarget.value })}
          w={140}
          data-testid={testIds.amount}
        />
        <TextInput
          label={t('sales_ui.reference')}
          value={form.reference}
          error={errors.reference}
          onChange={(e) => set({ reference: e.currentTarget.value })}
          w={160}
        />
        <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={add.isPending} data-testid={testIds.submit}>
          {t('sales_ui.add_payment')}
        </Button>
      </Group>
    </form>
  );
}
