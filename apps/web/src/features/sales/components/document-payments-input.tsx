import type { Dispatch, SetStateAction } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SALE_LIMITS, TENDER_CURRENCIES } from '@posauto/shared/schemas/sales';
import { patchLine } from '../../../components/documents/lines';

/** A payment taken as the document is saved. */
export interface DraftPayment {
  key: string;
  payment_method_id: string | null;
  currency: 'USD' | 'KHR';
  amount: string;
  reference: string;
}

export interface DocumentPaymentsInputProps {
  payments: DraftPayment[];
  onChange: Dispatch<SetStateAction<DraftPayment[]>>;
  methods: ReadonlyArray<{ id: string; name: string; type: string }>;
  /** An invoice may be saved unpaid; a sale is paid as it is saved. */
  invoice: boolean;
  /** Problems keyed by the input's path (`payments.<index>.<field>`, `payments`). */
  errors: Record<string, string>;
}

/** The payments taken as a sale or invoice is saved: method, currency, amount and reference of each. */
export function DocumentPaymentsInput({ payments, onChange, methods, invoice, errors }: DocumentPaymentsInputProps) {
  const { t } = useTranslation();
  const change = (key: string, patch: Partial<DraftPayment>) => onChange((ps) => patchLine(ps, key, patch));
  const addOne = () =>
    onChange((ps) => [
      ...ps,
      {
        key: String(Date.now()),
        // Cash first: what is handed over at the counter; any other method when the shop has none.
        payment_method_id: (methods.find((m) => m.type === 'cash') ?? methods[0])?.id ?? null,
        currency: 'USD',
        amount: '',
        reference: '',
      },
    ]);
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Text fw={500}>{t('sales_ui.payments')}</Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={addOne}
          disabled={payments.length >= SALE_LIMITS.payments}
          data-testid="doc-add-payment"
        >
          {t('sales_ui.add_payment')}
        </Button>
      </Group>
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(invoice ? 'sale_docs.unpaid_hint' : 'sales_ui.no_payments')}
        </Text>
      ) : (
        <Stack gap="xs">
          {payments.map((p, i) => (
            <Group key={p.key} gap="xs" align="flex-start" wrap="wrap" data-testid="doc-payment">
              <Select
                label={t('sales_ui.payment_method')}
                withAsterisk
                data={methods.map((m) => ({ value: m.id, label: m.name }))}
                value={p.payment_method_id}
                onChange={(v) => change(p.key, { payment_method_id: v })}
                error={errors[`payments.${i}.payment_method_id`]}
                w={200}
              />
              <Select
                label={t('sales_ui.currency')}
                allowDeselect={false}
                data={TENDER_CURRENCIES.map((c) => ({ value: c, label: t(`sales_ui.currency_${c}`) }))}
                value={p.currency}
                onChange={(v) => v && change(p.key, { currency: v as 'USD' | 'KHR' })}
                w={140}
              />
              <TextInput
                label={t('sales_ui.amount')}
                withAsterisk
                inputMode="decimal"
                value={p.amount}
                onChange={(e) => change(p.key, { amount: e.currentTarget.value })}
                error={errors[`payments.${i}.amount`]}
                w={140}
                data-testid="doc-payment-amount"
              />
              <TextInput
                label={t('sales_ui.reference')}
                value={p.reference}
                onChange={(e) => change(p.key, { reference: e.currentTarget.value })}
                w={160}
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                onClick={() => onChange((ps) => ps.filter((x) => x.key !== p.key))}
                aria-label={t('sale_docs.remove_payment', { n: i + 1 })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {errors.payments && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {errors.payments}
        </Text>
      )}
    </Paper>
  );
}
