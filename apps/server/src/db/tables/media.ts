/**
 * Table types of the media uploads (0012-media-uploads.ts). Every image POST /api/v1/media/images stores is
 * recorded with what it was uploaded for; a record (a product, the shop's logo) may take it only for that purpose
 * and only once (claimed_at set in the same transaction as the record's save). Uploads never claimed are swept.
 */
export type MediaPurpose = 'product' | 'logo' | 'purchase';

export interface MediaUploadsTable {
  business_id: string;
  /** The media store's key, `<business_id>/<32 hex>.webp`. */
  key: string;
  purpose: MediaPurpose;
  created_at: string;
  /** When a record took it; null while it waits (swept a day after created_at). */
  claimed_at: string | null;
}

export interface MediaTables {
  media_uploads: MediaUploadsTable;
}
