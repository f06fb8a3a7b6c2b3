import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Unit } from '@posauto/shared/schemas/catalogue-settings';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { Variation } from '@posauto/shared/schemas/setting-lists';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';

/** The setting lists that describe products: brands, units, variations and their values. */
export const brandsResource = defineResource('brands', '/api/v1/brands');
export const unitsResource = defineResource('units', '/api/v1/units');
export const variationsResource = defineResource('variations', '/api/v1/variations');
export const variationValuesResource = defineResource('variation-values', '/api/v1/variation-values');

/** Every unit of the shop as a base-unit choice (a shop has a handful; the select is searchable anyway). */
export function useUnitOptions() {
  return useQuery({
    queryKey: [unitsResource.key, 'options'],
    queryFn: () => api.get<ListResponse<Unit>>(unitsResource.path, { per_page: 'all', sort: 'name' }),
    select: (r) => r.data,
  });
}

/** Every variation of the shop, for the value form and the list filter (a shop has a handful). */
export function useVariationChoices() {
  return useQuery({
    queryKey: [variationsResource.key, 'choices'],
    queryFn: () => api.get<ListResponse<Variation>>(variationsResource.path, { per_page: 'all', sort: 'name' }),
    select: (r) => r.data,
  });
}

/** Values show inside the variations list: leaving the values screen marks what that list showed as stale. */
export function useRefreshVariationsOnLeave() {
  const qc = useQueryClient();
  useEffect(() => () => void qc.invalidateQueries({ queryKey: [variationsResource.key] }), [qc]);
}
