import { useCallback, useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import { api, type ApiError, type QueryParams } from '../../lib/api-client';
import { useListState, type ListState } from '../crud/list-state';

/** The filters every report has; a report names its own on top (cashier, category...). */
export const REPORT_FILTER_KEYS = ['period', 'from', 'to', 'branch_id'] as const;

/** What every report answer carries besides its own figures. */
export interface ReportAnswer {
  period: ReportPeriodInfo;
}

export interface UseReport<T extends ReportAnswer> {
  /** The report's GET path; the export is at path + '/export' with the same query. */
  path: string;
  state: ListState;
  update: (patch: Partial<ListState>) => void;
  /** Sets some filters (undefined removes one) and goes back to page 1. */
  setFilter: (patch: Record<string, string | undefined>) => void;
  /** The query sent to the server (and to the export). */
  query: QueryParams;
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
}

/**
 * A report's figures for the filters kept in the address (period, from, to, branch_id and the report's own), so a
 * reload, Back or a shared link shows the same report. Paging and sort go along when the report uses them.
 */
export function useReport<T extends ReportAnswer>(
  path: string,
  extraFilterKeys: readonly string[] = [],
  options: { paged?: boolean } = {},
): UseReport<T> {
  const keys = useMemo(() => [...REPORT_FILTER_KEYS, ...extraFilterKeys], [extraFilterKeys.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  const { state, update, query: listQuery } = useListState(keys);
  const query = useMemo(() => {
    const q: QueryParams = { ...listQuery };
    // Paging only for a report that pages its rows (its totals still cover the whole period); status means nothing.
    if (!options.paged) {
      delete q.page;
      delete q.per_page;
    }
    if (!q.sort) delete q.order;
    delete q.status;
    // From/To only mean something for a custom period.
    if (state.filters.period !== 'custom') {
      delete q.from;
      delete q.to;
    }
    return q;
  }, [listQuery, state.filters.period, options.paged]);
  const result = useQuery({
    queryKey: ['reports', path, query],
    queryFn: () => api.get<T>(path, query),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const setFilter = useCallback(
    (patch: Record<string, string | undefined>) => update({ filters: { ...state.filters, ...patch } }),
    [update, state.filters],
  );
  return {
    path,
    state,
    update,
    setFilter,
    query,
    data: result.data,
    error: (result.error as ApiError | null) ?? null,
    loading: result.isFetching,
  };
}
