import type { ImportError, UploadedImage } from '@posauto/shared/schemas/products';
import { ApiError } from '../../../lib/api-client';
import { getUserData } from '../../../lib/auth-store';
import { currentLanguage, i18n } from '../../../lib/i18n';

/** The image types and size the server accepts (it checks again, and resizes). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** An import refused as a whole: the per-row, per-column report to show. */
export class ImportRejected extends Error {
  constructor(readonly report: ImportError) {
    super(report.message);
  }
}

/** POSTs one file as multipart field `file` (the JSON client cannot), with the session's token and language. */
async function sendFile(path: string, file: File): Promise<{ status: number; body: unknown }> {
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
    /* not JSON: a generic message below */
  }
  return { status: res.status, body: json };
}

function failure(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { message?: string; errors?: Record<string, string> };
  return new ApiError(status, b.message ?? i18n.t('errors.internal'), b.errors);
}

export async function uploadImage(file: File): Promise<UploadedImage> {
  const { status, body } = await sendFile('/api/v1/media/images', file);
  if (status >= 200 && status < 300) return body as UploadedImage;
  throw failure(status, body);
}

/** Imports a whole file or nothing: resolves with the count, or throws ImportRejected with the report. */
export async function importProducts(file: File): Promise<{ message: string; imported: number }> {
  const { status, body } = await sendFile('/api/v1/products/import', file);
  if (status >= 200 && status < 300) return body as { message: string; imported: number };
  const report = body as Partial<ImportError> | null;
  if (status === 422 && report && Array.isArray(report.rows) && report.rows.length > 0) throw new ImportRejected(report as ImportError);
  throw failure(status, body);
}
