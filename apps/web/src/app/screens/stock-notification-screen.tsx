import { Avatar, Badge, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { StockNotificationListItem } from '@posauto/shared/schemas/shell';
import { useListState } from '../../components/crud/list-state';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useLiveStockAlerts } from '../shell/live-stock-alerts';

/** Every stock notification of the shop, newest first (the bell shows the latest). */
export function StockNotificationScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState();
  // New alerts appear without a reload.
  useLiveStockAlerts(true);
  const list = useQuery({
    queryKey: ['stock-notifications', 'list', query],
    queryFn: () => api.get<ListResponse<StockNotificationListItem>>('/api/v1/stock_notifications', { ...query, per_page: '25' }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  return (
    <>
      <PageHeader />
      <Paper withBorder p="md">
        {rows.length === 0 && !list.isLoading ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="notifications-empty">
            {t('notifications.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('notifications.product')}</Table.Th>
                  <Table.Th>{t('notifications.branch')}</Table.Th>
                  <Table.Th>{t('notifications.level')}</Table.Th>
                  <Table.Th>{t('common.created_at')}</Table.Th>
                  <Table.Th>{t('common.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={n.image ?? undefined} radius="md">
                          <IconPackage size={18} />
                        </Avatar>
                        <Text fw={500}>{n.name}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{n.branch_name}</Table.Td>
                    <Table.Td>
                      <Badge color={Number(n.stock_level) <= 0 ? 'red' : 'orange'} variant="light">
                        {n.stock_level}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(n.created_at, lang)}</Table.Td>
                    <Table.Td>
                      {n.read_at ? (
                        <Text size="sm" c="dimmed">
                          {t('notifications.read')}
                        </Text>
                      ) : (
                        <Badge>{t('notifications.unread')}</Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.meta.last_page > 1 && (
          <Group justify="flex-end" mt="md">
            <Pagination total={list.data.meta.last_page} value={state.page} onChange={(p) => update({ page: p })} size="sm" />
          </Group>
        )}
      </Paper>
    </>
  );
}
