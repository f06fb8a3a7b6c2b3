import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { purchasePaymentInputSchema, type PurchaseDetail } from '@posauto/shared/schemas/purchases';
import { confirmAction } from '../../../components/crud/confirm-action';
import { fieldIssues } from '../../../components/documents/lines';
import { PaymentsPanel } from '../../../components/documents/payments-panel';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddPurchasePayment, useDeletePurchasePayment, usePurchaseOptions } from '../api/purchases';
import { NoPaymentMethod } from './no-payment-method';

/** A purchase's payments; with the right, one taken back, and another added while something is still due. */
export function PurchasePayments({ purchase: p, canWrite }: { purchase: PurchaseDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const options = usePurchaseOptions();
  const remove = useDeletePurchasePayment();
  const canPay = canWrite && p.status !== 'void' && p.balance_due !== '0' && Number(p.balance_due) > 0;
  const noMethod = options.isSuccess && (options.data?.payment_methods ?? []).length === 0;
  const askRemove = (paymentId: string) =>
    confirmAction({
      title: t('purchase.delete_payment_title'),
      text: t('purchase.delete_payment_text'),
      confirm: t('common.delete'),
      color: 'red',
      onConfirm: () =>
        remove.mutate({ id: p.id, paymentId }, { onSuccess: () => notifySuccess('messages.deleted'), onError: (err) => notifyError(err) }),
    });
  return (
    <PaymentsPanel
      framed
      title={t('purchase.payments')}
      empty={t('purchase.no_payments')}
      labels={{ paidOn: t('purchase.paid_on'), method: t('purchase.payment_method'), amount: t('purchase.amount') }}
      noteLabel={t('purchase.note')}
      tableTestId="purchase-payments"
      rows={p.payments.map((y) => ({
        id: y.id,
        paid_on: y.paid_on,
        method: y.payment_method_name,
        amount: formatMoneyText(y.amount, p.currency, lang),
        note: y.note,
      }))}
      remove={
        canWrite
          ? {
              label: (row) => `${t('purchase.delete_payment')} ${p.payments.find((y) => y.id === row.id)?.amount ?? ''}`,
              onRemove: (row) => askRemove(row.id),
            }
          : undefined
      }
    >
      {canPay && noMethod && <NoPaymentMethod />}
      {canPay && !noMethod && <PurchasePaymentForm purchase={p} methods={options.data?.payment_methods ?? []} />}
    </PaymentsPanel>
  );
}

function PurchasePaymentForm({ purchase: p, methods }: { purchase: PurchaseDetail; methods: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation();
  const add = useAddPurchasePayment();
  const [form, setForm] = useState({ payment_method_id: '', amount: '', paid_on: new Date().toISOString().slice(0, 10) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = purchasePaymentInputSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldIssues(parsed.error.issues, t));
      return;
    }
    setErrors({});
    add.mutate(
      { id: p.id, input: parsed.data },
      {
        onSuccess: () => {
          notifySuccess('messages.created');
          setForm((f) => ({ ...f, amount: '' }));
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="no-print" data-testid="payment-form">
      <Group mt="md" align="flex-start" gap="sm">
        <Select
          label={t('purchase.payment_method')}
          withAsterisk
          data={methods.map((m) => ({ value: m.id, label: m.name }))}
          value={form.payment_method_id || null}
          error={errors.payment_method_id}
          onChange={(v) => setForm((f) => ({ ...f, payment_method_id: v ?? '' }))}
          w={200}
        />
        <TextInput
          label={`${t('purchase.amount')} (${p.currency})`}
          withAsterisk
          inputMode="decimal"
          placeholder={p.balance_due}
          value={form.amount}
          error={errors.amount}
          onChange={(e) => {
            const amount = e.currentTarget.value;
            setForm((f) => ({ ...f, amount }));
          }}
          w={160}
        />
        <TextInput
          type="date"
          label={t('purchase.paid_on')}
          withAsterisk
          value={form.paid_on}
          error={errors.paid_on}
          onChange={(e) => {
            const paid_on = e.currentTarget.value;
            setForm((f) => ({ ...f, paid_on }));
          }}
          w={170}
        />
        <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={add.isPending}>
          {t('purchase.add_payment')}
        </Button>
      </Group>
    </form>
  );
}
