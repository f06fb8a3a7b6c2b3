import { useState } from 'react';
import { Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconBox, IconCircleCheck, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_STATUSES, type AdminBusiness } from '@posauto/shared/schemas/accounts';
import { confirmAction } from '../../../components/crud/confirm-action';
import { ListSearch, ListTable } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { useCrudList } from '../../../components/crud/resource';
import type { Column } from '../../../components/data-table/data-table';
import { RowAction } from '../../../components/documents/document-list-actions';
import { Ltr } from '../../../components/ltr';
import { formatDate, formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { businessesResource, useBusinessMutations, type BusinessAction } from '../api/businesses';
import { BusinessStatusBadge, PackageBadge } from './business-status';
import { ChangePackageModal } from './change-package-modal';

const TABS = [...BUSINESS_STATUSES, 'all'] as const;
type Tab = (typeof TABS)[number];

const ACTIONS: Record<AdminBusiness['status'], { action: BusinessAction; color: string; Icon: typeof IconCircleCheck }> = {
  pending: { action: 'activate', color: 'teal', Icon: IconCircleCheck },
  active: { action: 'suspend', color: 'red', Icon: IconPlayerPause },
  suspended: { action: 'reactivate', color: 'blue', Icon: IconPlayerPlay },
};

/** The platform team's shops: waiting for activation first; activate, suspend, reactivate, change package. */
export function BusinessList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(['business_status']);
  // No status in the address means the team's usual job: the shops waiting for activation.
  const tab: Tab = (TABS as readonly string[]).includes(state.filters.business_status ?? '')
    ? (state.filters.business_status as Tab)
    : 'pending';
  const list = useCrudList<AdminBusiness>(businessesResource, {
    ...query,
    business_status: tab === 'all' ? undefined : tab,
    sort: state.sort ?? 'created_at',
    order: state.sort ? state.order : tab === 'pending' ? 'asc' : 'desc',
  });
  const { act } = useBusinessMutations();
  const [packageFor, setPackageFor] = useState<AdminBusiness | null>(null);
  const rows = list.data?.data ?? [];

  const run = (b: AdminBusiness) => {
    const { action, color } = ACTIONS[b.status];
    confirmAction({
      title: t(`admin.confirm.${action}_title`),
      text: t(`admin.confirm.${action}_text`, { shop: b.shop_name }),
      confirm: t(`admin.actions.${action}`),
      color,
      onConfirm: () => act.mutate({ id: b.id, action }, { onSuccess: () => notifySuccess(`admin.done.${action}`), onError: notifyError }),
    });
  };

  const columns: Column<AdminBusiness>[] = [
    {
      key: 'shop_name',
      header: 'admin.shop',
      sortable: true,
      render: (b) => (
        <Stack gap={0}>
          <Text fw={600} data-testid="business-name">
            {b.shop_name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`signup.shop_types.${b.shop_type}`, { defaultValue: b.shop_type })}
            {b.phone && (
              <>
                {' '}
                · <Ltr>{b.phone}</Ltr>
              </>
            )}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'owner',
      header: 'admin.owner',
      render: (b) => (
        <Stack gap={0}>
          <Text size="sm">{b.owner_name}</Text>
          <Text size="xs" c="dimmed">
            <Ltr>{b.owner_email}</Ltr>
          </Text>
        </Stack>
      ),
    },
    { key: 'package', header: 'admin.package', sortable: true, render: (b) => <PackageBadge pkg={b.package} /> },
    { key: 'branches', header: 'admin.branches', align: 'center', render: (b) => formatInteger(b.branches, lang) },
    { key: 'status', header: 'common.status', sortable: true, render: (b) => <BusinessStatusBadge status={b.status} /> },
    { key: 'created_at', header: 'common.created_at', sortable: true, render: (b) => formatDate(b.created_at, lang) },
    {
      key: 'actions',
      header: 'common.actions',
      align: 'center',
      width: 200,
      render: (b) => {
        const { action, color, Icon } = ACTIONS[b.status];
        return (
          <Group gap={6} justify="center" wrap="nowrap">
            <Button
              size="compact-sm"
              variant={action === 'activate' ? 'filled' : 'light'}
              color={color}
              leftSection={<Icon size={14} />}
              onClick={() => run(b)}
              data-testid={`business-${action}`}
            >
              {t(`admin.actions.${action}`)}
            </Button>
            <RowAction label="admin.change_package" icon={IconBox} onClick={() => setPackageFor(b)} testId="business-package-change" />
          </Group>
        );
      },
    },
  ];

  return (
    <Paper withBorder p="md">
      <Tabs value={tab} onChange={(v) => update({ filters: { business_status: v === 'pending' ? undefined : (v ?? undefined) } })} mb="md">
        <Tabs.List>
          {TABS.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`tab-${s}`}>
              {t(`admin.tabs.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group mb="md">
        <ListSearch state={state} update={update} placeholder="admin.search_placeholder" />
      </Group>
      <ListTable
        state={state}
        update={update}
        columns={columns}
        rows={rows}
        meta={list.data?.meta}
        loading={list.isFetching}
        emptyText={tab === 'pending' ? 'admin.none_waiting' : 'common.no_data'}
      />
      <ChangePackageModal business={packageFor} onClose={() => setPackageFor(null)} />
      {list.isError && (
        <Text c="red" size="sm" mt="sm">
          {(list.error as Error).message}
        </Text>
      )}
    </Paper>
  );
}
