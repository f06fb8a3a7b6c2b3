import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SaleFilterOptions } from '@posauto/shared/schemas/reports-sales';
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
