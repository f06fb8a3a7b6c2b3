import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneralSetting, GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { IMAGE_TYPES, uploadImage } from '../../../lib/upload';

/** What the logo field accepts before uploading (the server checks the bytes again and resizes). */
export const LOGO_TYPES = IMAGE_TYPES;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Uploads a new logo (or removes it with null) and refreshes the settings everyone reads. */
export function useSaveLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      const key = file ? (await uploadImage(file, 'logo')).key : null;
      return api.put<{ message: string; data: GeneralSetting }>('/api/v1/general_setting/logo', { key });
    },
    onSuccess: (res) => qc.setQueryData<GeneralSettingResponse>(['general_setting'], { setting: res.data }),
  });
}
