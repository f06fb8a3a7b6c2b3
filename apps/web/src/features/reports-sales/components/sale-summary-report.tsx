import { useTranslation } from 'react-i18next';
import type { SaleSummaryResponse, SaleSummaryRow } from '@posauto/shared/schemas/reports-sales';
import {
  chartMinor,
  chartMoney,
  ReportChart,
  ReportPage,
  ReportTable,
  reportCurrency,
  showDay,
  useReport,
  type ReportColumn,
} from '../../../components/report';
import { currentLanguage } from '../../../lib/i18n';
import { Figures, shortDay } from './figures';

type Row = SaleSummaryRow & Record<string, unknown>;
const NO_FILTERS: readonly string[] = [];
const MONEY = ['gross', 'discounts', 'tax', 'service_charge', 'shipping', 'net_sales', 'grand_total', 'returns', 'sales'] as const;

/** Sale summary: per day (per hour for one day) the sales, discounts, VAT, service, returns and payments by method. */
export function SaleSummaryReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<SaleSummaryResponse>('/api/v1/reports/sale-summary', NO_FILTERS);
  const data = r.data;
  const currency = reportCurrency(data?.period);
  const hourly = data?.unit === 'hour';
  const methods = data?.methods ?? [];
  // Each payment method is a column of its own, keyed by its id.
  const flat = (x: Omit<SaleSummaryRow, 'bucket'> & { bucket?: string }) => ({
    ...x,
    ...Object.fromEntries(methods.map((m) => [`method:${m.id}`, x.by_method[m.id] ?? '0'])),
  });
  const label = (bucket: string) => (hourly ? `${bucket}:00` : showDay(bucket, lang));
  const columns: ReportColumn<Row>[] = [
    {
      key: 'bucket',
      header: hourly ? 'sale_reports.hour' : 'sale_reports.date',
      nowrap: true,
      // An hour reads left to right; a day is written by the locale, whose own marks order it in Arabic too.
      render: (x) => (hourly ? <span dir="ltr">{label(x.bucket)}</span> : label(x.bucket)),
    },
    { key: 'count', header: 'sale_reports.count', kind: 'number' },
    ...MONEY.map((k) => ({ key: k, header: `sale_reports.${k}`, kind: 'money' as const })),
    ...methods.map((m) => ({ key: `method:${m.id}`, header: m.name, kind: 'money' as const })),
  ];
  return (
    <ReportPage
      report={r}
      summary={
        <Figures
          period={data?.period}
          figures={[
            { label: 'sale_reports.count', value: data?.totals.count, kind: 'number' },
            { label: 'sale_reports.net_sales', value: data?.totals.net_sales, kind: 'money' },
            { label: 'sale_reports.tax', value: data?.totals.tax, kind: 'money' },
            { label: 'sale_reports.returns', value: data?.totals.returns, kind: 'money' },
            { label: 'sale_reports.sales', value: data?.totals.sales, kind: 'money', testId: 'figure-sales' },
          ]}
        />
      }
      chart={
        <ReportChart
          title={hourly ? 'sale_reports.sales_by_hour' : 'sale_reports.sales_by_day'}
          data={data?.rows.map((x) => ({
            bucket: hourly ? `${x.bucket}:00` : shortDay(x.bucket, lang),
            sales: chartMinor(x.sales, currency),
          }))}
          dataKey="bucket"
          series={[{ name: 'sales', label: 'sale_reports.sales' }]}
          valueFormatter={(v) => chartMoney(v, currency, lang)}
        />
      }
    >
      <ReportTable
        report={r}
        columns={columns}
        rows={data?.rows.map((x) => flat(x) as Row)}
        totals={data ? (flat(data.totals) as unknown as Record<string, string>) : null}
        rowKey={(x) => x.bucket}
        caption={t('sale_reports.summary_caption')}
      />
    </ReportPage>
  );
}
