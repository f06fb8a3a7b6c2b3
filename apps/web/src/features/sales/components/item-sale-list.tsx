import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaleItem } from '@posauto/shared/schemas/sales';
import { ExportMenu } from '../../../components/crud/export-menu';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { DataTable } from '../../../components/data-table/data-table';
import { firstStepUnlessFiltered } from '../../../components/data-table/first-step';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { SALE_ITEMS_PATH, useSaleItems } from '../api/sales';
import { isNonZero, plainQuantity, saleMoney } from '../lib/sale-money';
import { SaleFilters, type SaleFilterKey } from './sale-filters';
import { negated } from '../../../lib/money-format';

const FILTERS = ['branch_id', 'customer_id', 'from', 'to'] as const;
const SHOWN: readonly SaleFilterKey[] = ['from', 'to', 'branch_id', 'customer_id'];

/** Every sold line of the sales that are not void (/item-sale-listing), filterable, exported as shown. */
export function ItemSaleList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(FILTERS);
  const list = useSaleItems(query);
  const rows = list.data?.data ?? [];
  return (
    <>
      <PageHeader actions={<ExportMenu path={SALE_ITEMS_PATH} query={query} />} />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder="sales_ui.items_search_placeholder" />
          <SaleFilters state={state} update={update} show={SHOWN} />
        </Group>
        <DataTable<SaleItem>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          firstStep={firstStepUnlessFiltered(state, { step: 'items_sold' })}
          columns={[
            { key: 'sale_date', header: 'sales_ui.date', sortable: true, render: (r) => formatDateTime(r.sold_at, lang) },
            { key: 'invoice_number', header: 'sales_ui.invoice_number', sortable: true, render: (r) => r.invoice_number },
            { key: 'product_name', header: 'sales_ui.item', sortable: true, render: (r) => r.product_name },
            {
              key: 'quantity',
              header: 'sales_ui.quantity',
              align: 'right',
              render: (r) => `${plainQuantity(r.quantity)}${r.unit_name ? ` ${r.unit_name}` : ''}`,
            },
            {
              key: 'unit_price',
              header: 'sales_ui.unit_price',
              align: 'right',
              render: (r) => saleMoney(r.unit_price, r.currency, lang),
            },
            {
              key: 'line_discount',
              header: 'sales_ui.discount',
              align: 'right',
              render: (r) => (isNonZero(r.line_discount) ? <Ltr>{saleMoney(negated(r.line_discount), r.currency, lang)}</Ltr> : '—'),
            },
            {
              key: 'net_amount',
              header: 'sales_ui.amount',
              align: 'right',
              render: (r) => (
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {saleMoney(r.net_amount, r.currency, lang)}
                </Text>
              ),
            },
            { key: 'customer', header: 'sales_ui.customer', render: (r) => r.customer_name },
            { key: 'cashier', header: 'sales_ui.cashier', render: (r) => r.cashier_name ?? '—' },
            { key: 'branch', header: 'sales_ui.branch', render: (r) => r.branch_name },
          ]}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>
    </>
  );
}
