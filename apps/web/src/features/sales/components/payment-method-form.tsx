import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_METHOD_TYPES,
  paymentMethodInputSchema,
  type PaymentMethod,
  type PaymentMethodInput,
} from '@posauto/shared/schemas/catalogue-settings';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { FormActions } from '../../../components/crud/form-actions';

type Values = { name: string; type: PaymentMethodInput['type'] | null; account_details: string; status: boolean };

export function PaymentMethodForm({ item, submit, onCancel }: EntityFormProps<PaymentMethod, PaymentMethodInput>) {
  const { t } = useTranslation();
  const initial: Values = {
    name: item?.name ?? '',
    type: item?.type ?? null,
    account_details: item?.account_details ?? '',
    status: item?.status ?? true,
  };
  const { form, onSubmit, saving } = useEntityForm(paymentMethodInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), type: v.type!, account_details: v.account_details.trim() || null }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="payment-method-form">
      <Stack>
        <TextInput
          label={t('payment_method.name')}
          placeholder={t('payment_method.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('payment_method.type')}
          placeholder={t('payment_method.type_placeholder')}
          withAsterisk
          comboboxProps={{ zIndex: 2100 }}
          data={PAYMENT_METHOD_TYPES.map((type) => ({ value: type, label: t(`payment_method.types.${type}`) }))}
          key={form.key('type')}
          {...form.getInputProps('type')}
        />
        <Textarea
          label={t('payment_method.account_details')}
          placeholder={t('payment_method.account_details_placeholder')}
          autosize
          minRows={2}
          key={form.key('account_details')}
          {...form.getInputProps('account_details')}
        />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
