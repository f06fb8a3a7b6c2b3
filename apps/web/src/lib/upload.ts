import type { UploadedImage } from '@posauto/shared/schemas/products';
import { ApiError } from './api-client';
import { getUserData } from './auth-store';
import { currentLanguage, i18n } from './i18n';

/** The image types the media store takes (it checks the bytes again, and resizes). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** POSTs one file as multipart field `file` (the JSON client cannot), with the session's token and language. */
export async function postFile(path: string, file: File): Promise<{ status: number; body: unknown }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  const token = getUserData()?.access_token;
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', headers, body });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    /* not JSON: a generic message from the caller */
  }
  return { status: res.status, body: json };
}

/** The server's refusal as an ApiError (message and field errors), or a generic one. */
export function uploadFailure(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { message?: string; errors?: Record<string, string> };
  return new ApiError(status, b.message ?? i18n.t('errors.internal'), b.errors);
}

/**
 * Stores an image in the media store for one purpose (a product image or the shop logo: only a record of that
 * kind can take it): its key (to save on the record) and its URL.
 */
export async function uploadImage(file: File, purpose: 'product' | 'logo' | 'purchase' = 'product'): Promise<UploadedImage> {
  const { status, body } = await postFile(`/api/v1/media/images?purpose=${purpose}`, file);
  if (status >= 200 && status < 300 && (body as Partial<UploadedImage> | null)?.key) return body as UploadedImage;
  throw uploadFailure(status, body);
}
