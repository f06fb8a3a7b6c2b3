import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentCashSession } from '@posauto/shared/schemas/cash-sessions';
import type { ListResponse } from '@posauto/shared/schemas/common';
import { SALE_LOOKUP_PERMISSIONS } from '@posauto/shared/schemas/pos-lookup';
import type { SaleScreenOptions } from '@posauto/shared/schemas/receipts';
import type {
  Sale,
  SaleDetail,
  SaleItem,
  SalePaymentAdd,
  SaleReturn,
  SaleReturnDetail,
  SaleReturnInput,
  SaleReturnPreview,
} from '@posauto/shared/schemas/sales';
import { api, type QueryParams } from '../../../lib/api-client';
import { hasPermission, useUserData } from '../../../lib/auth-store';

export const SALES_KEY = 'sales';
export const SALE_RETURNS_KEY = 'sale-returns';
export const SALE_ITEMS_KEY = 'sale-items';
export const SALES_PATH = '/api/v1/sales';
export const SALE_RETURNS_PATH = '/api/v1/sale-returns';
export const SALE_ITEMS_PATH = '/api/v1/sale-items';

type Envelope<T> = { message: string; data: T };

export function useSaleList(query: QueryParams) {
  return useQuery({
    queryKey: [SALES_KEY, 'list', query],
    queryFn: () => api.get<ListResponse<Sale>>(SALES_PATH, query),
    placeholderData: keepPreviousData,
  });
}

export function useSale(id: string | null | undefined) {
  return useQuery({
    queryKey: [SALES_KEY, 'item', id],
    queryFn: () => api.get<SaleDetail>(`${SALES_PATH}/${id}`),
    enabled: Boolean(id),
  });
}

export function useSaleItems(query: QueryParams) {
  return useQuery({
    queryKey: [SALE_ITEMS_KEY, 'list', query],
    queryFn: () => api.get<ListResponse<SaleItem>>(SALE_ITEMS_PATH, query),
    placeholderData: keepPreviousData,
  });
}

export function useSaleReturnList(query: QueryParams) {
  return useQuery({
    queryKey: [SALE_RETURNS_KEY, 'list', query],
    queryFn: () => api.get<ListResponse<SaleReturn>>(SALE_RETURNS_PATH, query),
    placeholderData: keepPreviousData,
  });
}

export function useSaleReturn(id: string | null) {
  return useQuery({
    queryKey: [SALE_RETURNS_KEY, 'item', id],
    queryFn: () => api.get<SaleReturnDetail>(`${SALE_RETURNS_PATH}/${id}`),
    enabled: Boolean(id),
  });
}

/** Branches, staff who recorded sales and payment methods, readable by anyone who may see sales. */
export function useSaleScreenOptions() {
  return useQuery({
    queryKey: [SALES_KEY, 'screen-options'],
    queryFn: () => api.get<SaleScreenOptions>('/api/v1/sale-screen-options'),
    staleTime: 60_000,
  });
}

/** Sales to return goods from: completed sales matching an invoice number (the newest fifty). */
export function useReturnableSales(search: string) {
  const query = { document: 'sale', sale_status: 'completed', search: search || undefined, per_page: '50', sort: 'sold_at', order: 'desc' };
  return useQuery({
    queryKey: [SALES_KEY, 'list', query],
    queryFn: () => api.get<ListResponse<Sale>>(SALES_PATH, query),
    placeholderData: keepPreviousData,
  });
}

type CustomerChoice = { id: string; name: string; phone: string | null; member_id: string | null };

/**
 * Customers matching a name, phone or Member ID for the customer filter: through the sale lookup (any selling permission) or
 * the customer list (customer-management), whichever the user holds; none otherwise (the filter then hides).
 */
export function useCustomerChoices(search: string) {
  const user = useUserData();
  const viaPos = SALE_LOOKUP_PERMISSIONS.some((p) => hasPermission(user, p));
  const viaList = !viaPos && hasPermission(user, 'customer-management');
  const query = useQuery({
    queryKey: ['sale-customer-choices', viaPos ? 'pos' : 'list', search],
    queryFn: async (): Promise<CustomerChoice[]> => {
      if (viaPos) return (await api.get<{ data: CustomerChoice[] }>('/api/v1/pos/customers', { q: search || undefined })).data;
      return (await api.get<ListResponse<CustomerChoice>>('/api/v1/customers', { search: search || undefined, per_page: '25' })).data;
    },
    enabled: viaPos || viaList,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { available: viaPos || viaList, ...query };
}

/** Anything that moves money or stock: sales, their lines and returns, stock, cash sessions and customers. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [SALES_KEY, SALE_RETURNS_KEY, SALE_ITEMS_KEY, 'stock', 'products', 'cash-sessions', 'sale-customer-choices'].map((key) =>
        qc.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

export function useAddSalePayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SalePaymentAdd }) =>
      api.post<Envelope<SaleDetail>>(`${SALES_PATH}/${id}/payments`, input),
    onSuccess: invalidate,
  });
}

export function useVoidSale() {
  const invalidate = useInvalidate();
  return useMutation({
    // refund_currency: the drawer lacks the currency the cash came in, so it is paid back in the other one.
    mutationFn: ({ id, refund_currency }: { id: string; refund_currency?: 'USD' | 'KHR' }) =>
      api.post<Envelope<SaleDetail>>(`${SALES_PATH}/${id}/void`, refund_currency ? { refund_currency } : {}),
    onSuccess: invalidate,
  });
}

export function useCreateSaleReturn() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: SaleReturnInput) => api.post<Envelope<SaleReturnDetail>>(SALE_RETURNS_PATH, input),
    onSuccess: invalidate,
  });
}

/**
 * What a return would take back and refund, reckoned by the server as the return itself is (nothing saved), asked
 * again as the form changes; null input: nothing to ask yet.
 */
export function useSaleReturnPreview(input: SaleReturnInput | null) {
  return useQuery({
    queryKey: [SALE_RETURNS_KEY, 'preview', input],
    queryFn: () => api.post<SaleReturnPreview>(`${SALE_RETURNS_PATH}/preview`, input),
    enabled: Boolean(input),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The caller's open cash session, if any (a cash refund comes out of it). */
export function useCurrentCashSession(enabled: boolean) {
  return useQuery({
    queryKey: ['cash-sessions', 'current'],
    queryFn: () => api.get<CurrentCashSession>('/api/v1/cash-sessions/current'),
    enabled,
    retry: false,
  });
}
