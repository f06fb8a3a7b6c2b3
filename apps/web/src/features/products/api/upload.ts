import type { ImportError } from '@posauto/shared/schemas/products';
import { postFile, uploadFailure } from '../../../lib/upload';

export { IMAGE_TYPES, uploadImage } from '../../../lib/upload';
/** The size the media store accepts. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** An import refused as a whole: the per-row, per-column report to show. */
export class ImportRejected extends Error {
  constructor(readonly report: ImportError) {
    super(report.message);
  }
}

/** Imports a whole file or nothing: resolves with the count, or throws ImportRejected with the report. */
export async function importProducts(file: File): Promise<{ message: string; imported: number }> {
  const { status, body } = await postFile('/api/v1/products/import', file);
  if (status >= 200 && status < 300) return body as { message: string; imported: number };
  const report = body as Partial<ImportError> | null;
  if (status === 422 && report && Array.isArray(report.rows) && report.rows.length > 0) throw new ImportRejected(report as ImportError);
  throw uploadFailure(status, body);
}
