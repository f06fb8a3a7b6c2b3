import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type {
  Purchase,
  PurchaseDetail,
  PurchaseInput,
  PurchaseOptions,
  PurchasePaymentInput,
  PurchaseReturnDetail,
  PurchaseReturnInput,
} from '@posauto/shared/schemas/purchases';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';

export const purchasesResource = defineResource('purchases', '/api/v1/purchases');
export const purchaseReturnsResource = defineResource('purchase-returns', '/api/v1/purchase-returns');

type Envelope<T> = { message: string; data: T };

export function usePurchase(id: string | undefined) {
  return useQuery({
    queryKey: [purchasesResource.key, 'item', id],
    queryFn: () => api.get<PurchaseDetail>(`${purchasesResource.path}/${id}`),
    enabled: Boolean(id),
  });
}

/** Suppliers, branches (a branch user: its own), payment methods and units of the purchase and return forms. */
export function usePurchaseOptions() {
  return useQuery({
    queryKey: [purchasesResource.key, 'options'],
    queryFn: () => api.get<PurchaseOptions>(`${purchasesResource.path}/options`),
    staleTime: 60_000,
  });
}

/** Received purchases to return goods from (the newest hundred, or those matching the search). */
export function useReceivedPurchases(search: string) {
  return useQuery({
    queryKey: [purchasesResource.key, 'list', { purchase_status: 'received', search, per_page: '100' }],
    queryFn: () => api.get<ListResponse<Purchase>>(purchasesResource.path, { purchase_status: 'received', search, per_page: '100' }),
  });
}

/** Anything that moves stock or money: purchases, returns, stock levels and products are read again. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: [purchasesResource.key] }),
      qc.invalidateQueries({ queryKey: [purchaseReturnsResource.key] }),
      qc.invalidateQueries({ queryKey: ['stock'] }),
      qc.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

export function useSavePurchase() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PurchaseInput }) =>
      id
        ? api.put<Envelope<PurchaseDetail>>(`${purchasesResource.path}/${id}`, input)
        : api.post<Envelope<PurchaseDetail>>(purchasesResource.path, input),
    onSuccess: invalidate,
  });
}

export function usePurchaseAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'receive' | 'cancel' }) =>
      api.post<Envelope<PurchaseDetail>>(`${purchasesResource.path}/${id}/${action}`, {}),
    onSuccess: invalidate,
  });
}

export function useAddPurchasePayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PurchasePaymentInput }) =>
      api.post<Envelope<PurchaseDetail>>(`${purchasesResource.path}/${id}/payments`, input),
    onSuccess: invalidate,
  });
}

export function useDeletePurchasePayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      api.delete<Envelope<PurchaseDetail>>(`${purchasesResource.path}/${id}/payments/${paymentId}`),
    onSuccess: invalidate,
  });
}

export function useCreatePurchaseReturn() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PurchaseReturnInput) => api.post<Envelope<PurchaseReturnDetail>>(purchaseReturnsResource.path, input),
    onSuccess: invalidate,
  });
}

export function useCancelPurchaseReturn() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<Envelope<PurchaseReturnDetail>>(`${purchaseReturnsResource.path}/${id}/cancel`, {}),
    onSuccess: invalidate,
  });
}
