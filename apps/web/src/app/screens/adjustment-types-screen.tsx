import { Badge, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdjustmentType, AdjustmentTypeInput } from '@posauto/shared/schemas/setting-lists';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { AdjustmentTypeForm, adjustmentTypesResource } from '../../features/stock';
import { currentLanguage } from '../../lib/i18n';
import { formatDate } from '../../lib/format';

export function AdjustmentTypesScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <CrudListPage<AdjustmentType, AdjustmentTypeInput>
      resource={adjustmentTypesResource}
      title="adjustment_type.title"
      firstStep="adjustment_types"
      subtitle="adjustment_type.subtitle"
      searchPlaceholder="adjustment_type.search_placeholder"
      createTitle="adjustment_type.create_title"
      editTitle="adjustment_type.edit_title"
      withStatus
      Form={AdjustmentTypeForm}
      columns={[
        { key: 'name', header: 'adjustment_type.name', sortable: true, render: (a) => <Text fw={500}>{a.name}</Text> },
        {
          key: 'direction',
          header: 'adjustment_type.direction',
          width: 170,
          render: (a) => (
            <Badge
              variant="light"
              color={a.direction === 'addition' ? 'teal' : 'red'}
              leftSection={a.direction === 'addition' ? <IconPlus size={12} /> : <IconMinus size={12} />}
            >
              {t(`adjustment_type.directions.${a.direction}`)}
            </Badge>
          ),
        },
        {
          key: 'description',
          header: 'adjustment_type.description',
          render: (a) =>
            a.description ?? (
              <Text c="dimmed" size="sm">
                —
              </Text>
            ),
        },
        { key: 'created_at', header: 'common.created_at', sortable: true, render: (a) => formatDate(a.created_at, lang) },
      ]}
    />
  );
}
