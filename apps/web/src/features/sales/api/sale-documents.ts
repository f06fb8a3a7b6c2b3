import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@posauto/shared/schemas/common';
import { POS_PRODUCT_LOOKUP, SALE_LOOKUP_PERMISSIONS, type PosProductLookup } from '@posauto/shared/schemas/pos-lookup';
import type { SaleScreenOptions } from '@posauto/shared/schemas/receipts';
import type { GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import {
  IDEMPOTENCY_HEADER,
  type SaleConvertInput,
  type SaleDetail,
  type SaleInput,
  type SalePaymentAdd,
} from '@posauto/shared/schemas/sales';
import { ApiError, api } from '../../../lib/api-client';
import { getUserData, hasPermission, useUserData } from '../../../lib/auth-store';
import { currentLanguage, i18n } from '../../../lib/i18n';

/** The same cache key as the sale lists, so that a new invoice or payment shows there too. */
export const SALES_KEY = 'sales';
export const SALES_PATH = '/api/v1/sales';

type Envelope<T> = { message: string; data: T };

export function useDocument(id: string | null | undefined) {
  return useQuery({
    queryKey: [SALES_KEY, 'item', id],
    queryFn: () => api.get<SaleDetail>(`${SALES_PATH}/${id}`),
    enabled: Boolean(id),
  });
}

/** Branches and payment methods, readable by whoever may see sales (no general-setting permission needed). */
export function useScreenOptions() {
  return useQuery({
    queryKey: [SALES_KEY, 'screen-options'],
    queryFn: () => api.get<SaleScreenOptions>('/api/v1/sale-screen-options'),
    staleTime: 60_000,
  });
}

/** Currency, rate, VAT and the edit_date / edit_cost / inline_discount switches (readable by anyone signed in). */
export function useShopSetting() {
  return useQuery({
    queryKey: ['general_setting'],
    queryFn: () => api.get<GeneralSettingResponse>('/api/v1/general_setting'),
    staleTime: 60_000,
  });
}

export type CustomerChoice = { id: string; name: string; phone: string | null; member_id: string | null };

/**
 * Customers by name, phone or Member ID: through the selling look-up (any permission that creates a document), else
 * the customer list (customer-management). Without either the form sells to the walk-in customer.
 */
export function useCustomerChoices(search: string) {
  const user = useUserData();
  const viaLookup = SALE_LOOKUP_PERMISSIONS.some((p) => hasPermission(user, p));
  const viaList = !viaLookup && hasPermission(user, 'customer-management');
  const query = useQuery({
    queryKey: ['sale-customer-choices', viaLookup ? 'pos' : 'list', search],
    queryFn: async (): Promise<CustomerChoice[]> => {
      if (viaLookup) return (await api.get<{ data: CustomerChoice[] }>('/api/v1/pos/customers', { q: search || undefined })).data;
      return (await api.get<ListResponse<CustomerChoice>>('/api/v1/customers', { search: search || undefined, per_page: '25' })).data;
    },
    enabled: viaLookup || viaList,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { available: viaLookup || viaList, ...query };
}

/** The answer of the product look-up, with the text it answers (a finder shows only the answer to what is typed). */
export type ProductLookupAnswer = PosProductLookup & { q: string };

/**
 * Products for a sale line: every word typed, or an exact SKU or barcode, among the active products sold at the
 * branch (all branches until one is chosen). Open to every selling permission; no product-list needed.
 */
export function useProductLookup(search: string, branchId: string | null) {
  const q = search.trim();
  return useQuery({
    queryKey: ['products', 'sale-lookup', q, branchId],
    queryFn: async (): Promise<ProductLookupAnswer> => ({
      q,
      ...(await api.get<PosProductLookup>('/api/v1/pos/products', {
        q: q || undefined,
        branch_id: branchId ?? undefined,
        per_page: String(POS_PRODUCT_LOOKUP.perPage),
      })),
    }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Anything that moves money or stock: sales and their lines, stock, cash sessions and what customers owe. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [SALES_KEY, 'sale-items', 'stock', 'products', 'cash-sessions', 'sale-customer-choices'].map((key) =>
        qc.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

/**
 * A new document is posted with the form's idempotency key (made once per form, resent unchanged): a double click
 * or a resend after a lost answer saves one document. The server requires it for a POS-retail sale.
 */
async function postDocument(key: string, input: SaleInput): Promise<Envelope<SaleDetail>> {
  const headers: Record<string, string> = {
    'accept-language': currentLanguage(),
    accept: 'application/json',
    'content-type': 'application/json',
    [IDEMPOTENCY_HEADER]: key,
  };
  const token = getUserData()?.access_token;
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(SALES_PATH, { method: 'POST', headers, body: JSON.stringify(input) });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!res.ok) {
    let payload: { message?: string; errors?: Record<string, string> } = {};
    try {
      payload = (await res.json()) as typeof payload;
    } catch {
      /* not JSON: the generic message */
    }
    throw new ApiError(res.status, payload.message ?? i18n.t('errors.internal'), payload.errors);
  }
  return (await res.json()) as Envelope<SaleDetail>;
}

export function useSaveDocument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, key, input }: { id?: string; key: string; input: SaleInput }) =>
      id ? api.put<Envelope<SaleDetail>>(`${SALES_PATH}/${id}`, input) : postDocument(key, input),
    onSuccess: invalidate,
  });
}

export function useConvertQuotation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SaleConvertInput }) =>
      api.post<Envelope<SaleDetail>>(`${SALES_PATH}/${id}/convert`, input),
    onSuccess: invalidate,
  });
}

export function useAddDocumentPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SalePaymentAdd }) =>
      api.post<Envelope<SaleDetail>>(`${SALES_PATH}/${id}/payments`, input),
    onSuccess: invalidate,
  });
}
