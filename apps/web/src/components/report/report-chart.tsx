import { Paper, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, LineChart } from '../charts/lazy-charts';

export interface ReportChartSeries {
  /** The field of each data point. */
  name: string;
  /** Translation key of its legend label. */
  label: string;
  color?: string;
}

export interface ReportChartProps {
  /** Translation key of the chart's title (e.g. reports-sales.sales.chart_title). */
  title: string;
  type?: 'bar' | 'line';
  /**
   * One object per bar or point: the label field (dataKey) and a number per series (chartNumber of the amounts);
   * undefined while the report loads (the chart's place is kept, so nothing under it moves when it arrives).
   */
  data: Array<Record<string, string | number>> | undefined;
  dataKey: string;
  series: ReportChartSeries[];
  /** Horizontal bars (top items, brands): long names read better down the side. */
  horizontal?: boolean;
  h?: number;
  valueFormatter?: (value: number) => string;
}

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6'];

/**
 * A report's picture, drawn by @mantine/charts loaded on demand. The chart is a picture of the table under it:
 * screen readers skip the drawing and are told the figures are in the table. Not printed (the table is).
 */
export function ReportChart({ title, type = 'bar', data, dataKey, series, horizontal, h = 260, valueFormatter }: ReportChartProps) {
  const { t } = useTranslation();
  const id = useId();
  const s = series.map((x, i) => ({ name: x.name, label: t(x.label), color: x.color ?? COLORS[i % COLORS.length]! }));
  const height = horizontal && data ? Math.max(h, data.length * 28 + 60) : h;
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={id} className="no-print" data-testid="report-chart">
      <Text fw={600} mb="sm" id={id} component="figcaption">
        {t(title)}
        <VisuallyHidden>{` (${t('reports.chart_alt')})`}</VisuallyHidden>
      </Text>
      {data === undefined ? (
        <Skeleton h={height} data-testid="report-chart-loading" />
      ) : data.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {t('reports.no_rows')}
        </Text>
      ) : (
        // inert: the drawing is out of the tab order and of the accessibility tree (recharts makes its svg focusable).
        <div aria-hidden="true" inert dir="ltr">
          {type === 'line' ? (
            <LineChart
              h={height}
              data={data}
              dataKey={dataKey}
              series={s}
              curveType="linear"
              valueFormatter={valueFormatter}
              withLegend={s.length > 1}
            />
          ) : (
            <BarChart
              h={height}
              data={data}
              dataKey={dataKey}
              series={s}
              orientation={horizontal ? 'vertical' : 'horizontal'}
              yAxisProps={horizontal ? { width: 140 } : undefined}
              valueFormatter={valueFormatter}
              withLegend={s.length > 1}
            />
          )}
        </div>
      )}
    </Paper>
  );
}
