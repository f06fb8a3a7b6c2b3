import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@posauto/shared/schemas/catalogue-settings';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { CustomerOption, SaleSettings, SaleSettingsInput } from '@posauto/shared/schemas/shop-settings';
import { defineResource } from '../../../components/crud/resource';
import { api } from '../../../lib/api-client';

export const customersResource = defineResource('customers', '/api/v1/customers');
export const paymentMethodsResource = defineResource('payment-methods', '/api/v1/payment-methods');

const SALE_SETTINGS_KEY = ['sale-settings'];

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
    queryKey: [paymentMethodsResource.key, 'options', 'active'],
    queryFn: () => api.get<ListResponse<PaymentMethod>>(paymentMethodsResource.path, { per_page: 'all', status: 'active', sort: 'name' }),
    select: (r) => r.data,
  });
}
