import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Choice } from './lines';

interface ProductVariants {
  variants: Array<{ id: string; name: string; sku_code: string; status: boolean }>;
}

/**
 * The active variants of a product, as choices ("Large · LAT-L"), for a line of a stock or purchase document. Read
 * from the product's own detail (the cache entry the forms already share); no product: none, and nothing is asked.
 */
export function useVariantOptions(productId: string | null): Choice[] {
  const q = useQuery({
    queryKey: ['products', 'item', productId],
    queryFn: () => api.get<ProductVariants>(`/api/v1/products/${productId}`),
    enabled: Boolean(productId),
    staleTime: 60_000,
  });
  return (q.data?.variants ?? []).filter((v) => v.status).map((v) => ({ value: v.id, label: `${v.name} · ${v.sku_code}` }));
}
