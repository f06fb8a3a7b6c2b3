import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CATEGORY_ICONS, categoryInputSchema, type Category, type CategoryInput } from '@posauto/shared/schemas/categories';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { NameDescriptionForm } from '../../../components/crud/name-description-form';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { useParentOptions } from '../api/categories';
import { CategoryIcon } from './category-icon';

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
  const entity = useEntityForm(categoryInputSchema, initial, (v) => submit({ ...v, name: v.name.trim() }));
  const { form } = entity;
  // A category cannot sit under itself.
  const parentData = (parents.data ?? [])
    .filter((c) => c.id !== item?.id)
    .map((c) => ({ value: c.id, label: c.parent_name ? `${c.parent_name} › ${c.name}` : c.name }));

  return (
    <NameDescriptionForm entity={entity} onCancel={onCancel} testId="category-form" ns="category">
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
    </NameDescriptionForm>
  );
}
