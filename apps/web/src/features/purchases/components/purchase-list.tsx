import { ActionIcon, Button, Group, Paper, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { IconArrowBackUp, IconEdit, IconEye, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListResponse } from '@posauto/shared/schemas/common';
import { PAYMENT_STATUSES, PURCHASE_STATUSES, type Purchase } from '@posauto/shared/schemas/purchases';
import { formatMoneyText } from '../../../lib/money-format';
import { DataTable } from '../../../components/data-table/data-table';
import { firstStepUnlessFiltered } from '../../../components/data-table/first-step';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { purchasesResource, usePurchaseOptions } from '../api/purchases';
import { PaymentStatusBadge, PurchaseStatusBadge } from './purchase-badges';

const FILTERS = ['supplier_id', 'branch_id', 'purchase_status', 'payment_status', 'from', 'to'] as const;

/** Purchases newest first, filtered by supplier, branch, status, payment status and period. */
export function PurchaseList({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(FILTERS);
  const options = usePurchaseOptions();
  const list = useQuery({
    queryKey: [purchasesResource.key, 'list', query],
    queryFn: () => api.get<ListResponse<Purchase>>(purchasesResource.path, query),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const filter = (key: (typeof FILTERS)[number], value: string | null) =>
    update({ page: 1, filters: { ...state.filters, [key]: value || undefined } });
  return (
    <>
      <PageHeader
        actions={
          <Group gap="xs">
            <Button variant="default" component={Link} to="/purchase-return" leftSection={<IconArrowBackUp size={16} />}>
              {t('pages.purchase-return')}
            </Button>
            {canWrite && (
              <Button component={Link} to="/stock-purchase" leftSection={<IconPlus size={16} />} data-testid="create">
                {t('common.create')}
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder="purchase.search_placeholder" />
          <Select
            aria-label={t('purchase.supplier')}
            placeholder={t('purchase.all_suppliers')}
            data={(options.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={state.filters.supplier_id ?? null}
            onChange={(v) => filter('supplier_id', v)}
            clearable
            searchable
            w={180}
          />
          {(options.data?.branches.length ?? 0) > 1 && (
            <Select
              aria-label={t('purchase.branch')}
              placeholder={t('purchase.all_branches')}
              data={(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={state.filters.branch_id ?? null}
              onChange={(v) => filter('branch_id', v)}
              clearable
              w={170}
            />
          )}
          <Select
            aria-label={t('purchase.status')}
            placeholder={t('purchase.all_statuses')}
            data={PURCHASE_STATUSES.map((s) => ({ value: s, label: t(`purchase.status_${s}`) }))}
            value={state.filters.purchase_status ?? null}
            onChange={(v) => filter('purchase_status', v)}
            clearable
            w={180}
          />
          <Select
            aria-label={t('purchase.payment_status')}
            placeholder={t('purchase.all_payment_statuses')}
            data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`purchase.pay_${s}`) }))}
            value={state.filters.payment_status ?? null}
            onChange={(v) => filter('payment_status', v)}
            clearable
            w={180}
          />
          <TextInput
            type="date"
            label={t('purchase.from')}
            value={state.filters.from ?? ''}
            onChange={(e) => filter('from', e.currentTarget.value)}
            w={150}
          />
          <TextInput
            type="date"
            label={t('purchase.to')}
            value={state.filters.to ?? ''}
            onChange={(e) => filter('to', e.currentTarget.value)}
            w={150}
          />
        </Group>
        <DataTable<Purchase>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          firstStep={firstStepUnlessFiltered(state, { step: 'purchases' })}
          columns={[
            {
              key: 'purchase_number',
              header: 'purchase.number',
              sortable: true,
              render: (p) => (
                <Text size="sm" fw={500} component={Link} to={`/purchase-listing/detail-listing/${p.id}`}>
                  {p.purchase_number}
                </Text>
              ),
            },
            {
              key: 'purchase_date',
              header: 'purchase.date',
              sortable: true,
              render: (p) => formatDate(`${p.purchase_date}T12:00:00Z`, lang),
            },
            { key: 'supplier', header: 'purchase.supplier', render: (p) => p.supplier_name },
            { key: 'branch', header: 'purchase.branch', render: (p) => p.branch_name },
            { key: 'status', header: 'purchase.status', render: (p) => <PurchaseStatusBadge status={p.status} /> },
            { key: 'payment', header: 'purchase.payment_status', render: (p) => <PaymentStatusBadge status={p.payment_status} /> },
            {
              key: 'grand_total',
              header: 'purchase.grand_total',
              align: 'right',
              render: (p) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoneyText(p.grand_total, p.currency, lang)}
                </Text>
              ),
            },
            {
              key: 'balance_due',
              header: 'purchase.balance_due',
              align: 'right',
              render: (p) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoneyText(p.balance_due, p.currency, lang)}
                </Text>
              ),
            },
            {
              key: 'actions',
              header: 'common.actions',
              render: (p) => (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('purchase.open')}>
                    <ActionIcon
                      component={Link}
                      to={`/purchase-listing/detail-listing/${p.id}`}
                      variant="subtle"
                      aria-label={`${t('purchase.open')} ${p.purchase_number}`}
                    >
                      <IconEye size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {canWrite && p.status !== 'void' && (
                    <Tooltip label={t('purchase.edit')}>
                      <ActionIcon
                        component={Link}
                        to={`/purchase-listing/edit-purchase/${p.id}`}
                        variant="subtle"
                        aria-label={`${t('purchase.edit')} ${p.purchase_number}`}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ),
            },
          ]}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>
    </>
  );
}
