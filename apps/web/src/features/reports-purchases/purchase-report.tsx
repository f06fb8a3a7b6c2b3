import { useState } from 'react';
import { Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES, PURCHASE_STATUSES } from '@posauto/shared/schemas/purchases';
import type { PurchaseReportResponse, PurchaseReportRow } from '@posauto/shared/schemas/reports-purchases';
import {
  ReportChart,
  ReportPage,
  ReportTable,
  chartNumber,
  reportCurrency,
  showDay,
  showMoney,
  showNumber,
  showRiel,
  useReport,
  type FilterUsed,
  type ReportColumn,
} from '../../components/report';
import { currentLanguage } from '../../lib/i18n';
import { usePurchaseReportOptions } from './api';
import { NamedFilter, namedUsed } from './named-filter';

const EXTRA = ['supplier_id', 'purchase_status', 'payment_status'] as const;
const PATH = '/api/v1/reports/purchases';

const STATUS_KEY = {
  pending: 'purchase.status_pending',
  ordered: 'purchase.status_ordered',
  received: 'purchase.status_received',
  void: 'purchase.status_void',
};
const PAY_KEY = { paid: 'purchase.pay_paid', unpaid: 'purchase.pay_unpaid', partial: 'purchase.pay_partial' };

/** The purchase report: each purchase dated in the period with what is paid and owed, the returns, a chart by day or supplier. */
export function PurchaseReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<PurchaseReportResponse>(PATH, EXTRA);
  const options = usePurchaseReportOptions();
  const [chartBy, setChartBy] = useState<'day' | 'supplier'>('day');
  const d = r.data;
  const period = d?.period;
  const currency = reportCurrency(period);
  const f = r.state.filters;

  const columns: ReportColumn<PurchaseReportRow>[] = [
    { key: 'purchase_number', header: 'purchase_reports.col.number', render: (p) => <span dir="ltr">{p.purchase_number}</span> },
    { key: 'purchase_date', header: 'purchase_reports.col.date', render: (p) => showDay(p.purchase_date, lang) },
    { key: 'supplier_name', header: 'purchase_reports.col.supplier' },
    { key: 'branch_name', header: 'purchase_reports.col.branch' },
    { key: 'status', header: 'purchase_reports.col.status', render: (p) => t(STATUS_KEY[p.status]) },
    { key: 'grand_total', header: 'purchase_reports.col.grand_total', kind: 'money' },
    { key: 'paid', header: 'purchase_reports.col.paid', kind: 'money' },
    { key: 'due', header: 'purchase_reports.col.due', kind: 'money' },
    { key: 'payment_status', header: 'purchase_reports.col.payment_status', render: (p) => t(PAY_KEY[p.payment_status]) },
  ];

  const used: FilterUsed[] = [
    ...namedUsed(t('purchase_reports.col.supplier'), options.data?.suppliers, f.supplier_id),
    {
      label: t('purchase_reports.col.status'),
      value: f.purchase_status ? t(STATUS_KEY[f.purchase_status as keyof typeof STATUS_KEY]) : t('purchase_reports.purchases.all_statuses'),
    },
    ...(f.payment_status
      ? [{ label: t('purchase_reports.col.payment_status'), value: t(PAY_KEY[f.payment_status as keyof typeof PAY_KEY]) }]
      : []),
  ];

  const card = (label: string, value: string | null, testId: string, count?: number) => (
    <Card withBorder padding="md" key={testId}>
      <Text size="sm" c="dimmed">
        {t(label)}
        {count !== undefined && ` (${showNumber(count, lang)})`}
      </Text>
      <Text fw={700} size="xl" dir="ltr" ta="start" data-testid={testId}>
        {showMoney(value, currency, lang)}
      </Text>
      {currency !== 'KHR' && (
        <Text size="xs" c="dimmed" dir="ltr" ta="start">
          {showRiel(value, period, lang)}
        </Text>
      )}
    </Card>
  );

  const chartData =
    chartBy === 'day'
      ? (d?.by_day ?? []).map((x) => ({ label: showDay(x.day, lang), total: chartNumber(x.grand_total) }))
      : (d?.by_supplier ?? []).slice(0, 15).map((x) => ({ label: x.supplier_name, total: chartNumber(x.grand_total) }));

  return (
    <ReportPage
      report={r}
      extraFilters={
        <>
          <NamedFilter
            report={r}
            name="supplier_id"
            label="purchase_reports.col.supplier"
            placeholder="purchase_reports.purchases.all_suppliers"
            list={options.data?.suppliers}
            w={200}
            testId="purchase-report-supplier"
            searchable
          />
          <Select
            label={t('purchase_reports.col.status')}
            placeholder={t('purchase_reports.purchases.all_statuses')}
            data={PURCHASE_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEY[s]) }))}
            value={f.purchase_status ?? null}
            onChange={(v) => r.setFilter({ purchase_status: v ?? undefined })}
            clearable
            w={190}
            data-testid="purchase-report-status"
          />
          <Select
            label={t('purchase_reports.col.payment_status')}
            placeholder={t('purchase_reports.purchases.all_payment_statuses')}
            data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(PAY_KEY[s]) }))}
            value={f.payment_status ?? null}
            onChange={(v) => r.setFilter({ payment_status: v ?? undefined })}
            clearable
            w={190}
            data-testid="purchase-report-payment-status"
          />
        </>
      }
      filtersUsed={used}
      summary={
        d && (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }}>
              {card('purchase_reports.col.grand_total', d.totals.grand_total, 'purchase-report-total', d.totals.count)}
              {card('purchase_reports.col.paid', d.totals.paid, 'purchase-report-paid')}
              {card('purchase_reports.col.due', d.totals.due, 'purchase-report-due')}
              {card('purchase_reports.purchases.returns_cost', d.returns.total_cost, 'purchase-report-returns', d.returns.count)}
              {card('purchase_reports.purchases.returns_refund', d.returns.refund_amount, 'purchase-report-refunds')}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('purchase_reports.purchases.returns')}: {showNumber(d.returns.count, lang)} · {t('purchase_reports.purchases.void_hint')}
            </Text>
          </Stack>
        )
      }
      chart={
        <Stack gap={4} className="no-print">
          <Group justify="flex-end">
            <SegmentedControl
              size="xs"
              value={chartBy}
              onChange={(v) => setChartBy(v as 'day' | 'supplier')}
              data={[
                { value: 'day', label: t('purchase_reports.purchases.chart_by_day') },
                { value: 'supplier', label: t('purchase_reports.purchases.chart_by_supplier') },
              ]}
              aria-label={t('purchase_reports.purchases.title')}
              data-testid="purchase-report-chart-by"
            />
          </Group>
          <ReportChart
            title={chartBy === 'day' ? 'purchase_reports.purchases.chart_by_day' : 'purchase_reports.purchases.chart_by_supplier'}
            data={chartData}
            dataKey="label"
            series={[{ name: 'total', label: 'purchase_reports.col.grand_total' }]}
            horizontal={chartBy === 'supplier'}
          />
        </Stack>
      }
    >
      <ReportTable
        report={r}
        columns={columns}
        rows={d?.rows}
        totals={d?.totals}
        rowKey={(p) => p.id}
        caption={t('purchase_reports.purchases.title')}
      />
    </ReportPage>
  );
}
