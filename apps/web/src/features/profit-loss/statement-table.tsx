import { Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { profitLossLayout, type ProfitLossRow } from '@posauto/shared/reports/profit-loss-layout';
import type { ProfitLossResponse } from '@posauto/shared/schemas/profit-loss';
import { reportCurrency, showMoney, showNumber, showRiel } from '../../components/report';
import { currentLanguage } from '../../lib/i18n';

const negative = (v: string) => v.startsWith('-');

/**
 * The statement, laid out by the shared layout (packages/shared reports/profit-loss-layout.ts) that the export
 * writes too: section headings, lines (subtotals bold), expense categories indented, net profit in the footer; riel
 * beside each amount unless the books are in riel.
 */
export function StatementTable({ d }: { d: ProfitLossResponse }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const period = d.period;
  const currency = reportCurrency(period);
  const withRiel = currency !== 'KHR';
  const rows = profitLossLayout(d);
  const bottom = rows.find((r): r is Extract<ProfitLossRow, { kind: 'bottom' }> => r.kind === 'bottom')!;

  const amountCell = (v: string, strong?: boolean) => (
    <Table.Td ta="end" fw={strong ? 700 : undefined} c={negative(v) ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
      <span dir="ltr">{showMoney(v, currency, lang)}</span>
    </Table.Td>
  );
  const rielCell = (v: string, strong?: boolean) =>
    withRiel && (
      <Table.Td ta="end" fw={strong ? 700 : undefined} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <span dir="ltr">{showRiel(v, period, lang)}</span>
      </Table.Td>
    );
  const amountRow = (key: string, label: string, amount: string, strong: boolean, indent: boolean) => (
    <Table.Tr key={key} data-testid={`profit-loss-line-${key}`}>
      <Table.Th scope="row" fw={strong ? 700 : 400} ps={indent ? 'xl' : undefined}>
        {label}
      </Table.Th>
      {amountCell(amount, strong)}
      {rielCell(amount, strong)}
    </Table.Tr>
  );

  return (
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
            {rows.map((l) => {
              if (l.kind === 'heading')
                return (
                  <Table.Tr key={l.key} bg="var(--mantine-color-default-hover)">
                    <Table.Th scope="colgroup" colSpan={withRiel ? 3 : 2} fw={600}>
                      {t(l.label)}
                    </Table.Th>
                  </Table.Tr>
                );
              if (l.kind === 'expense') return amountRow(l.key, l.categoryName, l.amount, false, true);
              if (l.kind === 'line') return amountRow(l.key, t(l.label), l.amount, l.strong, false);
              return null;
            })}
            {d.expenses_by_category.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={withRiel ? 3 : 2} c="dimmed" ps="xl">
                  {t('profit_loss.no_expenses')}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid={`profit-loss-line-${bottom.key}`}>
              <Table.Th scope="row" fw={800}>
                {t(bottom.label)}
              </Table.Th>
              {amountCell(bottom.amount, true)}
              {rielCell(bottom.amount, true)}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
