import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@mantine/core';
import type { BarChart as MantineBarChart, LineChart as MantineLineChart } from '@mantine/charts';

/**
 * @mantine/charts (recharts, d3: about 120 KB gzip) in a chunk of its own, fetched when a chart is first shown, so a
 * screen's other content does not wait for it. A skeleton of the chart's height stands in meanwhile.
 */
const charts = () => import('./charts');
const LazyBar = lazy(() => charts().then((m) => ({ default: m.BarChart })));
const LazyLine = lazy(() => charts().then((m) => ({ default: m.LineChart })));

const placeholder = (h: ComponentProps<typeof MantineBarChart>['h']) => <Skeleton h={typeof h === 'number' ? h : 280} />;

export function BarChart(props: ComponentProps<typeof MantineBarChart>) {
  return (
    <Suspense fallback={placeholder(props.h)}>
      <LazyBar {...props} />
    </Suspense>
  );
}

export function LineChart(props: ComponentProps<typeof MantineLineChart>) {
  return (
    <Suspense fallback={placeholder(props.h)}>
      <LazyLine {...props} />
    </Suspense>
  );
}
