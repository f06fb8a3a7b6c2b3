import { useQuery } from '@tanstack/react-query';
import type { PurchaseReportOptions } from '@posauto/shared/schemas/reports-purchases';
import { api } from '../../lib/api-client';

/** The choices of the purchase-side reports' filters (suppliers, categories, cashiers...), for any report user. */
export function usePurchaseReportOptions() {
  return useQuery({
    queryKey: ['reports', 'purchase-options'],
    queryFn: () => api.get<PurchaseReportOptions>('/api/v1/reports/purchase-options'),
    staleTime: 60_000,
  });
}

/** A Select's data from named choices. */
export const choices = (list: Array<{ id: string; name: string }> | undefined) => (list ?? []).map((x) => ({ value: x.id, label: x.name }));

/** The name of a chosen id, for the printed list of filters. */
export const nameOf = (list: Array<{ id: string; name: string }> | undefined, id: string | undefined) =>
  id ? (list?.find((x) => x.id === id)?.name ?? '') : '';
