import { invalid } from '../../http/errors';

export const MAX_LOGO_BYTES = 1024 * 1024;

export interface Logo {
  bytes: Buffer;
  ext: 'png' | 'jpg' | 'webp';
}

const MIME_EXT = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** The image type from the file's first bytes: what the file is, whatever its data: URL claims. */
function sniff(b: Buffer): Logo['ext'] | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A data: URL holding a PNG, JPEG or WebP of at most 1 MB, checked by its magic bytes; otherwise 400 on `logo`. */
export function decodeLogo(dataUrl: string): Logo {
  const m = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl.trim());
  if (!m) throw invalid({ logo: 'validation.logo_invalid' });
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length > MAX_LOGO_BYTES) throw invalid({ logo: 'validation.logo_too_large' });
  const ext = sniff(bytes);
  if (!ext || ext !== MIME_EXT[m[1] as keyof typeof MIME_EXT]) throw invalid({ logo: 'validation.logo_invalid' });
  return { bytes, ext };
}
