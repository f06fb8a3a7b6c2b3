import { Paper, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/lazy-charts';

/**
 * Expenses by category as horizontal bars. Like the dashboard's charts, the drawing is a tab stop named by its
 * title (arrow keys walk its tooltips), not hidden: a focusable drawing inside aria-hidden fails WCAG (axe
 * aria-hidden-focus). The statement's table under it holds the same figures. Not printed.
 */
export function ExpensesChart({ data, format }: { data: Array<{ category: string; amount: number }>; format: (v: number) => string }) {
  const { t } = useTranslation();
  const id = useId();
  const title = t('profit_loss.expenses_chart');
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={id} className="no-print" data-testid="profit-loss-chart">
      <Text fw={600} mb="sm" id={id} component="figcaption">
        {title}
      </Text>
      {data.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {t('profit_loss.no_expenses')}
        </Text>
      ) : (
        <div dir="ltr">
          <BarChart
            h={Math.max(200, data.length * 28 + 60)}
            barChartProps={{ title }}
            data={data}
            dataKey="category"
            series={[{ name: 'amount', label: t('profit_loss.lines.expenses'), color: 'orange.6' }]}
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            valueFormatter={format}
          />
        </div>
      )}
    </Paper>
  );
}
