import { Checkbox, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PurchaseOptions } from '@posauto/shared/schemas/purchases';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';
import { NoPaymentMethod } from './no-payment-method';
import type { PurchaseFormApi } from './purchase-head';

export interface PurchaseAmountsProps {
  form: PurchaseFormApi;
  options: PurchaseOptions | undefined;
  currency: string;
  totals: { subtotal: string; grand: string } | null;
  /** A new purchase may be paid as it is saved; an edited one is paid from its detail. */
  canPayNow: boolean;
  /** The shop has no active payment method: nothing to pay with now (the purchase itself can still be saved). */
  noMethod: boolean;
  payNow: boolean;
  onPayNow: (payNow: boolean) => void;
}

/** The foot of a purchase: shipping, the totals as typed, and (for a new one) a first payment. */
export function PurchaseAmounts({ form, options, currency, totals, canPayNow, noMethod, payNow, onPayNow }: PurchaseAmountsProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={`${t('purchase.shipping_cost')} (${currency})`}
          inputMode="decimal"
          {...form.getInputProps('shipping_cost')}
          data-testid="purchase-shipping"
        />
        <div>
          <Text size="xs" c="dimmed">
            {t('purchase.subtotal')}
          </Text>
          <Text fw={500}>{totals ? formatMoneyText(totals.subtotal, currency, lang) : '—'}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('purchase.grand_total')}
          </Text>
          <Text fw={700} data-testid="purchase-grand-total">
            {totals ? formatMoneyText(totals.grand, currency, lang) : '—'}
          </Text>
        </div>
      </SimpleGrid>
      {canPayNow && (
        <>
          <Checkbox
            mt="md"
            label={t('purchase.pay_now')}
            checked={payNow}
            disabled={noMethod}
            onChange={(e) => onPayNow(e.currentTarget.checked)}
          />
          {noMethod && <NoPaymentMethod />}
          {payNow && !noMethod && (
            <SimpleGrid mt="sm" cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('purchase.payment_method')}
                withAsterisk
                data={(options?.payment_methods ?? []).map((m) => ({ value: m.id, label: m.name }))}
                {...form.getInputProps('payment_method_id')}
              />
              <TextInput
                label={`${t('purchase.amount')} (${currency})`}
                withAsterisk
                inputMode="decimal"
                {...form.getInputProps('payment_amount')}
              />
              <TextInput type="date" label={t('purchase.paid_on')} withAsterisk {...form.getInputProps('paid_on')} />
            </SimpleGrid>
          )}
        </>
      )}
    </Paper>
  );
}
