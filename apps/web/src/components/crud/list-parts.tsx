import { useEffect, useState } from 'react';
import { Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type ListMeta, type PageSize } from '@posauto/shared/schemas/common';
import { formatInteger } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { DataTable, type Column } from '../data-table/data-table';
import type { FirstStepConfig } from '../data-table/first-step';
import type { ListState } from './list-state';

type Update = (patch: Partial<ListState>) => void;

/** The search box of a list: typed text reaches the address (and the server) after a short pause. */
export function ListSearch({ state, update, placeholder }: { state: ListState; update: Update; placeholder: string }) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState(state.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  useEffect(() => {
    if (debounced !== state.search) update({ search: debounced });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextInput
      placeholder={t(placeholder)}
      leftSection={<IconSearch size={16} />}
      value={searchText}
      onChange={(e) => setSearchText(e.currentTarget.value)}
      // A barcode scanner types the code and Enter: search at once instead of after the pause.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && searchText !== state.search) update({ search: searchText });
      }}
      w={{ base: '100%', sm: 320 }}
      aria-label={t('common.search')}
      data-testid="search"
    />
  );
}

/** Rows per page (10/25/50/100/All), the shown range and the pager under a list. */
export function ListFooter({
  state,
  update,
  meta,
  shown,
}: {
  state: ListState;
  update: Update;
  meta: ListMeta | undefined;
  shown: number;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const from = meta && meta.total ? (meta.page - 1) * (meta.per_page === 'all' ? 0 : Number(meta.per_page)) + 1 : 0;
  const to = meta ? from + shown - 1 : 0;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('common.rows_per_page')}
        </Text>
        <Select
          w={90}
          size="xs"
          aria-label={t('common.rows_per_page')}
          value={state.perPage}
          onChange={(v) => v && update({ perPage: v as PageSize })}
          data={PAGE_SIZES.map((s) => ({ value: s, label: s === 'all' ? t('common.all') : s }))}
          allowDeselect={false}
          data-testid="page-size"
        />
        {meta && meta.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="range">
            {t('common.showing', { from: formatInteger(from, lang), to: formatInteger(to, lang), total: formatInteger(meta.total, lang) })}
          </Text>
        )}
        {meta?.capped && (
          <Text size="sm" c="orange" data-testid="list-capped">
            {t('crud_list.capped', { limit: formatInteger(meta.limit ?? 0, lang), total: formatInteger(meta.total, lang) })}
          </Text>
        )}
      </Group>
      {meta && meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.page}
          onChange={(p) => update({ page: p })}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({
            'aria-label': t(control === 'previous' ? 'common.previous' : control === 'next' ? 'common.next' : 'common.page'),
          })}
        />
      )}
    </Group>
  );
}

export interface ListTableProps<T extends { id: string }> {
  state: ListState;
  update: Update;
  columns: Column<T>[];
  rows: T[];
  meta: ListMeta | undefined;
  loading: boolean;
  /** The order the server gives when the address names none (e.g. newest first), shown on its column. */
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  /** What an empty answer says when nothing was searched (default: "Nothing here yet"). */
  emptyText?: string;
  firstStep?: FirstStepConfig;
}

/** The table of a list and the pager under it: a header click sorts by that column, again the other way. */
export function ListTable<T extends { id: string }>({
  state,
  update,
  columns,
  rows,
  meta,
  loading,
  defaultSort,
  emptyText = 'common.no_data',
  firstStep,
}: ListTableProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable<T>
        columns={columns}
        rows={rows}
        loading={loading}
        sort={state.sort ?? defaultSort?.key}
        order={state.sort || !defaultSort ? state.order : defaultSort.order}
        onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
        emptyText={t(state.search ? 'common.no_match' : emptyText)}
        firstStep={firstStep}
      />
      <ListFooter state={state} update={update} meta={meta} shown={rows.length} />
    </>
  );
}
