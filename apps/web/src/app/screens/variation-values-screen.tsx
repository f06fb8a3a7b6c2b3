import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VariationValue, VariationValueInput } from '@posauto/shared/schemas/setting-lists';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { useRefreshVariationsOnLeave, useVariationChoices, VariationValueForm, variationValuesResource } from '../../features/products';
import { currentLanguage } from '../../lib/i18n';
import { formatDate } from '../../lib/format';

export function VariationValuesScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const variations = useVariationChoices();
  useRefreshVariationsOnLeave();
  return (
    <CrudListPage<VariationValue, VariationValueInput>
      resource={variationValuesResource}
      title="variation_value.title"
      firstStep="variation_values"
      subtitle="variation_value.subtitle"
      searchPlaceholder="variation_value.search_placeholder"
      createTitle="variation_value.create_title"
      editTitle="variation_value.edit_title"
      withStatus
      Form={VariationValueForm}
      filters={[
        {
          key: 'variation_id',
          placeholder: 'variation_value.all_variations',
          data: (variations.data ?? []).map((v) => ({ value: v.id, label: v.status ? v.name : `${v.name} (${t('common.inactive')})` })),
        },
      ]}
      columns={[
        {
          key: 'variation',
          header: 'variation_value.variation',
          sortable: true,
          render: (v) => (
            <Badge variant="light" tt="none">
              {v.variation_name}
            </Badge>
          ),
        },
        { key: 'name', header: 'variation_value.name', sortable: true, render: (v) => <Text fw={500}>{v.name}</Text> },
        {
          key: 'sort_order',
          header: 'variation_value.sort_order',
          sortable: true,
          width: 110,
          render: (v) => <span dir="ltr">{v.sort_order}</span>,
        },
        { key: 'created_at', header: 'common.created_at', sortable: true, render: (v) => formatDate(v.created_at, lang) },
      ]}
    />
  );
}
