import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SaleFilterOptions } from '@posauto/shared/schemas/reports-sales';
import type { FloorTable } from '@posauto/shared/schemas/restaurant';
import { api } from '../../lib/api-client';

/** The sale reports' filter choices (cashiers, customers matching a search, methods, categories, brands). */
export function useSaleFilterOptions(customerSearch = '', customerId?: string) {
  return useQuery({
    queryKey: ['reports', 'sale-filter-options', customerSearch, customerId ?? ''],
    queryFn: () =>
      api.get<SaleFilterOptions>('/api/v1/reports/sale-filter-options', {
        customer_search: customerSearch || undefined,
        customer_id: customerId,
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * A branch's tables, for the sale reports' table filter (issue #24). Asked only of a user who may read them
 * (table-management or table-service); the server answers the shop's first branch when none is named.
 */
export function useReportTables(branchId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'floor-tables', branchId ?? ''],
    queryFn: () => api.get<{ data: FloorTable[] }>('/api/v1/floor/tables', { branch_id: branchId }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}
