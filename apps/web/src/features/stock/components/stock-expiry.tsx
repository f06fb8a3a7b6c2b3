import { useEffect, useState } from 'react';
import { Badge, NumberInput, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import { EXPIRY_DEFAULT_DAYS, EXPIRY_MAX_DAYS, EXPIRY_STATES, type StockExpiryRow } from '@posauto/shared/schemas/stock-report';
import type { Column } from '../../../components/data-table/data-table';
import { branchFilter, type DocumentFilter } from '../../../components/documents/document-filters';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import type { QueryParams } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useBranchChoices, useStockExpiry } from '../api/stock-report';
import { expiryStatus } from '../lib/report-math';
import { ItemCell } from './item-cell';

type Row = StockExpiryRow & { id: string };

/** A batch is the row: its id is the table's key. */
function useBatches(query: QueryParams) {
  const list = useStockExpiry(query);
  const data = list.data && { ...list.data, data: list.data.data.map((r): Row => ({ ...r, id: r.batch_id })) };
  return { ...list, data };
}

/** Batches with stock left that expire within N days, or have expired, by branch; earliest first. */
export function StockExpiryList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const branches = useBranchChoices().data;
  const filters: DocumentFilter[] = [
    branchFilter(branches, { label: 'stock.report.branch', placeholder: 'stock.all_branches' }, 200),
    { kind: 'custom', key: 'within_days', render: (value, set) => <DaysFilter value={value} set={set} /> },
    {
      kind: 'custom',
      key: 'state',
      render: (value, set) => (
        <Select
          label={t('stock.expiry.show')}
          data={EXPIRY_STATES.map((s) => ({ value: s, label: t(`stock.expiry.state_${s}`) }))}
          value={value ?? 'all'}
          onChange={(v) => set(v && v !== 'all' ? v : null)}
          allowDeselect={false}
          w={240}
        />
      ),
    },
  ];
  return (
    <DocumentListPage
      useRows={useBatches}
      searchPlaceholder="stock.search_placeholder"
      filters={filters}
      emptyText="stock.expiry.empty"
      above={(answer) => (
        <Text size="sm" c="dimmed" mb="xs">
          {t('stock.expiry.today_is', { day: formatDate(`${answer.today}T00:00:00`, lang) })}
        </Text>
      )}
      columns={batchColumns(t, lang)}
    />
  );
}

/** Within how many days: typed, then sent after a pause; the default is left out of the address. */
function DaysFilter({ value, set }: { value: string | undefined; set: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number | string>(value ?? EXPIRY_DEFAULT_DAYS);
  const [debounced] = useDebouncedValue(days, 400);
  useEffect(() => {
    const next = debounced === '' || Number(debounced) === EXPIRY_DEFAULT_DAYS ? undefined : String(debounced);
    if (next !== value) set(next ?? null);
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
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
  );
}

function batchColumns(t: (key: string, options?: Record<string, unknown>) => string, lang: Language): Column<Row>[] {
  return [
    { key: 'product_name', header: 'stock.item', sortable: true, render: (r) => <ItemCell name={r.product_name} sku={r.sku_code} /> },
    { key: 'branch', header: 'stock.report.branch', render: (r) => r.branch_name },
    {
      key: 'expiry_date',
      header: 'stock.expiry.expiry_date',
      sortable: true,
      render: (r) => formatDate(`${r.expiry_date}T00:00:00`, lang),
    },
    { key: 'days_left', header: 'stock.expiry.days_left', render: (r) => (r.days_left < 0 ? '—' : String(r.days_left)) },
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
  ];
}
