import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeneralSetting, GeneralSettingInput, GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import { api } from '../../../lib/api-client';

/** The same cache entry the shell reads (currency, exchange rate, branch), so a save shows everywhere at once. */
const GENERAL_SETTING_KEY = ['general_setting'];
/** Warehouses are the shop's branches (features/stock); these settings name its default one, so that list is read again. */
const WAREHOUSES_KEY = ['warehouses'];

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
      void qc.invalidateQueries({ queryKey: WAREHOUSES_KEY });
    },
  });
}

/** The shop's branches for the default branch select. */
export function useBranchOptions() {
  return useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
  });
}
