import { useTranslation } from 'react-i18next';
import type { BrandSaleResponse, BrandSaleRow } from '@posauto/shared/schemas/reports-sales';
import {
  chartMinor,
  chartMoney,
  ReportChart,
  ReportPage,
  ReportTable,
  reportCurrency,
  useReport,
  type ReportColumn,
} from '../../../components/report';
import { currentLanguage } from '../../../lib/i18n';

const NO_FILTERS: readonly string[] = [];

/** Sales by brand: quantity, net amount (without VAT), cost and profit, net of returns; products without a brand together. */
export function BrandSaleReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<BrandSaleResponse>('/api/v1/reports/brand-sales', NO_FILTERS);
  const data = r.data;
  const currency = reportCurrency(data?.period);
  const name = (x: BrandSaleRow) => x.brand_name ?? t('sale_reports.no_brand');
  const columns: ReportColumn<BrandSaleRow>[] = [
    { key: 'brand_name', header: 'sale_reports.brand', render: name },
    { key: 'quantity', header: 'sale_reports.quantity', kind: 'number' },
    { key: 'net_amount', header: 'sale_reports.net_amount', kind: 'money' },
  ];
  // Cost and profit come only to a user who may see costs (profit-lost-report).
  const withCost = data?.totals.cost !== null;
  if (withCost)
    columns.push(
      { key: 'cost', header: 'sale_reports.cost', kind: 'money' },
      { key: 'profit', header: 'sale_reports.profit', kind: 'money' },
    );
  const top = (data?.rows ?? []).slice(0, 10);
  return (
    <ReportPage
      report={r}
      chart={
        <ReportChart
          title="sale_reports.top_brands"
          data={
            data && top.map((x) => ({ brand: name(x), net: chartMinor(x.net_amount, currency), profit: chartMinor(x.profit, currency) }))
          }
          dataKey="brand"
          horizontal
          series={[
            { name: 'net', label: 'sale_reports.net_amount' },
            ...(withCost ? [{ name: 'profit', label: 'sale_reports.profit' }] : []),
          ]}
          valueFormatter={(v) => chartMoney(v, currency, lang)}
        />
      }
    >
      <ReportTable
        report={r}
        columns={columns}
        rows={data?.rows}
        totals={data?.totals}
        rowKey={(x) => x.brand_id ?? ''}
        caption={t('sale_reports.brand_caption')}
      />
    </ReportPage>
  );
}
