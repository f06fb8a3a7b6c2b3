import { Anchor, Badge, Group, Paper, Select, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardResponse } from '@posauto/shared/schemas/shell';
import { BarChart } from '../../components/charts/lazy-charts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';

type Money = (minor: number) => string;

/** The five products that brought in most over the last 30 days (amounts without VAT, less returns). */
export function TopProducts({ data, money }: { data: DashboardResponse['top_products']; money: Money }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Paper withBorder p="lg" data-testid="dashboard-top-products">
      <Title order={2} size="h4" mb="md" id={id}>
        {t('dashboard.top_products')}
      </Title>
      {data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.top_products_empty')}
        </Text>
      ) : (
        <Table aria-labelledby={id} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={48}>
                {t('dashboard.rank')}
              </Table.Th>
              <Table.Th scope="col">{t('dashboard.product')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('dashboard.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((p, i) => (
              <Table.Tr key={p.product_id}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Th scope="row" fw={500}>
                  {p.product_name}
                </Table.Th>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  <span dir="ltr">{money(p.amount)}</span>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Today's sales by hour of the shop's clock; screen readers also get the hours with sales as a list. */
export function SalesByHour({ data, money }: { data: DashboardResponse['hourly']; money: Money }) {
  const { t } = useTranslation();
  const id = useId();
  const sold = data.filter((h) => h.count > 0);
  const hourLabel = (hour: number) => t('dashboard.hour', { hour: String(hour).padStart(2, '0') });
  return (
    <Paper withBorder p="lg" component="figure" m={0} aria-labelledby={id} data-testid="dashboard-hourly">
      <Title order={2} size="h4" mb="md" id={id} component="figcaption">
        {t('dashboard.hourly')}
      </Title>
      {sold.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.hourly_empty')}
        </Text>
      ) : (
        <>
          {/* As the charts above: a tab stop named by its title (arrow keys walk the tooltips); the hours are also listed. */}
          <div dir="ltr">
            <BarChart
              h={220}
              barChartProps={{ title: t('dashboard.hourly') }}
              data={data.map((h) => ({ label: String(h.hour).padStart(2, '0'), sales: h.sales }))}
              dataKey="label"
              series={[{ name: 'sales', label: t('dashboard.sales'), color: 'teal.6' }]}
              valueFormatter={money}
              tickLine="y"
              yAxisProps={{ width: 80 }}
            />
          </div>
          <VisuallyHidden>
            <ul>
              {sold.map((h) => (
                <li key={h.hour}>{`${hourLabel(h.hour)}: ${money(h.sales)}`}</li>
              ))}
            </ul>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}

/** Items at or under their alert level: how many, the lowest few (each opens its stock card), and a way to all of them. */
export function LowStock({ data, branchId }: { data: DashboardResponse['low_stock']; branchId: string | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const id = useId();
  const number = (v: string) => new Intl.NumberFormat(lang === 'km' ? 'km-KH' : lang, { maximumFractionDigits: 3 }).format(Number(v));
  const all = `/stock-listing?low=1${branchId ? `&branch_id=${encodeURIComponent(branchId)}` : ''}`;
  return (
    <Paper withBorder p="lg" data-testid="dashboard-low-stock">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} size="h4" id={id}>
          {t('dashboard.low_stock')}
        </Title>
        {data.count > 0 && (
          <Badge color="red" variant="light" size="lg">
            {data.count}
          </Badge>
        )}
      </Group>
      {data.count === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.low_stock_none')}
        </Text>
      ) : (
        <>
          <Text size="sm" mb="xs">
            {t('dashboard.low_stock_count', { count: data.count })}
          </Text>
          <ul aria-labelledby={id} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.items.map((i) => (
              <li key={`${i.product_id}/${i.variant_id ?? ''}/${i.branch_id}`} style={{ padding: '6px 0' }}>
                <Anchor
                  component={Link}
                  to={`/stock-report?product_id=${encodeURIComponent(i.product_id)}&branch_id=${encodeURIComponent(i.branch_id)}`}
                  fw={500}
                >
                  {i.product_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {i.branch_name} · {t('dashboard.low_stock_item', { on_hand: number(i.on_hand), alert: number(i.alert) })}
                </Text>
              </li>
            ))}
          </ul>
          <Anchor component={Link} to={all} size="sm" mt="sm" display="inline-block" data-testid="dashboard-low-stock-all">
            {t('dashboard.see_all')}
          </Anchor>
        </>
      )}
    </Paper>
  );
}

/**
 * The owner's choice of branch (or the whole shop); branch users never see it, the server keeps them to theirs. A shop
 * of one branch has nothing to choose: no picker.
 */
export function BranchPicker({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation();
  // Same query (and cache) as the reports' branch choice.
  const branches = useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
    staleTime: 60_000,
  });
  if ((branches.data?.length ?? 0) < 2) return null;
  return (
    <Select
      label={t('dashboard.branch')}
      placeholder={t('dashboard.all_branches')}
      data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
      value={value}
      onChange={onChange}
      clearable
      w={220}
      data-testid="dashboard-branch"
    />
  );
}
