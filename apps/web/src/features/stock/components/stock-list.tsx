import { Badge, Group, Paper, Select, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StockLevel } from '@posauto/shared/schemas/stock';
import { DataTable } from '../../../components/data-table/data-table';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { PageHeader } from '../../../components/page-header';
import { useStockAdjustmentOptions, useStockLevels } from '../api/stock';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';

/** On hand per branch and item with its value at average cost; filter by branch and low stock. */
export function StockList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(['branch_id', 'low']);
  const list = useStockLevels(query);
  const options = useStockAdjustmentOptions();
  const rows = (list.data?.data ?? []).map((r) => ({ ...r, id: `${r.branch_id}/${r.product_id}/${r.variant_id ?? ''}` }));
  return (
    <>
      <PageHeader />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm">
          <ListSearch state={state} update={update} placeholder="stock.search_placeholder" />
          <Select
            aria-label={t('stock_adjustment.branch')}
            placeholder={t('stock.all_branches')}
            data={(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
            value={state.filters.branch_id ?? null}
            onChange={(v) => update({ filters: { ...state.filters, branch_id: v ?? undefined } })}
            clearable
            w={200}
          />
          <Switch
            label={t('stock.low_only')}
            checked={state.filters.low === '1'}
            onChange={(e) => update({ filters: { ...state.filters, low: e.currentTarget.checked ? '1' : undefined } })}
          />
        </Group>
        <DataTable<StockLevel & { id: string }>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          columns={[
            {
              key: 'product_name',
              header: 'stock.item',
              sortable: true,
              render: (r) => (
                <div>
                  <Text size="sm" fw={500}>
                    {r.product_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.sku_code}
                  </Text>
                </div>
              ),
            },
            { key: 'branch', header: 'stock_adjustment.branch', render: (r) => r.branch_name },
            {
              key: 'on_hand',
              header: 'stock.on_hand',
              sortable: true,
              render: (r) => (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {r.on_hand} {r.unit_name ?? ''}
                  </Text>
                  {r.low && (
                    <Badge color="red" variant="light" size="sm">
                      {t('stock.low')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            { key: 'average_cost', header: 'stock.average_cost', render: (r) => formatMoneyText(r.average_cost, r.currency, lang) },
            { key: 'stock_value', header: 'stock.value', sortable: true, render: (r) => formatMoneyText(r.stock_value, r.currency, lang) },
          ]}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>
    </>
  );
}
