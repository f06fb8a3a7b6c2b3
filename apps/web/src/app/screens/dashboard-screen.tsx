import { Card, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { BarChart, LineChart } from '../../components/charts/lazy-charts';
import { IconCalendar, IconCalendarMonth, IconCoin, IconTrendingUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse } from '@posauto/shared/schemas/shell';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { useUserData } from '../../lib/auth-store';
import { formatMonth } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatMoney } from '../../lib/money-format';

function Stat({ label, value, icon: Icon, color }: { label: string; value: string | null; icon: typeof IconCoin; color: string }) {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {value === null ? (
            <Skeleton h={28} w={120} mt={6} />
          ) : (
            <Text fw={700} size="xl" mt={4} data-testid="stat-value">
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          <Icon size={26} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Today's and the last 30 days' sales and profit, and this year's monthly and weekly charts. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const user = useUserData();
  const q = useQuery({ queryKey: ['dashboard'], queryFn: () => api.get<DashboardResponse>('/api/v1/dashboard'), refetchInterval: 60_000 });
  const d = q.data;
  const money = (minor: number | undefined) => (minor === undefined ? null : formatMoney(minor, 'USD', lang));
  // Chart values stay in cents; only their labels are formatted.
  const monthly = (d?.monthly ?? []).map((m) => ({ label: formatMonth(m.month - 1, lang), sales: m.sales, profit: m.profit }));
  const weekly = (d?.weekly ?? []).map((w) => ({ label: String(w.week), sales: w.sales, profit: w.profit }));
  const series = [
    { name: 'sales', label: t('dashboard.sales'), color: 'teal.6' },
    { name: 'profit', label: t('dashboard.profit'), color: 'blue.6' },
  ];
  const fmt = (v: number) => formatMoney(v, 'USD', lang);
  // Until there are sales, show a sensible $0–$100 scale rather than fractions of a cent.
  const yAxisProps = { width: 80, domain: [0, (max: number) => Math.max(max, 10_000)] as [number, (max: number) => number] };

  return (
    <>
      <PageHeader title={t('dashboard.greeting', { name: user?.data.name ?? '' })} subtitle={t('dashboard.subtitle')} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} mb="lg">
        <Stat label={t('dashboard.today_sales')} value={money(d?.today.sales)} icon={IconCoin} color="teal" />
        <Stat label={t('dashboard.today_profit')} value={money(d?.today.profit)} icon={IconTrendingUp} color="blue" />
        <Stat label={t('dashboard.month_sales')} value={money(d?.last_30_days.sales)} icon={IconCalendarMonth} color="grape" />
        <Stat label={t('dashboard.month_profit')} value={money(d?.last_30_days.profit)} icon={IconCalendar} color="orange" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="lg">
          <Title order={4} mb="md">
            {t('dashboard.monthly')}
          </Title>
          {/* The chart is a tab stop (arrow keys walk its tooltips): its title names it. */}
          <BarChart
            h={280}
            barChartProps={{ title: t('dashboard.monthly') }}
            data={monthly}
            dataKey="label"
            series={series}
            valueFormatter={fmt}
            withLegend
            tickLine="y"
            yAxisProps={yAxisProps}
          />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={4} mb="md">
            {t('dashboard.weekly')}
          </Title>
          <LineChart
            h={280}
            lineChartProps={{ title: t('dashboard.weekly') }}
            data={weekly}
            dataKey="label"
            series={series}
            valueFormatter={fmt}
            withLegend
            curveType="monotone"
            withDots={false}
            yAxisProps={yAxisProps}
          />
        </Paper>
      </SimpleGrid>
      {d && d.today.sales === 0 && d.last_30_days.sales === 0 && (
        <Text c="dimmed" size="sm" mt="md" ta="center">
          {t('dashboard.no_sales_yet')}
        </Text>
      )}
    </>
  );
}
