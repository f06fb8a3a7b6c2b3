import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Warehouse, WarehouseInput } from '@posauto/shared/schemas/shop-settings';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { WarehouseForm, warehousesResource } from '../../features/stock';
import { useUserData } from '../../lib/auth-store';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

const dash = (
  <Text c="dimmed" size="sm">
    —
  </Text>
);

export function WarehousesScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // A branch user sees and edits only its own branch; adding or deleting branches is the shop's (the server refuses).
  const shopLevel = !useUserData()?.data.branch_id;
  return (
    <CrudListPage<Warehouse, WarehouseInput>
      resource={warehousesResource}
      title="warehouse.title"
      subtitle="warehouse.subtitle"
      searchPlaceholder="warehouse.search_placeholder"
      createTitle="warehouse.create_title"
      editTitle="warehouse.edit_title"
      withStatus
      locked={(w) => w.is_default}
      can={{ create: shopLevel, delete: shopLevel }}
      Form={WarehouseForm}
      columns={[
        {
          key: 'name',
          header: 'warehouse.name',
          sortable: true,
          render: (w) => (
            <Stack gap={4} align="flex-start">
              <Text fw={500}>
                <bdi>{w.name}</bdi>
              </Text>
              {w.is_default && (
                <Badge variant="light" size="sm" data-testid="default-badge">
                  {t('warehouse.default_badge')}
                </Badge>
              )}
            </Stack>
          ),
        },
        {
          key: 'address',
          header: 'warehouse.address',
          width: 280,
          render: (w) =>
            w.address ? (
              <Text size="sm">
                <bdi>{w.address}</bdi>
              </Text>
            ) : (
              dash
            ),
        },
        {
          key: 'phone',
          header: 'warehouse.phone',
          render: (w) =>
            w.phone ? (
              <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {w.phone}
              </Text>
            ) : (
              dash
            ),
        },
        { key: 'users_count', header: 'warehouse.users_count', align: 'center', width: 100, render: (w) => w.users_count },
        { key: 'created_at', header: 'common.created_at', sortable: true, render: (w) => formatDate(w.created_at, lang) },
      ]}
    />
  );
}
