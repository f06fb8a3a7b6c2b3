import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES, type PageSize } from '@posauto/shared/schemas/common';

export interface ListState {
  page: number;
  perPage: PageSize;
  search: string;
  sort: string | undefined;
  order: 'asc' | 'desc';
  status: 'active' | 'inactive' | undefined;
  /** Screen-specific filters named when the hook is called (e.g. business_status), sent as they are. */
  filters: Record<string, string | undefined>;
}

const NO_FILTERS: readonly string[] = [];

/** List paging, search, sort and filter kept in the address, so reload and Back keep the user's place. */
export function useListState(filterKeys: readonly string[] = NO_FILTERS) {
  const [params, setParams] = useSearchParams();
  const filterList = filterKeys.join(',');
  const state: ListState = useMemo(() => {
    const pp = params.get('per_page');
    const st = params.get('status');
    const filters: Record<string, string | undefined> = {};
    for (const key of filterList ? filterList.split(',') : []) filters[key] = params.get(key) ?? undefined;
    return {
      page: Math.max(1, Number(params.get('page')) || 1),
      perPage: (PAGE_SIZES as readonly string[]).includes(pp ?? '') ? (pp as PageSize) : '10',
      search: params.get('search') ?? '',
      sort: params.get('sort') ?? undefined,
      order: params.get('order') === 'desc' ? 'desc' : 'asc',
      status: st === 'active' || st === 'inactive' ? st : undefined,
      filters,
    };
  }, [params, filterList]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const merged = { ...state, ...patch, filters: { ...state.filters, ...patch.filters } };
          // Any change other than the page itself starts again from page 1.
          if (!('page' in patch)) merged.page = 1;
          const set = (k: string, v: string | undefined, dflt?: string) => (v && v !== dflt ? next.set(k, v) : next.delete(k));
          set('page', String(merged.page), '1');
          set('per_page', merged.perPage, '10');
          set('search', merged.search || undefined);
          set('sort', merged.sort);
          set('order', merged.sort ? merged.order : undefined, 'asc');
          set('status', merged.status);
          for (const [k, v] of Object.entries(merged.filters)) set(k, v);
          return next;
        },
        { replace: true },
      );
    },
    [setParams, state],
  );

  const query = useMemo(
    () => ({
      page: state.page,
      per_page: state.perPage,
      search: state.search || undefined,
      sort: state.sort,
      order: state.order,
      status: state.status,
      ...state.filters,
    }),
    [state],
  );
  return { state, update, query };
}
