import { Card, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { BarChart, LineChart } from '../../components/charts/lazy-charts';
import { IconCalendar, IconCalendarMonth, IconCoin, IconTrendingUp } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isCurrencyCode } from '@posauto/shared/money/index';
import type { DashboardResponse } from '@posauto/shared/schemas/shell';
import { PageHeader } from '../../components/page-header';
import { BranchPicker, LowStock, SalesByHour, SetupChecklist, TopProducts } from '../../features/dashboard';
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
          {/* The figure's own line while it loads, so the cards keep their height when it arrives (no layout shift). */}
          {value === null ? (
            <Skeleton mt={4} w={120}>
              <Text fw={700} size="xl" aria-hidden>
                &nbsp;
              </Text>
            </Skeleton>
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

/**
 * Today's and the last 30 days' sales and profit, this year's monthly and weekly charts, the top products, today's
 * sales by hour and low stock. The owner may pick a branch (kept in the address); a branch user sees their own.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const user = useUserData();
  const [params, setParams] = useSearchParams();
  const branchUser = Boolean(user?.data.branch_id);
  const branchId = branchUser ? null : params.get('branch_id');
  const q = useQuery({
    queryKey: ['dashboard', branchId],
    queryFn: () => api.get<DashboardResponse>('/api/v1/dashboard', branchId ? { branch_id: branchId } : {}),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const currency = isCurrencyCode(d?.currency) ? d.currency : 'USD';
  const money = (minor: number | null | undefined) => (minor === undefined || minor === null ? null : formatMoney(minor, currency, lang));
  // Profit is the shop's to see (profit-lost-report): a cashier's dashboard answers sales only.
  const showsProfit = d?.today.profit !== null;
  const pickBranch = (v: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v) next.set('branch_id', v);
        else next.delete('branch_id');
        return next;
      },
      { replace: true },
    );
  // Chart values stay in cents; only their labels are formatted.
  const monthly = (d?.monthly ?? []).map((m) => ({ label: formatMonth(m.month - 1, lang), sales: m.sales, profit: m.profit }));
  const weekly = (d?.weekly ?? []).map((w) => ({ label: String(w.week), sales: w.sales, profit: w.profit }));
  const series = [
    { name: 'sales', label: t('dashboard.sales'), color: 'teal.6' },
    ...(showsProfit ? [{ name: 'profit', label: t('dashboard.gross_profit'), color: 'blue.6' }] : []),
  ];
  const monthlyTitle = t(showsProfit ? 'dashboard.monthly' : 'dashboard.monthly_sales');
  const weeklyTitle = t(showsProfit ? 'dashboard.weekly' : 'dashboard.weekly_sales');
  const fmt = (v: number) => formatMoney(v, currency, lang);
  // Until there are sales, show a sensible $0–$100 scale rather than fractions of a cent.
  const yAxisProps = { width: 80, domain: [0, (max: number) => Math.max(max, 10_000)] as [number, (max: number) => number] };

  return (
    <>
      <PageHeader
        title={t('dashboard.greeting', { name: user?.data.name ?? '' })}
        subtitle={t('dashboard.subtitle')}
        actions={branchUser ? undefined : <BranchPicker value={branchId} onChange={pickBranch} />}
      />
      <SetupChecklist />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: showsProfit ? 4 : 2 }} mb="lg">
        <Stat label={t('dashboard.today_sales')} value={money(d?.today.sales)} icon={IconCoin} color="teal" />
        {showsProfit && (
          <Stat label={t('dashboard.today_gross_profit')} value={money(d?.today.profit)} icon={IconTrendingUp} color="blue" />
        )}
        <Stat label={t('dashboard.month_sales')} value={money(d?.last_30_days.sales)} icon={IconCalendarMonth} color="grape" />
        {showsProfit && (
          <Stat label={t('dashboard.month_gross_profit')} value={money(d?.last_30_days.profit)} icon={IconCalendar} color="orange" />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="md">
            {monthlyTitle}
          </Title>
          {/* The chart is a tab stop (arrow keys walk its tooltips): its title names it. */}
          <BarChart
            h={280}
            barChartProps={{ title: monthlyTitle }}
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
          <Title order={2} size="h4" mb="md">
            {weeklyTitle}
          </Title>
          <LineChart
            h={280}
            lineChartProps={{ title: weeklyTitle }}
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
      {d && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} mt="lg">
          <SalesByHour data={d.hourly} money={fmt} />
          <TopProducts data={d.top_products} money={fmt} />
          <LowStock data={d.low_stock} branchId={d.branch_id} />
        </SimpleGrid>
      )}
      {d && d.today.sales === 0 && d.last_30_days.sales === 0 && (
        <Text c="dimmed" size="sm" mt="md" ta="center">
          {t('dashboard.no_sales_yet')}
        </Text>
      )}
    </>
  );
}
