import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type {
  StockAdjustmentDetail,
  StockAdjustmentInput,
  StockAdjustmentOptions,
  StockCountInput,
  StockLevel,
  StockOnHand,
} from '@posauto/shared/schemas/stock';
import { api, type QueryParams } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';

export const stockAdjustmentsResource = defineResource('stock-adjustments', '/api/v1/stock-adjustments');
export const stockLevelsResource = defineResource('stock', '/api/v1/stock');

type Envelope<T> = { message: string; data: T };

export function useStockAdjustment(id: string | undefined) {
  return useQuery({
    queryKey: [stockAdjustmentsResource.key, 'item', id],
    queryFn: () => api.get<StockAdjustmentDetail>(`${stockAdjustmentsResource.path}/${id}`),
    enabled: Boolean(id),
  });
}

/** Posting or cancelling an adjustment changes stock: every stock list is read again. */
function useInvalidateStock() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: [stockAdjustmentsResource.key] }),
      qc.invalidateQueries({ queryKey: [stockLevelsResource.key] }),
      qc.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

export function useCreateStockAdjustment() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: (input: StockAdjustmentInput) => api.post<Envelope<StockAdjustmentDetail>>(stockAdjustmentsResource.path, input),
    onSuccess: invalidate,
  });
}

/** A stocktake: the counted quantities, posted as the adjustments of their differences from on hand. */
export function useCountStock() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: (input: StockCountInput) =>
      api.post<Envelope<{ adjustments: StockAdjustmentDetail[] }>>(`${stockAdjustmentsResource.path}/count`, input),
    onSuccess: invalidate,
  });
}

/** One product's on hand at a branch, per variant: what a count is compared with as it is typed. */
export function useOnHandForCount(branchId: string | null, productId: string) {
  return useQuery({
    queryKey: [stockLevelsResource.key, 'on-hand', branchId, productId],
    queryFn: () => api.get<StockOnHand>(`${stockAdjustmentsResource.path}/on-hand`, { branch_id: branchId, product_id: productId }),
    enabled: Boolean(branchId),
  });
}

export function useCancelStockAdjustment() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: (id: string) => api.post<Envelope<StockAdjustmentDetail>>(`${stockAdjustmentsResource.path}/${id}/cancel`, {}),
    onSuccess: invalidate,
  });
}

export function useStockLevels(params: QueryParams) {
  return useQuery({
    queryKey: [stockLevelsResource.key, 'list', params],
    queryFn: () => api.get<ListResponse<StockLevel>>(stockLevelsResource.path, params),
  });
}

/** Branches, adjustment types and units of the adjustment form (a branch user gets its own branch only). */
export function useStockAdjustmentOptions() {
  return useQuery({
    queryKey: [stockAdjustmentsResource.key, 'options'],
    queryFn: () => api.get<StockAdjustmentOptions>(`${stockAdjustmentsResource.path}/options`),
    staleTime: 60_000,
  });
}
