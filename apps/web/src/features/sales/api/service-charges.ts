import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isCurrencyCode, type CurrencyCode } from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import type { Variation } from '@posauto/shared/schemas/setting-lists';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';

export const variationsResource = defineResource('variations', '/api/v1/variations');
export const variationValuesResource = defineResource('variation-values', '/api/v1/variation-values');
export const serviceChargesResource = defineResource('service-charges', '/api/v1/service-charges');
export const adjustmentTypesResource = defineResource('adjustment-types', '/api/v1/adjustment-types');

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

/** The shop currency: a fixed service charge is an amount in it. */
export function useShopCurrency(): CurrencyCode {
  const q = useQuery({
    queryKey: ['general_setting'],
    queryFn: () => api.get<GeneralSettingResponse>('/api/v1/general_setting'),
    staleTime: 5 * 60_000,
  });
  const currency = q.data?.setting.currency;
  return isCurrencyCode(currency) ? currency : 'USD';
}
