import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PosCoupon, PosCustomer, PosCustomerInput, PosCustomerList, HeldCartList } from '@posauto/shared/schemas/pos';
import type { DiscountApproval, SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { api, ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER } from '../lib/pending-record';
import { authHeaders, BASE, failure, POS_KEY, unwrap } from './pos-api';

/** The till's calls made from its dialogs and its payment, loaded with them: the first screen stays light. */

export function usePosCustomers(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [POS_KEY, 'customers', q],
    queryFn: () => api.get<PosCustomerList>(`${BASE}/customers`, { q }),
    enabled,
    staleTime: 10_000,
  });
}

export function useAddPosCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PosCustomerInput) => api.post<{ message: string; data: PosCustomer } | PosCustomer>(`${BASE}/customers`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: [POS_KEY, 'customers'] }),
  });
}

export function useHeldCarts(enabled: boolean) {
  return useQuery({ queryKey: [POS_KEY, 'held'], queryFn: () => api.get<HeldCartList>(`${BASE}/held-carts`), enabled });
}

export function checkCoupon(code: string): Promise<PosCoupon> {
  return api.get<PosCoupon | { data: PosCoupon }>(`${BASE}/coupons/${encodeURIComponent(code)}`).then(unwrap);
}

/** A discount above the cashier's limit, approved on the till's screen by a user whose role allows it. */
export function approveDiscount(email: string, password: string): Promise<DiscountApproval> {
  return api.post<DiscountApproval>('/api/v1/sales/discount-approvals', { email, password });
}

/**
 * One attempt at committing a sale. The idempotency key makes a resend safe: the server answers a key it has seen
 * with the first sale. Throws ApiError with status 0 when the network failed or `signal` gave up (resend), or the
 * server's status.
 */
export async function postSale(key: string, body: SaleInput, signal?: AbortSignal): Promise<SaleDetail> {
  let res: Response;
  try {
    res = await fetch('/api/v1/sales', {
      method: 'POST',
      headers: authHeaders({ 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key }),
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!res.ok) throw await failure(res);
  return unwrap((await res.json()) as SaleDetail | { data: SaleDetail });
}
