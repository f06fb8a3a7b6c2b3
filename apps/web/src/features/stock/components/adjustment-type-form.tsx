import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ADJUSTMENT_DIRECTIONS,
  adjustmentTypeInputSchema,
  type AdjustmentType,
  type AdjustmentTypeInput,
} from '@posauto/shared/schemas/setting-lists';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { FormActions } from '../../../components/crud/form-actions';

type Values = { name: string; direction: AdjustmentTypeInput['direction'] | null; description: string; status: boolean };

export function AdjustmentTypeForm({ item, submit, onCancel }: EntityFormProps<AdjustmentType, AdjustmentTypeInput>) {
  const { t } = useTranslation();
  const initial: Values = {
    name: item?.name ?? '',
    direction: item?.direction ?? null,
    description: item?.description ?? '',
    status: item?.status ?? true,
  };
  const { form, onSubmit, saving } = useEntityForm(adjustmentTypeInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), direction: v.direction!, description: v.description.trim() || null }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="adjustment-type-form">
      <Stack>
        <TextInput
          label={t('adjustment_type.name')}
          placeholder={t('adjustment_type.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('adjustment_type.direction')}
          placeholder={t('adjustment_type.direction_placeholder')}
          withAsterisk
          comboboxProps={{ zIndex: 2100 }}
          data={ADJUSTMENT_DIRECTIONS.map((d) => ({ value: d, label: t(`adjustment_type.directions.${d}`) }))}
          data-testid="adjustment-direction"
          key={form.key('direction')}
          {...form.getInputProps('direction')}
        />
        <Textarea
          label={t('adjustment_type.description')}
          placeholder={t('adjustment_type.description_placeholder')}
          autosize
          minRows={2}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
