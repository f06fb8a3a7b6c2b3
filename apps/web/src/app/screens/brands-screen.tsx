import { Text } from '@mantine/core';
import type { Brand, BrandInput } from '@posauto/shared/schemas/catalogue-settings';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { BrandForm, brandsResource } from '../../features/products';
import { currentLanguage } from '../../lib/i18n';
import { formatDate } from '../../lib/format';

export function BrandsScreen() {
  const lang = currentLanguage();
  return (
    <CrudListPage<Brand, BrandInput>
      resource={brandsResource}
      title="brand.title"
      firstStep="brands"
      subtitle="brand.subtitle"
      searchPlaceholder="brand.search_placeholder"
      createTitle="brand.create_title"
      editTitle="brand.edit_title"
      withStatus
      Form={BrandForm}
      columns={[
        { key: 'name', header: 'brand.name', sortable: true, render: (b) => <Text fw={500}>{b.name}</Text> },
        {
          key: 'description',
          header: 'brand.description',
          render: (b) =>
            b.description ?? (
              <Text c="dimmed" size="sm">
                —
              </Text>
            ),
        },
        { key: 'created_at', header: 'common.created_at', sortable: true, render: (b) => formatDate(b.created_at, lang) },
      ]}
    />
  );
}
