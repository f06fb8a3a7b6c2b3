import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemSaleResponse, ItemSaleRow } from '@posauto/shared/schemas/reports-sales';
import {
  chartMinor,
  chartMoney,
  ReportChart,
  ReportPage,
  ReportTable,
  reportCurrency,
  useReport,
  type FilterUsed,
  type ReportColumn,
} from '../../../components/report';
import { currentLanguage } from '../../../lib/i18n';
import { useSaleFilterOptions } from '../api';
import { TABLE_FILTERS, tableColumns, useTableFilters } from './table-filters';

const FILTERS = ['category_id', 'brand_id', ...TABLE_FILTERS] as const;

/** Sales by item (product and variant): sold, returned, net amount, cost and profit; by amount, largest first. */
export function ItemSaleReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<ItemSaleResponse>('/api/v1/reports/item-sales', FILTERS);
  const f = r.state.filters;
  const options = useSaleFilterOptions();
  const o = options.data;
  const data = r.data;
  const currency = reportCurrency(data?.period);
  const nameOf = (list: { id: string; name: string }[] | undefined, id: string | undefined) => list?.find((x) => x.id === id)?.name ?? '';
  // An item sold at tables is counted per table and waiter: the columns show when some row has one.
  const tableSales = (data?.rows ?? []).some((x) => x.table_id !== null || x.waiter_id !== null);
  const tableFilters = useTableFilters(r, o, tableSales);
  const used: FilterUsed[] = [
    f.category_id && { label: t('sale_reports.category'), value: nameOf(o?.categories, f.category_id) },
    f.brand_id && { label: t('sale_reports.brand'), value: nameOf(o?.brands, f.brand_id) },
    ...tableFilters.used,
  ].filter((x): x is FilterUsed => Boolean(x));
  const columns: ReportColumn<ItemSaleRow>[] = [
    {
      key: 'product_name',
      header: 'sale_reports.item',
      sortable: true,
      render: (x) => (
        <Text size="sm" fw={500}>
          {x.product_name}
        </Text>
      ),
    },
    { key: 'sku_code', header: 'sale_reports.sku', nowrap: true },
    ...(tableSales ? tableColumns<ItemSaleRow>() : []),
    { key: 'sold_quantity', header: 'sale_reports.sold_quantity', kind: 'number' },
    { key: 'returned_quantity', header: 'sale_reports.returned_quantity', kind: 'number' },
    { key: 'quantity', header: 'sale_reports.quantity', kind: 'number', sortable: true },
    { key: 'net_amount', header: 'sale_reports.net_amount', kind: 'money', sortable: true },
  ];
  // Cost and profit come only to a user who may see costs (profit-lost-report).
  if (data?.totals.cost !== null)
    columns.push(
      { key: 'cost', header: 'sale_reports.cost', kind: 'money' },
      { key: 'profit', header: 'sale_reports.profit', kind: 'money', sortable: true },
    );
  // The chart shows the ten largest by amount whatever the table's order.
  // An item's rows at several tables are one bar.
  const byItem = new Map<string, { item: string; net: number }>();
  for (const x of data?.rows ?? []) {
    const k = `${x.product_id}/${x.variant_id}`;
    const bar = byItem.get(k) ?? { item: x.product_name, net: 0 };
    bar.net += chartMinor(x.net_amount, currency);
    byItem.set(k, bar);
  }
  const top = [...byItem.values()].sort((a, b) => b.net - a.net).slice(0, 10);
  const pick = (key: (typeof FILTERS)[number], label: string, all: string, list: { id: string; name: string }[] | undefined) => (
    <Select
      label={t(label)}
      placeholder={t(all)}
      data={(list ?? []).map((x) => ({ value: x.id, label: x.name }))}
      value={f[key] ?? null}
      onChange={(v) => r.setFilter({ [key]: v ?? undefined })}
      clearable
      searchable
      w={200}
      data-testid={`filter-${key}`}
    />
  );
  return (
    <ReportPage
      report={r}
      filtersUsed={used}
      extraFilters={
        <>
          {pick('category_id', 'sale_reports.category', 'sale_reports.any_category', o?.categories)}
          {pick('brand_id', 'sale_reports.brand', 'sale_reports.any_brand', o?.brands)}
          {tableFilters.controls}
        </>
      }
      chart={
        <ReportChart
          title="sale_reports.top_items"
          data={data && top}
          dataKey="item"
          horizontal
          series={[{ name: 'net', label: 'sale_reports.net_amount' }]}
          valueFormatter={(v) => chartMoney(v, currency, lang)}
        />
      }
    >
      <ReportTable
        report={r}
        columns={columns}
        rows={data?.rows}
        totals={data?.totals}
        rowKey={(x) => `${x.product_id}/${x.variant_id}/${x.table_id ?? ''}/${x.table_name ?? ''}/${x.waiter_id ?? ''}`}
        caption={t('sale_reports.item_caption')}
      />
    </ReportPage>
  );
}
