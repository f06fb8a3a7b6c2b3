import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PosCoupon, PosCustomer, PosCustomerInput, PosCustomerList, HeldCartList } from '@posauto/shared/schemas/pos';
import type { DiscountApproval, SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { api, ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { unreachable, withSnapshot } from '../../../lib/till-db';
import { IDEMPOTENCY_HEADER } from '../lib/pending-record';
import { authHeaders, BASE, failure, POS_KEY, unwrap } from './pos-api';

/** The till's calls made from its dialogs and its payment, loaded with them: the first screen stays light. */

/** The customers the server lists first (the search's empty words): kept by the till, as its catalogue (issue #26). */
const CUSTOMERS_SNAPSHOT = 'customers';

/**
 * The customers a search finds. With no connection, the words are looked for in the list the till kept (the first
 * customers the server listed, the last time the dialog opened online): a regular can still be named on a sale made
 * offline. A search the till cannot answer fails as before.
 */
async function findCustomers(q: string): Promise<PosCustomerList> {
  const words = q.trim();
  if (!words) return withSnapshot(CUSTOMERS_SNAPSHOT, () => api.get<PosCustomerList>(`${BASE}/customers`, { q }));
  try {
    return await api.get<PosCustomerList>(`${BASE}/customers`, { q });
  } catch (e) {
    if (!unreachable(e)) throw e;
    const kept = await withSnapshot<PosCustomerList>(CUSTOMERS_SNAPSHOT, () => Promise.reject(e));
    const needle = words.toLowerCase();
    return {
      data: kept.data.filter((c) => [c.name, c.phone, c.member_id].some((v) => v?.toLowerCase().includes(needle))),
    };
  }
}

export function usePosCustomers(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [POS_KEY, 'customers', q],
    queryFn: () => findCustomers(q),
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
