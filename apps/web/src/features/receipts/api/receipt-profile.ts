import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleDetail, SaleReturnDetail } from '@posauto/shared/schemas/sales';
import { api } from '../../../lib/api-client';

export const RECEIPT_PROFILE_KEY = ['receipt-profile'] as const;
const PROFILE_PATH = '/api/v1/receipt-profile';
/** The shop's name, logo and footer change rarely; a till prints hundreds of receipts a day with one read. */
const PROFILE_STALE_MS = 5 * 60_000;

export function useReceiptProfile(enabled = true) {
  return useQuery({
    queryKey: RECEIPT_PROFILE_KEY,
    queryFn: () => api.get<ReceiptProfile>(PROFILE_PATH),
    staleTime: PROFILE_STALE_MS,
    enabled,
  });
}

export function fetchReceiptProfile(qc: QueryClient): Promise<ReceiptProfile> {
  return qc.fetchQuery({
    queryKey: RECEIPT_PROFILE_KEY,
    queryFn: () => api.get<ReceiptProfile>(PROFILE_PATH),
    staleTime: PROFILE_STALE_MS,
  });
}

/** A sale to print: read as it is, or (a reprint) through the audited reprint route, which answers the same detail. */
export async function fetchSaleForPrint(saleId: string, reprint: boolean): Promise<SaleDetail> {
  const path = `/api/v1/sales/${encodeURIComponent(saleId)}`;
  if (!reprint) return api.get<SaleDetail>(path);
  const answer = await api.post<SaleDetail | { data: SaleDetail }>(`${path}/reprint`, {});
  return 'data' in answer && answer.data && typeof answer.data === 'object' ? answer.data : (answer as SaleDetail);
}

/** A return to print: read as it is, or (a reprint) through its audited reprint route, which answers the same detail. */
export function fetchReturnForPrint(returnId: string, reprint: boolean): Promise<SaleReturnDetail> {
  const path = `/api/v1/sale-returns/${encodeURIComponent(returnId)}`;
  return reprint ? api.post<SaleReturnDetail>(`${path}/reprint`, {}) : api.get<SaleReturnDetail>(path);
}
