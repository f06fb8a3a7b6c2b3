import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, isCurrencyCode, parseDecimal } from '@posauto/shared/money/index';
import type { ExpenseReportResponse, ExpenseReportRow } from '@posauto/shared/schemas/reports-purchases';
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
import { formatMoney } from '../../lib/money-format';
import { currentLanguage } from '../../lib/i18n';
import { usePurchaseReportOptions } from './api';
import { NamedFilters, namedFiltersUsed, type NamedFilterSpec } from './named-filter';

const EXTRA = ['category_id', 'payment_method_id'] as const;
const PATH = '/api/v1/reports/expenses';

type CategoryRow = ExpenseReportResponse['by_category'][number];

/** Expenses dated in the period, each at its frozen shop-currency amount, and the same per category. */
export function ExpenseReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<ExpenseReportResponse>(PATH, EXTRA);
  const options = usePurchaseReportOptions();
  const d = r.data;
  const period = d?.period;
  const currency = reportCurrency(period);

  // The cost as it was entered, in its own currency (riel has no minor digits, the dollar two).
  const entered = (e: ExpenseReportRow) =>
    isCurrencyCode(e.currency)
      ? formatMoney(parseDecimal(e.expend_cost, CURRENCIES[e.currency].minorDigits), e.currency, lang)
      : e.expend_cost;

  const columns: ReportColumn<ExpenseReportRow>[] = [
    { key: 'expense_date', header: 'purchase_reports.col.date', render: (e) => showDay(e.expense_date, lang) },
    { key: 'category_name', header: 'purchase_reports.col.expense_category' },
    { key: 'branch_name', header: 'purchase_reports.col.branch' },
    { key: 'payment_method_name', header: 'purchase_reports.col.payment_method' },
    {
      key: 'expend_cost',
      header: 'purchase_reports.col.entered',
      render: (e) => (
        <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {entered(e)}
        </span>
      ),
    },
    { key: 'amount', header: 'purchase_reports.col.amount', kind: 'money' },
    { key: 'note', header: 'purchase_reports.col.note' },
  ];
  const categoryColumns: ReportColumn<CategoryRow>[] = [
    { key: 'category_name', header: 'purchase_reports.col.expense_category' },
    { key: 'count', header: 'purchase_reports.col.count', kind: 'number' },
    { key: 'amount', header: 'purchase_reports.col.amount', kind: 'money' },
  ];

  const named: NamedFilterSpec[] = [
    {
      name: 'category_id',
      label: 'purchase_reports.col.expense_category',
      placeholder: 'purchase_reports.expenses.all_categories',
      list: options.data?.expense_categories,
      w: 210,
      testId: 'expense-report-category',
      searchable: true,
    },
    {
      name: 'payment_method_id',
      label: 'purchase_reports.col.payment_method',
      placeholder: 'purchase_reports.expenses.all_payment_methods',
      list: options.data?.payment_methods,
      w: 200,
      testId: 'expense-report-payment-method',
    },
  ];
  const used: FilterUsed[] = namedFiltersUsed(t, r, named);

  return (
    <ReportPage
      report={r}
      extraFilters={<NamedFilters report={r} filters={named} />}
      filtersUsed={used}
      summary={
        d && (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
            <Card withBorder padding="md">
              <Text size="sm" c="dimmed">
                {t('purchase_reports.col.amount')} ({showNumber(d.totals.count, lang)})
              </Text>
              <Text fw={700} size="xl" dir="ltr" ta="start" data-testid="expense-report-total">
                {showMoney(d.totals.amount, currency, lang)}
              </Text>
              {currency !== 'KHR' && (
                <Text size="xs" c="dimmed" dir="ltr" ta="start">
                  {showRiel(d.totals.amount, period, lang)}
                </Text>
              )}
            </Card>
            <Text size="sm" c="dimmed" style={{ gridColumn: 'span 3', alignSelf: 'center' }}>
              {t('purchase_reports.expenses.amount_hint')}
            </Text>
          </SimpleGrid>
        )
      }
      chart={
        <ReportChart
          title="purchase_reports.expenses.by_category"
          data={(d?.by_category ?? []).map((c) => ({ category: c.category_name, amount: chartNumber(c.amount) }))}
          dataKey="category"
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
        rowKey={(e) => e.id}
        caption={t('purchase_reports.expenses.title')}
      />
      <Title order={3} size="h5" mt="lg" mb="xs">
        {t('purchase_reports.expenses.by_category')}
      </Title>
      <ReportTable
        report={r}
        columns={categoryColumns}
        rows={d?.by_category}
        totals={d?.totals}
        rowKey={(c) => c.category_id}
        caption={t('purchase_reports.expenses.by_category')}
        testId="expense-report-by-category"
      />
    </ReportPage>
  );
}
