import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { variationInputSchema, type Variation, type VariationInput } from '@posauto/shared/schemas/setting-lists';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { FormActions } from '../../../components/crud/form-actions';

export function VariationForm({ item, submit, onCancel }: EntityFormProps<Variation, VariationInput>) {
  const { t } = useTranslation();
  const initial = { name: item?.name ?? '', description: item?.description ?? '', status: item?.status ?? true };
  const { form, onSubmit, saving } = useEntityForm(variationInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), description: v.description.trim() || null }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="variation-form">
      <Stack>
        <TextInput
          label={t('variation.name')}
          placeholder={t('variation.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('variation.description')}
          placeholder={t('variation.description_placeholder')}
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
