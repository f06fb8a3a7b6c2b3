import { useState } from 'react';
import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  SERVICE_CHARGE_APPLIES_TO,
  SERVICE_CHARGE_TYPES,
  serviceChargeInputSchema,
  type ServiceCharge,
  type ServiceChargeInput,
} from '@posauto/shared/schemas/setting-lists';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { useShopCurrency } from '../api/service-charges';
import { FormActions } from '../../../components/crud/form-actions';

type Values = {
  name: string;
  type: ServiceChargeInput['type'] | null;
  value: string;
  applies_to: ServiceChargeInput['applies_to'] | null;
  status: boolean;
};

export function ServiceChargeForm({ item, submit, onCancel }: EntityFormProps<ServiceCharge, ServiceChargeInput>) {
  const { t } = useTranslation();
  const shopCurrency = useShopCurrency();
  const initial: Values = {
    name: item?.name ?? '',
    type: item?.type ?? 'percentage',
    value: item?.value ?? '',
    applies_to: item?.applies_to ?? 'all',
    status: item?.status ?? true,
  };
  const { form, onSubmit, saving } = useEntityForm(serviceChargeInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), type: v.type!, value: v.value.trim(), applies_to: v.applies_to! }),
  );
  const [type, setType] = useState(initial.type);
  form.watch('type', ({ value }) => setType(value));
  // A saved fixed amount keeps its own currency; a new one is in the shop currency.
  const currency = item?.type === 'fixed' && item.currency ? item.currency : shopCurrency;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="service-charge-form">
      <Stack>
        <TextInput
          label={t('service_charge.name')}
          placeholder={t('service_charge.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('service_charge.type')}
            placeholder={t('service_charge.type_placeholder')}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ zIndex: 2100 }}
            data={SERVICE_CHARGE_TYPES.map((v) => ({ value: v, label: t(`service_charge.types.${v}`) }))}
            data-testid="charge-type"
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
          <TextInput
            label={t('service_charge.value')}
            withAsterisk
            inputMode="decimal"
            dir="ltr"
            data-testid="charge-value"
            description={type === 'fixed' ? t('service_charge.value_fixed_hint', { currency }) : t('service_charge.value_percent_hint')}
            rightSection={type === 'fixed' ? currency : '%'}
            rightSectionWidth={type === 'fixed' ? 48 : 32}
            key={form.key('value')}
            {...form.getInputProps('value')}
          />
        </SimpleGrid>
        <Select
          label={t('service_charge.applies_to')}
          placeholder={t('service_charge.applies_to_placeholder')}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ zIndex: 2100 }}
          data={SERVICE_CHARGE_APPLIES_TO.map((v) => ({ value: v, label: t(`service_charge.applies.${v}`) }))}
          data-testid="charge-applies-to"
          key={form.key('applies_to')}
          {...form.getInputProps('applies_to')}
        />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
