import { Card, Select, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFIT_LOSS_COMPARE, type ProfitLossResponse } from '@posauto/shared/schemas/profit-loss';
import {
  ReportPage,
  ReportTable,
  chartNumber,
  reportCurrency,
  showMoney,
  showNumber,
  showRiel,
  useReport,
  type ReportColumn,
} from '../../components/report';
import { formatMonth } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ExpensesChart } from './expenses-chart';

const EXTRA = ['compare'] as const;
const PATH = '/api/v1/reports/profit-loss';

type Month = ProfitLossResponse['months'][number];

interface StatementLine {
  key: string;
  label: string;
  amount: string;
  /** A subtotal or the bottom line: bold. */
  strong?: boolean;
  /** A detail under a heading (expense categories): indented. */
  indent?: boolean;
  /** A section heading row (no amount). */
  heading?: boolean;
}

const MONTH_LINES = ['net_sales', 'returns', 'service_charges', 'shipping', 'cogs', 'gross_profit', 'expenses', 'net_profit'] as const;

/**
 * The statement in the order the export writes it: revenue, cost of goods, gross profit, expenses by category,
 * the figures given for information (discounts, VAT: not income), and net profit last.
 */
function statementLines(d: ProfitLossResponse, t: (key: string) => string): StatementLine[] {
  const s = d.statement;
  const line = (key: keyof typeof s & string, strong = false): StatementLine => ({
    key,
    label: t(`profit_loss.lines.${key}`),
    amount: String(s[key]),
    strong,
  });
  const heading = (key: string): StatementLine => ({ key: `h-${key}`, label: t(`profit_loss.sections.${key}`), amount: '', heading: true });
  return [
    heading('revenue'),
    line('net_sales'),
    line('returns'),
    line('net_revenue', true),
    line('service_charges'),
    line('shipping'),
    heading('cost'),
    line('cogs'),
    line('gross_profit', true),
    heading('expenses'),
    ...d.expenses_by_category.map((c) => ({ key: `e-${c.category_id}`, label: c.category_name, amount: c.amount, indent: true })),
    line('expenses', true),
    heading('info'),
    line('discounts'),
    line('vat_collected'),
  ];
}

/** Profit and loss for a period: the statement with riel beside each amount, expenses by category, month by month. */
export function ProfitLossReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<ProfitLossResponse>(PATH, EXTRA);
  const d = r.data;
  const period = d?.period;
  const currency = reportCurrency(period);
  const withRiel = currency !== 'KHR';
  const compare = r.state.filters.compare ?? 'none';
  const money = (v: string) => showMoney(v, currency, lang);
  const negative = (v: string) => v.startsWith('-');

  const amountCell = (v: string, strong?: boolean) => (
    <Table.Td ta="end" fw={strong ? 700 : undefined} c={negative(v) ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
      <span dir="ltr">{money(v)}</span>
    </Table.Td>
  );
  const rielCell = (v: string, strong?: boolean) =>
    withRiel && (
      <Table.Td ta="end" fw={strong ? 700 : undefined} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <span dir="ltr">{showRiel(v, period, lang)}</span>
      </Table.Td>
    );

  const monthColumns: ReportColumn<Month>[] = [
    {
      key: 'month',
      header: 'profit_loss.columns.month',
      render: (m) => (
        <span style={{ whiteSpace: 'nowrap' }}>{`${formatMonth(Number(m.month.slice(5, 7)) - 1, lang)} ${m.month.slice(0, 4)}`}</span>
      ),
    },
    // Service charges and shipping stay in the statement: seven columns fit a laptop screen without scrolling.
    ...MONTH_LINES.filter((k) => k !== 'service_charges' && k !== 'shipping').map((k) => ({
      key: k,
      header: `profit_loss.lines.${k}`,
      kind: 'money' as const,
    })),
  ];

  const cards: Array<{ key: keyof ProfitLossResponse['statement']; label: string }> = [
    { key: 'net_revenue', label: 'profit_loss.lines.net_revenue' },
    { key: 'gross_profit', label: 'profit_loss.lines.gross_profit' },
    { key: 'expenses', label: 'profit_loss.lines.expenses' },
    { key: 'net_profit', label: 'profit_loss.lines.net_profit' },
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
      summary={
        d && (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} className="no-print">
            {cards.map((c) => {
              const v = String(d.statement[c.key]);
              return (
                <Card withBorder padding="md" key={c.key}>
                  <Text size="sm" c="dimmed">
                    {t(c.label)}
                  </Text>
                  <Text
                    fw={700}
                    size="xl"
                    dir="ltr"
                    ta="start"
                    c={negative(v) ? 'red.8' : undefined}
                    data-testid={`profit-loss-card-${c.key}`}
                  >
                    {money(v)}
                  </Text>
                  {withRiel && (
                    <Text size="xs" c="dimmed" dir="ltr" ta="start">
                      {showRiel(v, period, lang)}
                    </Text>
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
        )
      }
      chart={
        d && (
          <ExpensesChart
            data={d.expenses_by_category.map((c) => ({ category: c.category_name, amount: chartNumber(c.amount) }))}
            format={(v) => money(String(v))}
          />
        )
      }
    >
      {d && (
        <Card withBorder padding="md">
          <Text size="sm" c="dimmed" mb="xs">
            {t('profit_loss.counts', {
              sales: showNumber(d.statement.sales_count, lang),
              returns: showNumber(d.statement.returns_count, lang),
            })}
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={6} data-testid="profit-loss-statement">
              <caption style={{ captionSide: 'top', textAlign: 'start' }}>
                <Title order={2} size="h4">
                  {t('profit_loss.title')}
                </Title>
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('profit_loss.columns.line')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('profit_loss.columns.amount')}
                  </Table.Th>
                  {withRiel && (
                    <Table.Th scope="col" ta="end">
                      {t('profit_loss.columns.riel')}
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {statementLines(d, t).map((l) =>
                  l.heading ? (
                    <Table.Tr key={l.key} bg="var(--mantine-color-default-hover)">
                      <Table.Th scope="colgroup" colSpan={withRiel ? 3 : 2} fw={600}>
                        {l.label}
                      </Table.Th>
                    </Table.Tr>
                  ) : (
                    <Table.Tr key={l.key} data-testid={`profit-loss-line-${l.key}`}>
                      <Table.Th scope="row" fw={l.strong ? 700 : 400} ps={l.indent ? 'xl' : undefined}>
                        {l.label}
                      </Table.Th>
                      {amountCell(l.amount, l.strong)}
                      {rielCell(l.amount, l.strong)}
                    </Table.Tr>
                  ),
                )}
                {d.expenses_by_category.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={withRiel ? 3 : 2} c="dimmed" ps="xl">
                      {t('profit_loss.no_expenses')}
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr data-testid="profit-loss-line-net_profit">
                  <Table.Th scope="row" fw={800}>
                    {t('profit_loss.lines.net_profit')}
                  </Table.Th>
                  {amountCell(d.statement.net_profit, true)}
                  {rielCell(d.statement.net_profit, true)}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
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
