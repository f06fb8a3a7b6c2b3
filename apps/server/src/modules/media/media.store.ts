import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MediaConfig } from '../../config/config';
import { encodeS3Path, sha256Hex, signS3 } from './sigv4';

/** Where images live. Keys are `<businessId>/<32 hex>.webp`: per shop, random, never reused. */
export interface MediaStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  url(key: string): string;
}

/** A stored key: a shop id, a slash, 128 random bits in hex, .webp. Nothing else may reach a path or a URL. */
export const MEDIA_KEY = /^([0-9a-f-]{36})\/[0-9a-f]{32}\.webp$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Public path of locally stored images. */
export const LOCAL_PREFIX = '/media/';

export function localStore(dir: string): MediaStore {
  const file = (key: string) => {
    if (!MEDIA_KEY.test(key)) throw new RangeError(`not a media key: ${key}`);
    return join(dir, key);
  };
  return {
    async put(key, bytes) {
      const path = file(key);
      await mkdir(dirname(path), { recursive: true });
      // 'wx': a key is written once; a clash (never expected with 128 random bits) fails instead of overwriting.
      await writeFile(path, bytes, { flag: 'wx', mode: 0o644 });
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
    url: (key) => `${LOCAL_PREFIX}${key}`,
  };
}

type S3Config = Extract<MediaConfig, { kind: 's3' }>;

/** An S3-compatible bucket, path-style requests signed with SigV4. `fetcher` and `clock` are injectable for tests. */
export function s3Store(cfg: S3Config, fetcher: typeof fetch = fetch, now: () => Date = () => new Date()): MediaStore {
  const endpoint = new URL(cfg.endpoint);
  async function send(method: 'PUT' | 'DELETE', key: string, body?: Buffer, headers: Record<string, string> = {}) {
    if (!MEDIA_KEY.test(key)) throw new RangeError(`not a media key: ${key}`);
    const basePath = endpoint.pathname.replace(/\/+$/, '');
    const path = `${basePath}${encodeS3Path(cfg.bucket, key)}`;
    const signed = signS3({
      method,
      host: endpoint.host,
      path,
      headers,
      payloadHash: sha256Hex(body ?? ''),
      region: cfg.region,
      accessKeyId: cfg.accessKeyId,
      secretAccessKey: cfg.secretAccessKey,
      now: now(),
    });
    const res = await fetcher(`${endpoint.origin}${path}`, {
      method,
      headers: signed.headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`S3 ${method} ${key} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    }
  }
  return {
    put: (key, bytes, contentType) => send('PUT', key, bytes, { 'content-type': contentType, 'cache-control': IMMUTABLE }),
    remove: (key) => send('DELETE', key),
    url: (key) => `${cfg.publicUrl}/${key}`,
  };
}

const stores = new WeakMap<MediaConfig, MediaStore>();

/** The store the configuration names (one per configuration object). */
export function mediaStore(config: { media: MediaConfig }): MediaStore {
  let store = stores.get(config.media);
  if (!store) {
    store = config.media.kind === 's3' ? s3Store(config.media) : localStore(config.media.dir);
    stores.set(config.media, store);
  }
  return store;
}
