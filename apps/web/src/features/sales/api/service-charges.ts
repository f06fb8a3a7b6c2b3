import { useQuery } from '@tanstack/react-query';
import { isCurrencyCode, type CurrencyCode } from '@posauto/shared/money/index';
import type { GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { defineResource } from '../../../components/crud/resource';

export const serviceChargesResource = defineResource('service-charges', '/api/v1/service-charges');

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
