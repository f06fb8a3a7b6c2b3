import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HeldCart,
  HeldCartInput,
  HeldCartList,
  Khqr,
  KhqrInput,
  PosCatalogue,
  PosCoupon,
  PosCustomer,
  PosCustomerInput,
  PosCustomerList,
} from '@posauto/shared/schemas/pos';
import type { DiscountApproval, SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { api, ApiError } from '../../../lib/api-client';
import { getUserData } from '../../../lib/auth-store';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER } from '../lib/pending-sale';

const BASE = '/api/v1/pos';
export const POS_KEY = 'pos';

function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { 'accept-language': currentLanguage(), accept: 'application/json', ...extra };
  const token = getUserData()?.access_token;
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

async function failure(res: Response): Promise<ApiError> {
  let payload: { message?: string; errors?: Record<string, string> } = {};
  try {
    payload = (await res.json()) as typeof payload;
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, payload.message ?? i18n.t('errors.internal'), payload.errors);
}

/**
 * The catalogue, fetched once and then checked in the background: the server answers 304 (nothing to send) while
 * its version is unchanged, and the till keeps the catalogue it has.
 */
async function fetchCatalogue(branchId: string | null, previous: PosCatalogue | undefined): Promise<PosCatalogue> {
  const url = branchId ? `${BASE}/catalogue?branch_id=${encodeURIComponent(branchId)}` : `${BASE}/catalogue`;
  const headers = authHeaders(previous ? { 'if-none-match': `"${previous.version}"` } : {});
  let res: Response;
  try {
    res = await fetch(url, { headers, cache: 'no-store' });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (res.status === 304 && previous) return previous;
  if (!res.ok) throw await failure(res);
  return (await res.json()) as PosCatalogue;
}

export function usePosCatalogue(branchId: string | null) {
  const qc = useQueryClient();
  const key = [POS_KEY, 'catalogue', branchId];
  return useQuery({
    queryKey: key,
    queryFn: () => fetchCatalogue(branchId, qc.getQueryData<PosCatalogue>(key)),
    staleTime: 60_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    // The same object back on 304: nothing re-renders and the indexes are not rebuilt.
    structuralSharing: false,
  });
}

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

export function useHoldCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: HeldCartInput) => api.post<HeldCart | { data: HeldCart }>(`${BASE}/held-carts`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: [POS_KEY, 'held'] }),
  });
}

/** Resuming takes the cart off hold (DELETE answers it). */
export function useResumeCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<HeldCart | { data: HeldCart }>(`${BASE}/held-carts/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [POS_KEY, 'held'] }),
  });
}

export function checkCoupon(code: string): Promise<PosCoupon> {
  return api.get<PosCoupon | { data: PosCoupon }>(`${BASE}/coupons/${encodeURIComponent(code)}`).then(unwrap);
}

export function makeKhqr(input: KhqrInput): Promise<Khqr> {
  return api.post<Khqr | { data: Khqr }>(`${BASE}/khqr`, input).then(unwrap);
}

/** A discount above the cashier's limit, approved on the till's screen by a user whose role allows it. */
export function approveDiscount(email: string, password: string): Promise<DiscountApproval> {
  return api.post<DiscountApproval>('/api/v1/sales/discount-approvals', { email, password });
}

/** Answers come bare or in the usual { message, data } envelope. */
export function unwrap<T>(body: T | { data: T }): T {
  return body && typeof body === 'object' && 'data' in body && !Array.isArray((body as { data: unknown }).data)
    ? (body as { data: T }).data
    : (body as T);
}

/**
 * One attempt at committing a sale. The idempotency key makes a resend safe: the server answers a key it has seen
 * with the first sale. Throws ApiError with status 0 when the network failed (resend), or the server's status.
 */
export async function postSale(key: string, body: SaleInput): Promise<SaleDetail> {
  let res: Response;
  try {
    res = await fetch('/api/v1/sales', {
      method: 'POST',
      headers: authHeaders({ 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key }),
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!res.ok) throw await failure(res);
  return unwrap((await res.json()) as SaleDetail | { data: SaleDetail });
}
