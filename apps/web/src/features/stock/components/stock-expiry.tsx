import { Badge, Group, NumberInput, Paper, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPIRY_DEFAULT_DAYS, EXPIRY_MAX_DAYS, EXPIRY_STATES, type StockExpiryRow } from '@posauto/shared/schemas/stock-report';
import { DataTable } from '../../../components/data-table/data-table';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useBranchChoices, useStockExpiry } from '../api/stock-report';
import { expiryStatus } from '../lib/report-math';

/** Batches with stock left that expire within N days, or have expired, by branch; earliest first. */
export function StockExpiryList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(['branch_id', 'within_days', 'state']);
  const list = useStockExpiry(query);
  const branches = useBranchChoices();
  const [days, setDays] = useState<number | string>(state.filters.within_days ?? EXPIRY_DEFAULT_DAYS);
  const [debouncedDays] = useDebouncedValue(days, 400);
  useEffect(() => {
    const next = debouncedDays === '' || Number(debouncedDays) === EXPIRY_DEFAULT_DAYS ? undefined : String(debouncedDays);
    if (next !== state.filters.within_days) update({ filters: { ...state.filters, within_days: next } });
  }, [debouncedDays]); // eslint-disable-line react-hooks/exhaustive-deps
  const rows = (list.data?.data ?? []).map((r) => ({ ...r, id: r.batch_id }));

  return (
    <>
      <PageHeader />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder="stock.search_placeholder" />
          {(branches.data?.length ?? 0) > 1 && (
            <Select
              aria-label={t('stock.report.branch')}
              placeholder={t('stock.all_branches')}
              data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={state.filters.branch_id ?? null}
              onChange={(v) => update({ filters: { ...state.filters, branch_id: v ?? undefined } })}
              clearable
              w={200}
            />
          )}
          <NumberInput
            label={t('stock.expiry.within_days')}
            value={days}
            onChange={setDays}
            min={0}
            max={EXPIRY_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            w={180}
            data-testid="expiry-days"
          />
          <Select
            label={t('stock.expiry.show')}
            data={EXPIRY_STATES.map((s) => ({ value: s, label: t(`stock.expiry.state_${s}`) }))}
            value={state.filters.state ?? 'all'}
            onChange={(v) => update({ filters: { ...state.filters, state: v && v !== 'all' ? v : undefined } })}
            allowDeselect={false}
            w={240}
          />
        </Group>
        {list.data && (
          <Text size="sm" c="dimmed" mb="xs">
            {t('stock.expiry.today_is', { day: formatDate(`${list.data.today}T00:00:00`, lang) })}
          </Text>
        )}
        <DataTable<StockExpiryRow & { id: string }>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'stock.expiry.empty')}
          columns={[
            {
              key: 'product_name',
              header: 'stock.item',
              sortable: true,
              render: (r) => (
                <div>
                  <Text size="sm" fw={500}>
                    {r.product_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.sku_code}
                  </Text>
                </div>
              ),
            },
            { key: 'branch', header: 'stock.report.branch', render: (r) => r.branch_name },
            {
              key: 'expiry_date',
              header: 'stock.expiry.expiry_date',
              sortable: true,
              render: (r) => formatDate(`${r.expiry_date}T00:00:00`, lang),
            },
            {
              key: 'days_left',
              header: 'stock.expiry.days_left',
              render: (r) => (r.days_left < 0 ? '—' : String(r.days_left)),
            },
            {
              key: 'quantity',
              header: 'stock.expiry.quantity_left',
              sortable: true,
              render: (r) => (
                <Text size="sm" fw={600}>
                  {r.quantity_left} {r.unit_name ?? ''}
                </Text>
              ),
            },
            {
              key: 'status',
              header: 'stock.expiry.status',
              render: (r) => {
                const s = expiryStatus(r.days_left);
                return (
                  <Badge color={s.color} variant={r.expired ? 'filled' : 'light'} data-testid="expiry-status">
                    {t(s.key, { days: s.days })}
                  </Badge>
                );
              },
            },
          ]}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>
    </>
  );
}
