import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { UploadedImage } from '@posauto/shared/schemas/products';
import type { Config } from '../../config/config';
import { AppError, unprocessable } from '../../http/errors';
import { MEDIA_KEY, mediaStore } from './media.store';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Fits any product card, menu tile or logo on a phone or a receipt; larger images only cost bandwidth. */
export const IMAGE_BOX = 800;
/** Refuses decompression bombs: a 5 MB file may not unpack into more pixels than this. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED = new Set(['png', 'jpeg', 'webp']);

type MediaDeps = { config: Pick<Config, 'media'> };

export const imageTooLarge = () => new AppError(413, 'errors.image_too_large', { file: 'errors.image_too_large' });
export const notAnImage = () => unprocessable('errors.image_type', 'file');

/**
 * The upload as it is stored: its real type read from the bytes (the file name and the declared type are not
 * trusted), turned upright by its EXIF orientation, shrunk to fit 800x800 (never enlarged), re-encoded as WebP.
 * Re-encoding also drops whatever metadata (GPS position, camera) the original carried.
 */
export async function normaliseImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED.has(format)) throw notAnImage();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(IMAGE_BOX, IMAGE_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that reads as an image with a body that does not decode (truncated, corrupt, too many pixels).
    throw notAnImage();
  }
}

/** Checks, resizes and stores an image of one shop; answers its key (kept on the product or logo) and its URL. */
export async function storeImage(deps: MediaDeps, businessId: string, bytes: Buffer): Promise<UploadedImage> {
  const webp = await normaliseImage(bytes);
  const key = `${businessId}/${randomBytes(16).toString('hex')}.webp`;
  const store = mediaStore(deps.config);
  await store.put(key, webp, 'image/webp');
  return { key, url: store.url(key) };
}

/** Where the browser loads a stored image from; null for no image. */
export function mediaUrl(deps: MediaDeps, key: string | null | undefined): string | null {
  return key ? mediaStore(deps.config).url(key) : null;
}

/** True when `key` is an image key of this shop (so a product cannot point at another shop's file). */
export function isOwnImageKey(businessId: string, key: string): boolean {
  const m = MEDIA_KEY.exec(key);
  return m !== null && m[1] === businessId;
}

/** Removes an image no longer used; best effort (a leftover file costs only disk), never throws. */
export async function deleteImage(
  deps: MediaDeps,
  key: string | null | undefined,
  log?: { warn: (o: object, m: string) => void },
): Promise<void> {
  if (!key || !MEDIA_KEY.test(key)) return;
  try {
    await mediaStore(deps.config).remove(key);
  } catch (err) {
    log?.warn({ err, key }, 'could not delete an image');
  }
}
