import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemPurchaseReportResponse, ItemPurchaseReportRow } from '@posauto/shared/schemas/reports-purchases';
import { ReportChart, ReportPage, ReportTable, chartNumber, useReport, type FilterUsed, type ReportColumn } from '../../components/report';
import { usePurchaseReportOptions } from './api';
import { NamedFilters, namedFiltersUsed, type NamedFilterSpec } from './named-filter';

const EXTRA = ['supplier_id', 'category_id', 'brand_id'] as const;
const PATH = '/api/v1/reports/item-purchases';
const TOP = 10;

/** Per item: what received purchases brought in (base unit, landed cost), the average unit cost, and what went back. */
export function ItemPurchaseReport() {
  const { t } = useTranslation();
  const r = useReport<ItemPurchaseReportResponse>(PATH, EXTRA);
  const options = usePurchaseReportOptions();
  const d = r.data;

  const columns: ReportColumn<ItemPurchaseReportRow>[] = [
    {
      key: 'product_name',
      header: 'purchase_reports.col.product',
      render: (i) => (
        <>
          <Text size="sm">{i.product_name}</Text>
          <Text size="xs" c="dimmed" dir="ltr" ta="start">
            {i.sku_code}
          </Text>
        </>
      ),
    },
    { key: 'category_name', header: 'purchase_reports.col.category' },
    { key: 'brand_name', header: 'purchase_reports.col.brand' },
    { key: 'unit_name', header: 'purchase_reports.col.unit' },
    { key: 'quantity', header: 'purchase_reports.col.quantity_received', kind: 'number' },
    { key: 'amount', header: 'purchase_reports.col.amount', kind: 'money' },
    { key: 'average_cost', header: 'purchase_reports.col.average_cost', kind: 'money' },
    { key: 'returned_quantity', header: 'purchase_reports.col.returned_quantity', kind: 'number' },
    { key: 'returned_amount', header: 'purchase_reports.col.returned_amount', kind: 'money' },
  ];

  const named: NamedFilterSpec[] = [
    {
      name: 'supplier_id',
      label: 'purchase_reports.col.supplier',
      placeholder: 'purchase_reports.purchases.all_suppliers',
      list: options.data?.suppliers,
      w: 200,
      testId: 'item-purchase-report-supplier',
      searchable: true,
    },
    {
      name: 'category_id',
      label: 'purchase_reports.col.category',
      placeholder: 'purchase_reports.items.all_categories',
      list: options.data?.categories,
      w: 190,
      testId: 'item-purchase-report-category',
      searchable: true,
    },
    {
      name: 'brand_id',
      label: 'purchase_reports.col.brand',
      placeholder: 'purchase_reports.items.all_brands',
      list: options.data?.brands,
      w: 190,
      testId: 'item-purchase-report-brand',
      searchable: true,
    },
  ];
  const used: FilterUsed[] = namedFiltersUsed(t, r, named);

  const top = [...(d?.rows ?? [])]
    .sort((a, b) => chartNumber(b.amount) - chartNumber(a.amount))
    .slice(0, TOP)
    .map((i) => ({ item: i.product_name, amount: chartNumber(i.amount) }));

  return (
    <ReportPage
      report={r}
      extraFilters={<NamedFilters report={r} filters={named} />}
      filtersUsed={used}
      summary={
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} data-testid="item-purchase-report-hint">
          {t('purchase_reports.items.counted_hint')}
        </Alert>
      }
      chart={
        <ReportChart
          title="purchase_reports.items.chart"
          data={top}
          dataKey="item"
          series={[{ name: 'amount', label: 'purchase_reports.col.amount' }]}
          horizontal
        />
      }
    >
      <ReportTable
        report={r}
        columns={columns}
        rows={d?.rows}
        totals={d?.totals}
        rowKey={(i) => `${i.product_id}/${i.variant_id ?? ''}`}
        caption={t('purchase_reports.items.title')}
      />
    </ReportPage>
  );
}
