import { useState } from 'react';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES } from '@posauto/shared/schemas/purchases';
import type { SaleReportResponse, SaleReportRow } from '@posauto/shared/schemas/reports-sales';
import { SALE_TYPES } from '@posauto/shared/schemas/sales';
import {
  chartMinor,
  chartMoney,
  ReportChart,
  ReportPage,
  ReportTable,
  reportCurrency,
  showDay,
  showMoney,
  useReport,
  type FilterUsed,
  type ReportColumn,
} from '../../../components/report';
import { currentLanguage } from '../../../lib/i18n';
import { useSaleFilterOptions } from '../api';
import { Figures, shortDay } from './figures';
import { TABLE_FILTERS, tableColumns, useTableFilters } from './table-filters';

const FILTERS = ['created_by', 'customer_id', 'sale_type', 'payment_status', 'payment_method_id', ...TABLE_FILTERS] as const;
const STATUS_COLORS = { paid: 'green', partial: 'yellow', unpaid: 'red' } as const;

/** Sale report: each counted sale of the period with its totals, the period's returns and sales by day. */
export function SaleReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<SaleReportResponse>('/api/v1/reports/sales', FILTERS, { paged: true });
  const f = r.state.filters;
  const [customerSearch, setCustomerSearch] = useState('');
  const [debounced] = useDebouncedValue(customerSearch, 250);
  const options = useSaleFilterOptions(debounced, f.customer_id);
  const o = options.data;
  const data = r.data;
  const currency = reportCurrency(data?.period);
  const nameOf = (list: { id: string; name: string }[] | undefined, id: string | undefined) => list?.find((x) => x.id === id)?.name ?? '';
  const tableFilters = useTableFilters(r, o, data?.table_sales ?? false);

  const used: FilterUsed[] = [
    f.created_by && { label: t('sale_reports.cashier'), value: nameOf(o?.cashiers, f.created_by) },
    f.customer_id && { label: t('sale_reports.customer'), value: nameOf(o?.customers, f.customer_id) },
    f.sale_type && { label: t('sale_reports.sale_type'), value: t(`sale_reports.sale_types.${f.sale_type}`) },
    f.payment_status && { label: t('sale_reports.payment_status'), value: t(`sale_reports.payment_statuses.${f.payment_status}`) },
    f.payment_method_id && { label: t('sale_reports.payment_method'), value: nameOf(o?.payment_methods, f.payment_method_id) },
    ...tableFilters.used,
  ].filter((x): x is FilterUsed => Boolean(x));

  const select = (key: (typeof FILTERS)[number], label: string, all: string, items: { value: string; label: string }[], extra = {}) => (
    <Select
      key={key}
      label={t(label)}
      placeholder={t(all)}
      data={items}
      value={f[key] ?? null}
      onChange={(v) => r.setFilter({ [key]: v ?? undefined })}
      clearable
      w={190}
      data-testid={`filter-${key}`}
      {...extra}
    />
  );

  const columns: ReportColumn<SaleReportRow>[] = [
    { key: 'invoice_number', header: 'sale_reports.invoice', sortable: true, nowrap: true },
    { key: 'sale_date', header: 'sale_reports.date', sortable: true, nowrap: true, render: (x) => showDay(x.sale_date, lang) },
    { key: 'branch_name', header: 'sale_reports.branch' },
    { key: 'cashier_name', header: 'sale_reports.cashier' },
    { key: 'customer_name', header: 'sale_reports.customer' },
    // Where some sale of the answer was paid at a table (the export has them then too).
    ...(data?.table_sales ? tableColumns<SaleReportRow>() : []),
    { key: 'sale_type', header: 'sale_reports.sale_type', render: (x) => t(`sale_reports.sale_types.${x.sale_type}`) },
    { key: 'grand_total', header: 'sale_reports.grand_total', kind: 'money', sortable: true },
    { key: 'paid', header: 'sale_reports.paid', kind: 'money' },
    { key: 'due', header: 'sale_reports.due', kind: 'money', sortable: true },
    {
      key: 'payment_status',
      header: 'sale_reports.payment_status',
      render: (x) => (
        <Badge variant="light" color={STATUS_COLORS[x.payment_status]}>
          {t(`sale_reports.payment_statuses.${x.payment_status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <ReportPage
      report={r}
      filtersUsed={used}
      extraFilters={
        <>
          {select(
            'created_by',
            'sale_reports.cashier',
            'sale_reports.any_cashier',
            (o?.cashiers ?? []).map((c) => ({ value: c.id, label: c.name })),
          )}
          {select(
            'customer_id',
            'sale_reports.customer',
            'sale_reports.any_customer',
            (o?.customers ?? []).map((c) => ({ value: c.id, label: c.name })),
            {
              searchable: true,
              onSearchChange: setCustomerSearch,
              searchValue: customerSearch,
              filter: ({ options: x }: { options: unknown }) => x,
            },
          )}
          {select(
            'sale_type',
            'sale_reports.sale_type',
            'sale_reports.any_type',
            SALE_TYPES.map((s) => ({ value: s, label: t(`sale_reports.sale_types.${s}`) })),
          )}
          {select(
            'payment_status',
            'sale_reports.payment_status',
            'sale_reports.any_status',
            PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`sale_reports.payment_statuses.${s}`) })),
          )}
          {select(
            'payment_method_id',
            'sale_reports.payment_method',
            'sale_reports.any_method',
            (o?.payment_methods ?? []).map((m) => ({ value: m.id, label: m.name })),
          )}
          {tableFilters.controls}
        </>
      }
      summary={
        <Figures
          period={data?.period}
          figures={[
            { label: 'sale_reports.count', value: data?.totals.count, kind: 'number', testId: 'figure-count' },
            { label: 'sale_reports.grand_total', value: data?.totals.grand_total, kind: 'money', testId: 'figure-grand-total' },
            { label: 'sale_reports.due', value: data?.totals.due, kind: 'money' },
            { label: 'sale_reports.returns_total', value: data?.returns.total, kind: 'money', testId: 'figure-returns' },
            { label: 'sale_reports.net_total', value: data?.net_total, kind: 'money', testId: 'figure-net' },
          ]}
        />
      }
      chart={
        <ReportChart
          title="sale_reports.sales_by_day"
          data={data?.by_day.map((d) => ({ day: shortDay(d.day, lang), total: chartMinor(d.grand_total, currency) }))}
          dataKey="day"
          series={[{ name: 'total', label: 'sale_reports.grand_total' }]}
          valueFormatter={(v) => chartMoney(v, currency, lang)}
        />
      }
    >
      <Stack gap="md">
        <ReportTable
          report={r}
          columns={columns}
          rows={data?.rows}
          totals={data?.totals}
          rowKey={(x) => x.id}
          caption={t('sale_reports.sales_caption')}
          meta={data?.meta}
        />
        {data && (
          <Group gap="xl" data-testid="report-returns" wrap="wrap">
            <Text size="sm">
              {t('sale_reports.returns_title')}: <b dir="ltr">{data.returns.count}</b>
            </Text>
            <Text size="sm">
              {t('sale_reports.returns_total')}: <b dir="ltr">{showMoney(data.returns.total, currency, lang)}</b>
            </Text>
            <Text size="sm">
              {t('sale_reports.net_total')}: <b dir="ltr">{showMoney(data.net_total, currency, lang)}</b>
            </Text>
          </Group>
        )}
      </Stack>
    </ReportPage>
  );
}
