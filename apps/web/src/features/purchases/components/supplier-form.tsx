import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { supplierInputSchema, type Supplier, type SupplierInput } from '@posauto/shared/schemas/catalogue-settings';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { FormActions } from '../../../components/crud/form-actions';

const TEXT_FIELDS = ['company', 'phone', 'email', 'address', 'note'] as const;

export function SupplierForm({ item, submit, onCancel }: EntityFormProps<Supplier, SupplierInput>) {
  const { t } = useTranslation();
  const initial = {
    name: item?.name ?? '',
    company: item?.company ?? '',
    phone: item?.phone ?? '',
    email: item?.email ?? '',
    address: item?.address ?? '',
    note: item?.note ?? '',
    status: item?.status ?? true,
  };
  const { form, onSubmit, saving } = useEntityForm(supplierInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f].trim() || null])) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="supplier-form">
      <Stack>
        <TextInput
          label={t('supplier.name')}
          placeholder={t('supplier.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput label={t('supplier.company')} key={form.key('company')} {...form.getInputProps('company')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('supplier.phone')} type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
          <TextInput label={t('supplier.email')} type="email" key={form.key('email')} {...form.getInputProps('email')} />
        </SimpleGrid>
        <Textarea label={t('supplier.address')} autosize minRows={2} key={form.key('address')} {...form.getInputProps('address')} />
        <Textarea label={t('supplier.note')} autosize minRows={2} key={form.key('note')} {...form.getInputProps('note')} />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
