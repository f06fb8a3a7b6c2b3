import type { ReactNode } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListMeta } from '@posauto/shared/schemas/common';
import type { QueryParams } from '../../lib/api-client';
import { ListSearch, ListTable } from '../crud/list-parts';
import { useListState } from '../crud/list-state';
import type { Column } from '../data-table/data-table';
import { firstStepUnlessFiltered, type FirstStepConfig } from '../data-table/first-step';
import { PageHeader } from '../page-header';
import { DocumentFilters, filterKeys, type DocumentFilter } from './document-filters';

/** One page of a list as the server answers it; a list may answer more (its totals). */
export interface ListAnswer<T> {
  data: T[];
  meta: ListMeta;
}

/** What fetching a page gives (a TanStack query result). */
export interface ListFetch<A> {
  data?: A;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

export interface DocumentListPageProps<T extends { id: string }, A extends ListAnswer<T>> {
  /**
   * Fetches a page for the list's query (page, search, sort, filters as the address says). A hook: the list calls it
   * on every render, so it must be the same function every time (one declared at module level).
   */
  useRows: (query: QueryParams) => ListFetch<A>;
  searchPlaceholder: string;
  filters?: readonly DocumentFilter[];
  columns: Column<T>[];
  /** The row's action icons (components/documents/document-list-actions.tsx RowAction), in a last column. */
  rowActions?: (row: T) => ReactNode;
  /** The actions column centred at a fixed width (a list whose rows carry edit and delete). */
  centredActions?: number;
  /** The header's buttons (create, export...); an export follows the list's query. */
  headerActions?: (query: QueryParams) => ReactNode;
  /** Translation key of the line under the title. */
  subtitle?: string;
  /** The first step an empty list offers (its route, or the list's own create action). */
  firstStep?: FirstStepConfig;
  emptyText?: string;
  /** The server's order when the address names none (e.g. newest first), shown on its column. */
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  /** Between the header and the list (one's own open session). */
  banner?: ReactNode;
  /** Between the filters and the table, given the page's answer (the totals of every row the filters match). */
  above?: (answer: A) => ReactNode;
  /** Dialogs and drawers the list opens. */
  children?: ReactNode;
}

const NO_FILTERS: readonly DocumentFilter[] = [];

/**
 * A list of documents (sales, invoices, purchases, returns, expenses, cash sessions...) as configuration: the
 * columns, the filters (components/documents/document-filters.tsx), the row actions. The page keeps page, search,
 * sort and filters in the address, so reload and Back keep the user's place and a filtered list can be linked.
 */
export function DocumentListPage<T extends { id: string }, A extends ListAnswer<T>>(props: DocumentListPageProps<T, A>) {
  const { t } = useTranslation();
  const filters = props.filters ?? NO_FILTERS;
  const { state, update, query } = useListState(filterKeys(filters));
  const list = props.useRows(query);
  const rows = list.data?.data ?? [];
  return (
    <>
      <PageHeader subtitle={props.subtitle && t(props.subtitle)} actions={props.headerActions?.(query)} />
      {props.banner}
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder={props.searchPlaceholder} />
          <DocumentFilters filters={filters} state={state} update={update} />
        </Group>
        {list.data && props.above?.(list.data)}
        <ListTable<T>
          state={state}
          update={update}
          columns={withActions(props.columns, props.rowActions, props.centredActions)}
          rows={rows}
          meta={list.data?.meta}
          loading={list.isFetching}
          defaultSort={props.defaultSort}
          emptyText={props.emptyText}
          firstStep={props.firstStep && firstStepUnlessFiltered(state, props.firstStep)}
        />
      </Paper>
      {props.children}
      {list.isError && (
        <Text c="red" size="sm">
          {(list.error as Error).message}
        </Text>
      )}
    </>
  );
}

function withActions<T>(columns: Column<T>[], rowActions: ((row: T) => ReactNode) | undefined, centred: number | undefined): Column<T>[] {
  if (!rowActions) return columns;
  const actions: Column<T> = {
    key: 'actions',
    header: 'common.actions',
    width: centred,
    align: centred ? 'center' : undefined,
    render: (row) => (
      <Group gap={4} justify={centred ? 'center' : undefined} wrap="nowrap">
        {rowActions(row)}
      </Group>
    ),
  };
  return [...columns, actions];
}
