import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Unit, UnitInput } from '@posauto/shared/schemas/catalogue-settings';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { UnitForm, unitsResource } from '../../features/products';
import { currentLanguage } from '../../lib/i18n';
import { formatDate } from '../../lib/format';

export function UnitsScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <CrudListPage<Unit, UnitInput>
      resource={unitsResource}
      title="unit.title"
      firstStep="units"
      subtitle="unit.subtitle"
      searchPlaceholder="unit.search_placeholder"
      createTitle="unit.create_title"
      editTitle="unit.edit_title"
      withStatus
      Form={UnitForm}
      columns={[
        { key: 'name', header: 'unit.name', sortable: true, render: (u) => <Text fw={500}>{u.name}</Text> },
        { key: 'short_name', header: 'unit.short_name', render: (u) => u.short_name },
        {
          key: 'base_unit',
          header: 'unit.base_unit',
          render: (u) =>
            u.base_unit_name ?? (
              <Badge variant="light" color="gray">
                {t('unit.is_base')}
              </Badge>
            ),
        },
        { key: 'operation_value', header: 'unit.operation_value', render: (u) => <span dir="ltr">{u.operation_value}</span> },
        { key: 'created_at', header: 'common.created_at', sortable: true, render: (u) => formatDate(u.created_at, lang) },
      ]}
    />
  );
}
