import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { brandInputSchema, type Brand, type BrandInput } from '@posauto/shared/schemas/catalogue-settings';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { FormActions } from '../../../components/crud/form-actions';

export function BrandForm({ item, submit, onCancel }: EntityFormProps<Brand, BrandInput>) {
  const { t } = useTranslation();
  const initial = { name: item?.name ?? '', description: item?.description ?? '', status: item?.status ?? true };
  const { form, onSubmit, saving } = useEntityForm(brandInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), description: v.description.trim() || null }),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="brand-form">
      <Stack>
        <TextInput
          label={t('brand.name')}
          placeholder={t('brand.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('brand.description')}
          placeholder={t('brand.description_placeholder')}
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
