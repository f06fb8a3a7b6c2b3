import { ActionIcon, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconArrowBackUp, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { PurchaseReturn } from '@posauto/shared/schemas/purchases';
import { formatMoneyText } from '../../../lib/money-format';
import { confirmAction } from '../../../components/crud/confirm-action';
import { DataTable } from '../../../components/data-table/data-table';
import { firstStepUnlessFiltered } from '../../../components/data-table/first-step';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { purchaseReturnsResource, useCancelPurchaseReturn } from '../api/purchases';

/** Returns to suppliers, newest first; a posted return can be cancelled (its goods come back into stock). */
export function PurchaseReturnList({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState();
  const list = useQuery({
    queryKey: [purchaseReturnsResource.key, 'list', query],
    queryFn: () => api.get<ListResponse<PurchaseReturn>>(purchaseReturnsResource.path, query),
    placeholderData: keepPreviousData,
  });
  const cancel = useCancelPurchaseReturn();
  const rows = list.data?.data ?? [];
  return (
    <>
      <PageHeader
        actions={
          canWrite && (
            <Button component={Link} to="/stock-return" leftSection={<IconPlus size={16} />} data-testid="create">
              {t('common.create')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group mb="md">
          <ListSearch state={state} update={update} placeholder="purchase_return.search_placeholder" />
        </Group>
        <DataTable<PurchaseReturn>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          firstStep={firstStepUnlessFiltered(state, { step: 'purchase_returns' })}
          columns={[
            { key: 'return_number', header: 'purchase_return.number', sortable: true, render: (r) => r.return_number },
            {
              key: 'returned_on',
              header: 'purchase_return.date',
              sortable: true,
              render: (r) => formatDate(`${r.returned_on}T12:00:00Z`, lang),
            },
            {
              key: 'purchase',
              header: 'purchase_return.purchase',
              render: (r) => (
                <Text size="sm" component={Link} to={`/purchase-listing/detail-listing/${r.purchase_id}`} c="blue">
                  {r.purchase_number}
                </Text>
              ),
            },
            { key: 'supplier', header: 'purchase.supplier', render: (r) => r.supplier_name },
            { key: 'branch', header: 'purchase.branch', render: (r) => r.branch_name },
            {
              key: 'total_cost',
              header: 'purchase_return.total_cost',
              align: 'right',
              render: (r) => formatMoneyText(r.total_cost, r.currency, lang),
            },
            {
              key: 'refund',
              header: 'purchase_return.refund_amount',
              align: 'right',
              render: (r) => (
                <div>
                  <Text size="sm">{formatMoneyText(r.refund_amount, r.currency, lang)}</Text>
                  {r.refund_method_name && (
                    <Text size="xs" c="dimmed">
                      {r.refund_method_name}
                    </Text>
                  )}
                </div>
              ),
            },
            {
              key: 'state',
              header: 'purchase_return.state',
              render: (r) => (
                <Badge variant="light" color={r.state === 'void' ? 'gray' : 'teal'}>
                  {t(`purchase_return.state_${r.state}`)}
                </Badge>
              ),
            },
            {
              key: 'actions',
              header: 'common.actions',
              render: (r) =>
                canWrite &&
                r.state === 'posted' && (
                  <Tooltip label={t('purchase_return.cancel')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('purchase_return.cancel')} ${r.return_number}`}
                      onClick={() =>
                        confirmAction({
                          title: t('purchase_return.cancel_title'),
                          text: t('purchase_return.cancel_text'),
                          confirm: t('purchase_return.cancel_confirm'),
                          color: 'red',
                          onConfirm: () =>
                            cancel.mutate(r.id, { onSuccess: () => notifySuccess('messages.updated'), onError: (e) => notifyError(e) }),
                        })
                      }
                    >
                      <IconArrowBackUp size={18} />
                    </ActionIcon>
                  </Tooltip>
                ),
            },
          ]}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>
    </>
  );
}
