import { useState } from 'react';
import { Alert, SegmentedControl, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_TYPES,
  customerInputSchema,
  type Customer,
  type CustomerInput,
  type CustomerType,
} from '@posauto/shared/schemas/shop-settings';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { FormActions } from '../../../components/crud/form-actions';

const TEXT_FIELDS = ['company_name', 'phone', 'email', 'address', 'member_id', 'note'] as const;

export function CustomerForm({ item, submit, onCancel }: EntityFormProps<Customer, CustomerInput>) {
  const { t } = useTranslation();
  const initial = {
    name: item?.name ?? '',
    customer_type: (item?.customer_type ?? 'retail') as CustomerType,
    company_name: item?.company_name ?? '',
    phone: item?.phone ?? '',
    email: item?.email ?? '',
    address: item?.address ?? '',
    member_id: item?.member_id ?? '',
    note: item?.note ?? '',
    status: item?.status ?? true,
  };
  const { form, onSubmit, saving } = useEntityForm(customerInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f].trim() || null])) }),
  );
  const [type, setType] = useState<CustomerType>(initial.customer_type);
  form.watch('customer_type', ({ value }) => setType(value));
  const walkIn = Boolean(item?.is_walk_in);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="customer-form">
      <Stack>
        {walkIn && (
          <Alert variant="light" icon={<IconUserCheck size={18} />}>
            {t('customer.walk_in_hint')}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('customer.type')}
          </Text>
          <SegmentedControl
            data={CUSTOMER_TYPES.map((v) => ({ value: v, label: t(`customer.types.${v}`) }))}
            data-testid="customer-type"
            key={form.key('customer_type')}
            {...form.getInputProps('customer_type')}
          />
        </Stack>
        <TextInput
          label={t('customer.name')}
          placeholder={t('customer.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        {type === 'company' && (
          <TextInput
            label={t('customer.company_name')}
            withAsterisk
            key={form.key('company_name')}
            {...form.getInputProps('company_name')}
            data-testid="company-name"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('customer.phone')} type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
          <TextInput label={t('customer.email')} type="email" key={form.key('email')} {...form.getInputProps('email')} />
        </SimpleGrid>
        <TextInput
          label={t('customer.member_id')}
          placeholder={t('customer.member_id_placeholder')}
          key={form.key('member_id')}
          {...form.getInputProps('member_id')}
        />
        <Textarea label={t('customer.address')} autosize minRows={2} key={form.key('address')} {...form.getInputProps('address')} />
        <Textarea label={t('customer.note')} autosize minRows={2} key={form.key('note')} {...form.getInputProps('note')} />
        {!walkIn && <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />}
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
