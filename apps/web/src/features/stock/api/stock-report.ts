import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { StockLevel } from '@posauto/shared/schemas/stock';
import type { StockExpiryResponse } from '@posauto/shared/schemas/stock-report';
import { api, type QueryParams } from '../../../lib/api-client';
import { stockLevelsResource } from './stock';

/** Keys start with the stock levels' key, so posting a stock document (which reads stock again) refreshes them too. */
const key = stockLevelsResource.key;

/** Expiry batches: expiring within N days, expired, or both. */
export function useStockExpiry(params: QueryParams) {
  return useQuery({
    queryKey: [key, 'expiry', params],
    queryFn: () => api.get<StockExpiryResponse>('/api/v1/stock-expiry', params),
    placeholderData: keepPreviousData,
  });
}

/** Which branches hold one item, per variant: the stock levels of that product, every row. */
export function useItemStock(productId: string | undefined) {
  return useQuery({
    queryKey: [key, 'list', { product_id: productId, per_page: 'all' }],
    queryFn: () => api.get<ListResponse<StockLevel>>(stockLevelsResource.path, { product_id: productId, per_page: 'all' }),
    enabled: Boolean(productId),
  });
}

/** The branches the caller may filter by (a branch user: its own), open to every signed-in user. */
export function useBranchChoices() {
  return useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
    staleTime: 60_000,
  });
}
