import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';
import { s3Store } from './media.store';
import { sha256Hex, signS3 } from './sigv4';

const KEY = '01890a5d-ac96-774b-bcce-b302099a8057/0123456789abcdef0123456789abcdef.webp';
const S3_ENV = {
  S3_ENDPOINT: 'https://s3.example.com:9000/',
  S3_BUCKET: 'posauto-media',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret/EXAMPLE',
};

describe('media configuration', () => {
  it('stores images under DATA_DIR/media unless S3 is configured', () => {
    expect(loadConfig({ DATA_DIR: '/srv/pos' }).media).toEqual({ kind: 'local', dir: '/srv/pos/media' });
  });

  it('reads the S3 settings, with us-east-1 and path-style public URLs by default', () => {
    expect(loadConfig(S3_ENV).media).toEqual({
      kind: 's3',
      endpoint: 'https://s3.example.com:9000',
      bucket: 'posauto-media',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret/EXAMPLE',
      publicUrl: 'https://s3.example.com:9000/posauto-media',
    });
    expect(loadConfig({ ...S3_ENV, S3_REGION: 'auto', S3_PUBLIC_URL: 'https://cdn.example.com/' }).media).toMatchObject({
      region: 'auto',
      publicUrl: 'https://cdn.example.com',
    });
  });

  it('refuses a partial S3 configuration, naming what is missing', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'b1b' })).toThrow(ConfigError);
    try {
      loadConfig({ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'b1b' });
    } catch (e) {
      expect((e as Error).message).toContain('S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID must be set too');
      expect((e as Error).message).toContain('S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY must be set too');
    }
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT must be an http:// or https:// URL');
  });
});

describe('S3-compatible store', () => {
  const config = loadConfig(S3_ENV).media as Extract<ReturnType<typeof loadConfig>['media'], { kind: 's3' }>;
  const now = new Date('2026-11-21T08:00:00Z');

  function recorder(status = 200) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(status === 200 ? '' : '<Error/>', { status });
    }) as unknown as typeof fetch;
    return { calls, fetcher };
  }

  it('PUTs the WebP path-style with a SigV4 signature over the exact bytes, and answers the public URL', async () => {
    const { calls, fetcher } = recorder();
    const store = s3Store(config, fetcher, () => now);
    const bytes = Buffer.from('RIFF....WEBPfake');
    await store.put(KEY, bytes, 'image/webp');
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe(`https://s3.example.com:9000/posauto-media/${KEY}`);
    expect(init.method).toBe('PUT');
    expect(Buffer.from(init.body as Uint8Array)).toEqual(bytes);
    const headers = init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-amz-content-sha256': sha256Hex(bytes),
      'x-amz-date': '20261121T080000Z',
    });
    const expected = signS3({
      method: 'PUT',
      host: 's3.example.com:9000',
      path: `/posauto-media/${KEY}`,
      payloadHash: sha256Hex(bytes),
      region: 'us-east-1',
      headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' },
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret/EXAMPLE',
      now,
    });
    expect(headers.authorization).toBe(expected.headers.authorization);
    expect(headers.authorization).toContain(
      'Credential=AKIDEXAMPLE/20261121/us-east-1/s3/aws4_request,SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,',
    );
    expect(store.url(KEY)).toBe(`https://s3.example.com:9000/posauto-media/${KEY}`);
  });

  it('fails the upload when the store refuses it, and treats deleting a missing object as done', async () => {
    await expect(s3Store(config, recorder(403).fetcher, () => now).put(KEY, Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'answered 403',
    );
    const gone = recorder(404);
    await s3Store(config, gone.fetcher, () => now).remove(KEY);
    expect(gone.calls[0]!.init.method).toBe('DELETE');
  });

  it('refuses a key that is not a media key before sending anything', async () => {
    const { calls, fetcher } = recorder();
    await expect(s3Store(config, fetcher).put('../etc/passwd', Buffer.from('x'), 'image/webp')).rejects.toThrow(RangeError);
    expect(calls).toEqual([]);
  });
});
