import { useQuery } from '@tanstack/react-query';
import type { Unit } from '@posauto/shared/schemas/catalogue-settings';
import type { ListResponse } from '@posauto/shared/schemas/common';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';

export const brandsResource = defineResource('brands', '/api/v1/brands');
export const unitsResource = defineResource('units', '/api/v1/units');
export const suppliersResource = defineResource('suppliers', '/api/v1/suppliers');
export const paymentMethodsResource = defineResource('payment-methods', '/api/v1/payment-methods');

/** Every unit of the shop as a base-unit choice (a shop has a handful; the select is searchable anyway). */
export function useUnitOptions() {
  return useQuery({
    queryKey: [unitsResource.key, 'options'],
    queryFn: () => api.get<ListResponse<Unit>>(unitsResource.path, { per_page: 'all', sort: 'name' }),
    select: (r) => r.data,
  });
}
