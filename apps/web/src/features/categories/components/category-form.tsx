import { Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CATEGORY_ICONS, categoryInputSchema, type Category, type CategoryInput } from '@posauto/shared/schemas/categories';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { useParentOptions } from '../api/categories';
import { CategoryIcon } from './category-icon';
import { FormActions } from '../../../components/crud/form-actions';

type Values = { name: string; parent_id: string | null; icon: string | null; status: boolean };

export function CategoryForm({ item, submit, onCancel }: EntityFormProps<Category, CategoryInput>) {
  const { t } = useTranslation();
  const parents = useParentOptions();
  const initial: Values = {
    name: item?.name ?? '',
    parent_id: item?.parent_id ?? null,
    icon: item?.icon ?? null,
    status: item?.status ?? true,
  };
  const { form, onSubmit, saving } = useEntityForm(categoryInputSchema, initial, (v) => submit({ ...v, name: v.name.trim() }));
  // A category cannot sit under itself.
  const parentData = (parents.data ?? [])
    .filter((c) => c.id !== item?.id)
    .map((c) => ({ value: c.id, label: c.parent_name ? `${c.parent_name} › ${c.name}` : c.name }));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="category-form">
      <Stack>
        <TextInput
          label={t('category.name')}
          placeholder={t('category.name_placeholder')}
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('category.parent')}
          placeholder={t('category.parent_placeholder')}
          data={parentData}
          searchable
          clearable
          nothingFoundMessage={t('common.no_match')}
          comboboxProps={{ zIndex: 2100 }}
          key={form.key('parent_id')}
          {...form.getInputProps('parent_id')}
        />
        <Select
          label={t('category.icon')}
          placeholder={t('category.icon_placeholder')}
          clearable
          searchable
          data={CATEGORY_ICONS.map((i) => ({ value: i, label: i }))}
          comboboxProps={{ zIndex: 2100 }}
          renderOption={({ option }) => (
            <Group gap="xs">
              <CategoryIcon name={option.value} />
              {option.label}
            </Group>
          )}
          key={form.key('icon')}
          {...form.getInputProps('icon')}
        />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
