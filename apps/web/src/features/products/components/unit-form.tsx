import { useState } from 'react';
import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitInputSchema, type Unit, type UnitInput } from '@posauto/shared/schemas/catalogue-settings';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { useUnitOptions } from '../api/product-settings';
import { FormActions } from '../../../components/crud/form-actions';

type Values = { name: string; short_name: string; base_unit_id: string | null; operation_value: string; status: boolean };

export function UnitForm({ item, submit, onCancel }: EntityFormProps<Unit, UnitInput>) {
  const { t } = useTranslation();
  const units = useUnitOptions();
  const initial: Values = {
    name: item?.name ?? '',
    short_name: item?.short_name ?? '',
    base_unit_id: item?.base_unit_id ?? null,
    operation_value: item?.operation_value ?? '1',
    status: item?.status ?? true,
  };
  const { form, onSubmit, saving } = useEntityForm(unitInputSchema, initial, (v) =>
    // A base unit is always 1 of itself.
    submit({
      ...v,
      name: v.name.trim(),
      short_name: v.short_name.trim(),
      operation_value: v.base_unit_id ? v.operation_value.trim() : '1',
    }),
  );
  const [isBase, setIsBase] = useState(!initial.base_unit_id);
  form.watch('base_unit_id', ({ value }) => {
    setIsBase(!value);
    if (!value) form.setFieldValue('operation_value', '1');
  });
  // A unit cannot be its own base (the server also refuses longer cycles).
  const baseData = (units.data ?? []).filter((u) => u.id !== item?.id).map((u) => ({ value: u.id, label: `${u.name} (${u.short_name})` }));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="unit-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('unit.name')}
            placeholder={t('unit.name_placeholder')}
            withAsterisk
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('unit.short_name')}
            placeholder={t('unit.short_name_placeholder')}
            withAsterisk
            key={form.key('short_name')}
            {...form.getInputProps('short_name')}
          />
        </SimpleGrid>
        <Select
          label={t('unit.base_unit')}
          placeholder={t('unit.base_unit_placeholder')}
          data={baseData}
          searchable
          clearable
          nothingFoundMessage={t('common.no_match')}
          comboboxProps={{ zIndex: 2100 }}
          data-testid="base-unit"
          key={form.key('base_unit_id')}
          {...form.getInputProps('base_unit_id')}
        />
        <TextInput
          label={t('unit.operation_value')}
          description={t('unit.operation_value_hint')}
          inputMode="decimal"
          disabled={isBase}
          data-testid="operation-value"
          key={form.key('operation_value')}
          {...form.getInputProps('operation_value')}
        />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
