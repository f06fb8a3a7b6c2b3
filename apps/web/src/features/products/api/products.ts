import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { Product, ProductDetail, ProductInput, Variant } from '@posauto/shared/schemas/products';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';

export const productsResource = defineResource('products', '/api/v1/products');

export const PRODUCT_PATHS = {
  list: '/product-listing',
  create: '/product-listing/create-product',
  edit: (id: string) => `/product-listing/edit-product/${id}`,
  editVariants: (id: string) => `/product-listing/edit-product/edit/${id}`,
  labels: (ids: readonly string[]) => `/product-listing/print-barcode${ids.length ? `?ids=${ids.join(',')}` : ''}`,
} as const;

type Envelope<T> = { message: string; data: T };

export function useProductDetail(id: string | undefined) {
  return useQuery({
    queryKey: [productsResource.key, 'item', id],
    queryFn: () => api.get<ProductDetail>(`${productsResource.path}/${id}`),
    enabled: Boolean(id),
  });
}

/** Several products with their variants (the label page is opened with the ids ticked in the list). */
export function useProductDetails(ids: readonly string[]) {
  return useQuery({
    queryKey: [productsResource.key, 'items', ids],
    queryFn: () => Promise.all(ids.map((id) => api.get<ProductDetail>(`${productsResource.path}/${id}`))),
    enabled: ids.length > 0,
  });
}

export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ProductInput }) =>
      id
        ? api.put<Envelope<ProductDetail>>(`${productsResource.path}/${id}`, input)
        : api.post<Envelope<ProductDetail>>(productsResource.path, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: [productsResource.key] }),
  });
}

/** Ten products matching a name fragment, an exact SKU or an exact barcode: the pickers of combos and labels. */
export function useProductSearch(search: string, enabled = true) {
  const text = search.trim();
  return useQuery({
    queryKey: [productsResource.key, 'search', text],
    queryFn: () =>
      api.get<ListResponse<Product>>(productsResource.path, {
        per_page: 10,
        search: text || undefined,
        status: 'active',
        sort: 'product_name',
      }),
    enabled,
    staleTime: 10_000,
    select: (r) => r.data,
  });
}

/** A fresh in-store EAN-13 that no product or variant of the shop uses yet. */
export function generateBarcode(): Promise<string> {
  return api.post<{ barcode: string }>(`${productsResource.path}/barcode`).then((r) => r.barcode);
}

/** The product (and variant) whose SKU or barcode is exactly `code`. */
export function lookupProduct(code: string): Promise<{ product: Product; variant: Variant | null }> {
  return api.get(`${productsResource.path}/lookup`, { code });
}
