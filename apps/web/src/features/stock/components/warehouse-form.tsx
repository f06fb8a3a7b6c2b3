import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { warehouseInputSchema, type Warehouse, type WarehouseInput } from '@posauto/shared/schemas/shop-settings';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { FormActions } from '../../../components/crud/form-actions';

export function WarehouseForm({ item, submit, onCancel }: EntityFormProps<Warehouse, WarehouseInput>) {
  const { t } = useTranslation();
  const initial = { name: item?.name ?? '', address: item?.address ?? '', phone: item?.phone ?? '', status: item?.status ?? true };
  const { form, onSubmit, saving } = useEntityForm(warehouseInputSchema, initial, (v) =>
    submit({ name: v.name.trim(), address: v.address.trim() || null, phone: v.phone.trim() || null, status: v.status }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="warehouse-form">
      <Stack>
        <TextInput
          label={t('warehouse.name')}
          placeholder={t('warehouse.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput label={t('warehouse.phone')} type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
        <Textarea label={t('warehouse.address')} autosize minRows={2} key={form.key('address')} {...form.getInputProps('address')} />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
