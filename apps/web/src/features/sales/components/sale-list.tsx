import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routeByName } from '@posauto/shared/routes';
import type { Sale } from '@posauto/shared/schemas/sales';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { DataTable } from '../../../components/data-table/data-table';
import { firstStepUnlessFiltered } from '../../../components/data-table/first-step';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSaleList } from '../api/sales';
import { saleMoney } from '../lib/sale-money';
import { SalePaymentBadge, SaleStatusBadge } from './sale-badges';
import { SaleDetailDrawer, type SaleDetailActions } from './sale-detail';
import { SaleFilters, type SaleFilterKey } from './sale-filters';

const ALL_FILTERS = ['branch_id', 'cashier_id', 'customer_id', 'sale_type', 'payment_status', 'from', 'to'] as const;
const POS_FILTERS: readonly SaleFilterKey[] = ['from', 'to', 'branch_id', 'cashier_id', 'customer_id', 'payment_status'];
const EVERY_FILTER: readonly SaleFilterKey[] = ['from', 'to', 'branch_id', 'cashier_id', 'customer_id', 'sale_type', 'payment_status'];

/**
 * A list of sales, newest first: the till's sales (`pos`, /sale-listing) or every sale whatever its type (`all`,
 * /sales-listing), with the filters. A row opens the sale's detail in a drawer (its id in the address).
 */
export function SaleList({ mode, actions }: { mode: 'pos' | 'all'; actions: SaleDetailActions }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(ALL_FILTERS);
  const [params, setParams] = useSearchParams();
  const openId = params.get('sale');
  const open = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('sale', id);
        else next.delete('sale');
        return next;
      },
      { replace: false },
    );
  const list = useSaleList({
    ...query,
    document: 'sale',
    sale_type: mode === 'pos' ? 'pos_retail' : state.filters.sale_type,
    sort: query.sort ?? 'sold_at',
    order: query.sort ? query.order : 'desc',
  });
  const rows = list.data?.data ?? [];
  // A sale entered by hand: into the caller's till session (POS) or of any type (all sales); both need only this list's key.
  const create = routeByName(mode === 'pos' ? 'create-sales' : 'create-new-sale');
  return (
    <>
      <PageHeader
        actions={
          <Button component={Link} to={create.path} leftSection={<IconPlus size={16} />} data-testid="create">
            {t(`pages.${create.name}`)}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder="sales_ui.search_placeholder" />
          <SaleFilters state={state} update={update} show={mode === 'pos' ? POS_FILTERS : EVERY_FILTER} />
        </Group>
        <DataTable<Sale>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort ?? 'sold_at'}
          order={state.sort ? state.order : 'desc'}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          firstStep={firstStepUnlessFiltered(state, { step: mode === 'pos' ? 'pos_sales' : 'sales' })}
          columns={[
            {
              key: 'invoice_number',
              header: 'sales_ui.invoice_number',
              sortable: true,
              render: (s) => (
                <Text
                  size="sm"
                  fw={500}
                  component="button"
                  type="button"
                  onClick={() => open(s.id)}
                  style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', color: 'var(--mantine-color-anchor)' }}
                  data-testid="sale-number"
                >
                  {s.invoice_number}
                </Text>
              ),
            },
            { key: 'sold_at', header: 'sales_ui.date', sortable: true, render: (s) => formatDateTime(s.sold_at, lang) },
            { key: 'customer', header: 'sales_ui.customer', render: (s) => s.customer_name },
            { key: 'cashier', header: 'sales_ui.cashier', render: (s) => s.cashier_name ?? '—' },
            { key: 'branch', header: 'sales_ui.branch', render: (s) => s.branch_name },
            ...(mode === 'all'
              ? [{ key: 'sale_type', header: 'sales_ui.sale_type_label', render: (s: Sale) => t(`sales_ui.sale_type.${s.sale_type}`) }]
              : []),
            {
              key: 'status',
              header: 'sales_ui.status',
              render: (s) => (
                <Group gap={4} wrap="nowrap">
                  {s.status !== 'completed' && <SaleStatusBadge status={s.status} />}
                  <SalePaymentBadge status={s.payment_status} />
                </Group>
              ),
            },
            {
              key: 'grand_total',
              header: 'sales_ui.grand_total',
              sortable: true,
              align: 'right',
              render: (s) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {saleMoney(s.grand_total, s.currency, lang)}
                </Text>
              ),
            },
            {
              key: 'balance_due',
              header: 'sales_ui.balance_due',
              align: 'right',
              render: (s) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {saleMoney(s.balance_due, s.currency, lang)}
                </Text>
              ),
            },
            {
              key: 'actions',
              header: 'common.actions',
              render: (s) => (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('sales_ui.open')}>
                    <ActionIcon variant="subtle" onClick={() => open(s.id)} aria-label={`${t('sales_ui.open')} ${s.invoice_number}`}>
                      <IconEye size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('sales_ui.print_receipt')}>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => actions.print(s.id, {})}
                      aria-label={`${t('sales_ui.print_receipt')} ${s.invoice_number}`}
                      data-testid="row-print"
                    >
                      <IconPrinter size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            },
          ]}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>
      <SaleDetailDrawer saleId={openId} onClose={() => open(null)} actions={actions} />
    </>
  );
}
