import { Group, Text, ThemeIcon } from '@mantine/core';
import type { Category, CategoryInput } from '@posauto/shared/schemas/categories';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { categoriesResource, CategoryForm, CategoryIcon } from '../../features/categories';
import { currentLanguage } from '../../lib/i18n';
import { formatDate } from '../../lib/format';

export function CategoriesScreen() {
  const lang = currentLanguage();
  return (
    <CrudListPage<Category, CategoryInput>
      resource={categoriesResource}
      title="category.title"
      firstStep="categories"
      subtitle="category.subtitle"
      searchPlaceholder="category.search_placeholder"
      createTitle="category.create_title"
      editTitle="category.edit_title"
      withStatus
      Form={CategoryForm}
      columns={[
        {
          key: 'name',
          header: 'category.name',
          sortable: true,
          render: (c) => (
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="md">
                <CategoryIcon name={c.icon} />
              </ThemeIcon>
              <Text fw={500}>{c.name}</Text>
            </Group>
          ),
        },
        {
          key: 'parent',
          header: 'category.parent',
          render: (c) =>
            c.parent_name ?? (
              <Text c="dimmed" size="sm">
                —
              </Text>
            ),
        },
        { key: 'created_at', header: 'common.created_at', sortable: true, render: (c) => formatDate(c.created_at, lang) },
      ]}
    />
  );
}
