import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneralSetting, GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import { api, ApiError } from '../../../lib/api-client';
import { getUserData } from '../../../lib/auth-store';
import { currentLanguage, i18n } from '../../../lib/i18n';

/** What the logo field accepts before uploading (the server checks the bytes again and resizes). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** POSTs the file as multipart field `file` to the media store (the JSON client cannot), answering its key. */
async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  const token = getUserData()?.access_token;
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch('/api/v1/media/images', { method: 'POST', headers, body });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  const json = (await res.json().catch(() => ({}))) as { key?: string; message?: string; errors?: Record<string, string> };
  if (!res.ok || !json.key) throw new ApiError(res.status, json.message ?? i18n.t('errors.internal'), json.errors);
  return json.key;
}

/** Uploads a new logo (or removes it with null) and refreshes the settings everyone reads. */
export function useSaveLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      const key = file ? await uploadImage(file) : null;
      return api.put<{ message: string; data: GeneralSetting }>('/api/v1/general_setting/logo', { key });
    },
    onSuccess: (res) => qc.setQueryData<GeneralSettingResponse>(['general_setting'], { setting: res.data }),
  });
}
