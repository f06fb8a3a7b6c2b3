// Loaded on demand by lazy-charts.tsx: the chart library and its styles.
import '@mantine/charts/styles.css';

export { BarChart, LineChart } from '@mantine/charts';
