import { Card, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFIT_LOSS_MONTH_LINES, profitLossLabel } from '@posauto/shared/reports/profit-loss-layout';
import { PROFIT_LOSS_COMPARE, type ProfitLossResponse } from '@posauto/shared/schemas/profit-loss';
import {
  ReportPage,
  ReportTable,
  chartNumber,
  reportCurrency,
  showMoney,
  showRiel,
  useReport,
  type ReportColumn,
} from '../../components/report';
import { formatMonth } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ExpensesChart } from './expenses-chart';
import { StatementTable } from './statement-table';

const EXTRA = ['compare'] as const;
const PATH = '/api/v1/reports/profit-loss';

type Month = ProfitLossResponse['months'][number];

/** The headline figures, as cards above the chart. */
const CARDS = ['net_revenue', 'gross_profit', 'expenses', 'net_profit'] as const;

function ProfitLossCards({ d }: { d: ProfitLossResponse }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const currency = reportCurrency(d.period);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} className="no-print">
      {CARDS.map((key) => {
        const v = String(d.statement[key]);
        return (
          <Card withBorder padding="md" key={key}>
            <Text size="sm" c="dimmed">
              {t(profitLossLabel(key))}
            </Text>
            <Text
              fw={700}
              size="xl"
              dir="ltr"
              ta="start"
              c={v.startsWith('-') ? 'red.8' : undefined}
              data-testid={`profit-loss-card-${key}`}
            >
              {showMoney(v, currency, lang)}
            </Text>
            {currency !== 'KHR' && (
              <Text size="xs" c="dimmed" dir="ltr" ta="start">
                {showRiel(v, d.period, lang)}
              </Text>
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** Profit and loss for a period: the statement with riel beside each amount, expenses by category, month by month. */
export function ProfitLossReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<ProfitLossResponse>(PATH, EXTRA);
  const d = r.data;
  const currency = reportCurrency(d?.period);
  const compare = r.state.filters.compare ?? 'none';

  const monthColumns: ReportColumn<Month>[] = [
    {
      key: 'month',
      header: 'profit_loss.columns.month',
      render: (m) => (
        <span style={{ whiteSpace: 'nowrap' }}>{`${formatMonth(Number(m.month.slice(5, 7)) - 1, lang)} ${m.month.slice(0, 4)}`}</span>
      ),
    },
    // Service charges and shipping stay in the statement: seven columns fit a laptop screen without scrolling.
    ...PROFIT_LOSS_MONTH_LINES.filter((k) => k !== 'service_charges' && k !== 'shipping').map((k) => ({
      key: k,
      header: profitLossLabel(k),
      kind: 'money' as const,
    })),
  ];

  return (
    <ReportPage
      report={r}
      extraFilters={
        <Select
          label={t('profit_loss.compare')}
          data={PROFIT_LOSS_COMPARE.map((c) => ({ value: c, label: t(`profit_loss.compare_options.${c}`) }))}
          value={compare}
          allowDeselect={false}
          onChange={(v) => r.setFilter({ compare: v && v !== 'none' ? v : undefined })}
          w={190}
          data-testid="profit-loss-compare"
        />
      }
      filtersUsed={compare === 'month' ? [{ label: t('profit_loss.compare'), value: t('profit_loss.compare_options.month') }] : []}
      summary={d && <ProfitLossCards d={d} />}
      chart={
        d && (
          <ExpensesChart
            data={d.expenses_by_category.map((c) => ({ category: c.category_name, amount: chartNumber(c.amount) }))}
            format={(v) => showMoney(String(v), currency, lang)}
          />
        )
      }
    >
      {d && <StatementTable d={d} />}
      {d && compare === 'month' && (
        <Title order={2} size="h4" mt="md">
          {t('profit_loss.months_title')}
        </Title>
      )}
      {d && compare === 'month' && (
        <ReportTable
          report={r}
          columns={monthColumns}
          rows={d.months}
          rowKey={(m) => m.month}
          caption={t('profit_loss.months_title')}
          testId="profit-loss-months"
        />
      )}
    </ReportPage>
  );
}
