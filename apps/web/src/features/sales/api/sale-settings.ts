import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@posauto/shared/schemas/catalogue-settings';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { GeneralSetting, GeneralSettingInput, GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import type { CustomerOption, SaleSettings, SaleSettingsInput } from '@posauto/shared/schemas/shop-settings';
import { defineResource } from '../../../components/crud/resource';
import { api } from '../../../lib/api-client';

export const warehousesResource = defineResource('warehouses', '/api/v1/warehouses');
export const customersResource = defineResource('customers', '/api/v1/customers');

/** The same cache entry the shell reads (currency, exchange rate, branch), so a save shows everywhere at once. */
const GENERAL_SETTING_KEY = ['general_setting'];
const SALE_SETTINGS_KEY = ['sale-settings'];

export function useGeneralSetting() {
  return useQuery({
    queryKey: GENERAL_SETTING_KEY,
    queryFn: () => api.get<GeneralSettingResponse>('/api/v1/general_setting'),
    select: (r) => r.setting,
  });
}

export function useSaveGeneralSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneralSettingInput) => api.put<{ message: string; data: GeneralSetting }>('/api/v1/general_setting', input),
    onSuccess: (res) => {
      qc.setQueryData<GeneralSettingResponse>(GENERAL_SETTING_KEY, { setting: res.data });
      void qc.invalidateQueries({ queryKey: [warehousesResource.key] });
    },
  });
}

export function useSaleSettings() {
  return useQuery({ queryKey: SALE_SETTINGS_KEY, queryFn: () => api.get<SaleSettings>('/api/v1/sale-settings') });
}

export function useSaveSaleSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaleSettingsInput) => api.put<{ message: string; data: SaleSettings }>('/api/v1/sale-settings', input),
    onSuccess: (res) => qc.setQueryData(SALE_SETTINGS_KEY, res.data),
  });
}

/** Up to 20 active customers matching the text typed in the default customer select. */
export function useCustomerOptions(search: string) {
  return useQuery({
    queryKey: [customersResource.key, 'options', search],
    queryFn: () => api.get<CustomerOption[]>('/api/v1/sale-settings/customer-options', { search }),
    placeholderData: keepPreviousData,
  });
}

/** The shop's active payment methods (a handful). */
export function usePaymentMethodOptions() {
  return useQuery({
    queryKey: ['payment-methods', 'options', 'active'],
    queryFn: () => api.get<ListResponse<PaymentMethod>>('/api/v1/payment-methods', { per_page: 'all', status: 'active', sort: 'name' }),
    select: (r) => r.data,
  });
}

/** The shop's branches for the default branch select. */
export function useBranchOptions() {
  return useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
  });
}
