import { useQuery } from '@tanstack/react-query';
import type { Brand, Unit } from '@posauto/shared/schemas/catalogue-settings';
import type { Category } from '@posauto/shared/schemas/categories';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import { api } from '../../../lib/api-client';

/**
 * The choices of the product form and the list filters. A shop has tens of categories, brands, units,
 * branches and variations (never the whole catalogue), so each is fetched once with per_page=all.
 */
function useAll<T>(key: string, path: string, params: Record<string, string> = {}, enabled = true) {
  return useQuery({
    queryKey: [key, 'options', params],
    queryFn: () => api.get<ListResponse<T>>(path, { per_page: 'all', sort: 'name', ...params }),
    select: (r) => r.data,
    staleTime: 60_000,
    enabled,
  });
}

export interface Warehouse {
  id: string;
  name: string;
  status: boolean;
}
export interface VariationOption {
  id: string;
  name: string;
  status: boolean;
}
export interface VariationValueOption {
  id: string;
  variation_id: string;
  name: string;
  sort_order: number;
  status: boolean;
}

export const useCategoryOptions = () => useAll<Category>('categories', '/api/v1/categories');
export const useBrandOptions = () => useAll<Brand>('brands', '/api/v1/brands');
export const useUnitOptions = () => useAll<Unit>('units', '/api/v1/units');
/** Asked only of a user who may read the branches (branch-management): a one-shop package has none to choose. */
export const useWarehouseOptions = (enabled: boolean) => useAll<Warehouse>('warehouses', '/api/v1/warehouses', {}, enabled);
export const useVariationOptions = () => useAll<VariationOption>('variations', '/api/v1/variations');
export const useVariationValueOptions = () =>
  useAll<VariationValueOption>('variation-values', '/api/v1/variation-values', { sort: 'sort_order' });

export function useGeneralSetting() {
  return useQuery({
    queryKey: ['general_setting'],
    queryFn: () => api.get<GeneralSettingResponse>('/api/v1/general_setting'),
    staleTime: 5 * 60_000,
  });
}
