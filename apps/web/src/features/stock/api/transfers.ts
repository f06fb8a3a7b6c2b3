import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockTransferDetail, StockTransferInput } from '@posauto/shared/schemas/stock';
import type { StockTransferOptions } from '@posauto/shared/schemas/stock-transfers';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';
import { stockLevelsResource } from './stock';

export const stockTransfersResource = defineResource('stock-transfers', '/api/v1/stock-transfers');

type Envelope<T> = { message: string; data: T };

export function useStockTransfer(id: string | undefined) {
  return useQuery({
    queryKey: [stockTransfersResource.key, 'item', id],
    queryFn: () => api.get<StockTransferDetail>(`${stockTransfersResource.path}/${id}`),
    enabled: Boolean(id),
  });
}

/** Branches to send from (a branch user: its own) and to (all of the shop's), and the units. */
export function useStockTransferOptions() {
  return useQuery({
    queryKey: [stockTransfersResource.key, 'options'],
    queryFn: () => api.get<StockTransferOptions>(`${stockTransfersResource.path}/options`),
    staleTime: 60_000,
  });
}

/** Every change to a transfer moves stock: the transfers, the stock levels and the products' stock are read again. */
function useInvalidateTransfers() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: [stockTransfersResource.key] }),
      qc.invalidateQueries({ queryKey: [stockLevelsResource.key] }),
      qc.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

export function useSaveStockTransfer(id: string | undefined) {
  const invalidate = useInvalidateTransfers();
  return useMutation({
    mutationFn: (input: StockTransferInput) =>
      id
        ? api.put<Envelope<StockTransferDetail>>(`${stockTransfersResource.path}/${id}`, input)
        : api.post<Envelope<StockTransferDetail>>(stockTransfersResource.path, input),
    onSuccess: invalidate,
  });
}

export function useStockTransferAction(action: 'receive' | 'cancel') {
  const invalidate = useInvalidateTransfers();
  return useMutation({
    mutationFn: (id: string) => api.post<Envelope<StockTransferDetail>>(`${stockTransfersResource.path}/${id}/${action}`, {}),
    onSuccess: invalidate,
  });
}
