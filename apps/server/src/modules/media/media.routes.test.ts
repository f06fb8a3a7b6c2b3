import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedImage } from '@posauto/shared/schemas/products';
import { createShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const UPLOAD = '/api/v1/media/images';

/** A multipart/form-data body with one file part (and optional extra text fields). */
export function multipartBody(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----posauto${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe('image upload and public media', () => {
  let t: TestContext;
  let dataDir: string;
  let owner: string;
  let cashier: string;
  let other: string;
  let ownerBusiness: string;
  let otherBusiness: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'posauto-media-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
    const shop = await createShop(t.deps, { shopName: 'Rival Tea House' });
    other = await loginAs(t.app, shop.login);
    otherBusiness = shop.businessId;
    ownerBusiness = (await t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow())
      .business_id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (token: string | null, bytes: Buffer, filename = 'photo.png', type = 'image/png') => {
    const body = multipartBody(bytes, filename, type);
    return t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'en', ...(token ? bearer(token) : {}) },
    });
  };
  const served = async (url: string) => {
    const res = await t.app.inject({ url });
    return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
  };

  it('answers 401 without a token and 403 to the cashier, storing nothing', async () => {
    const image = await png(10, 10);
    // The demo seed's pictures are there already; nothing may be added to them.
    const stored = () =>
      readdirSync(dataDir).includes('media') ? readdirSync(join(dataDir, 'media'), { recursive: true }).map(String).sort() : [];
    const before = stored();
    expect((await upload(null, image)).statusCode).toBe(401);
    const res = await upload(cashier, image);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
    expect(stored()).toEqual(before);
  });

  it('stores a PNG as WebP shrunk to fit 800x800, served publicly with immutable caching and nosniff', async () => {
    const res = await upload(owner, await png(1600, 1200));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as UploadedImage;
    expect(image.key).toMatch(new RegExp(`^${ownerBusiness}/[0-9a-f]{32}\\.webp$`));
    expect(image.url).toBe(`/media/${image.key}`);

    const { res: file, meta } = await served(image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  it('never enlarges a small image', async () => {
    const image = (await upload(owner, await png(120, 40))).json() as UploadedImage;
    expect((await served(image.url)).meta).toMatchObject({ format: 'webp', width: 120, height: 40 });
  });

  it('turns a JPEG upright by its EXIF orientation', async () => {
    // 300 wide, 100 high, tagged "rotate 90° clockwise to display": shown (and stored) 100 wide, 300 high.
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const res = await upload(owner, jpeg, 'camera.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const { meta } = await served((res.json() as UploadedImage).url);
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 300 });
    expect(meta?.orientation ?? 1).toBe(1);
  });

  it('accepts a WebP', async () => {
    const webp = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#00000000' } })
      .webp()
      .toBuffer();
    expect((await upload(owner, webp, 'a.webp', 'image/webp')).statusCode).toBe(201);
  });

  it('refuses a text file named .png, a GIF and an SVG with a translated 422, by their bytes', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    for (const bytes of [Buffer.from('this is not an image, just text\n'), gif, svg]) {
      const res = await upload(owner, bytes, 'photo.png', 'image/png');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The file is not an image (PNG, JPEG or WebP)',
        errors: { file: 'The file is not an image (PNG, JPEG or WebP)' },
      });
    }
    const km = multipartBody(Buffer.from('nope'), 'x.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: km.payload,
      headers: { ...km.headers, 'accept-language': 'km', ...bearer(owner) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).not.toBe('The file is not an image (PNG, JPEG or WebP)');
  });

  it('refuses a truncated PNG whose header still reads as an image', async () => {
    const whole = await png(400, 400);
    const res = await upload(owner, whole.subarray(0, 200));
    expect(res.statusCode).toBe(422);
  });

  it('accepts an image of several megabytes (above the JSON body limit, below 5 MB)', async () => {
    const noise = Buffer.from(Array.from({ length: 1100 * 1000 * 3 }, (_, i) => (i * 2654435761) >>> 24));
    const big = await sharp(noise, { raw: { width: 1100, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(owner, big);
    expect(res.statusCode, res.body).toBe(201);
    expect((await served((res.json() as UploadedImage).url)).meta).toMatchObject({ width: 800, height: 727 });
  });

  it('refuses a file over 5 MB with a translated 413', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(owner, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is larger than 5 MB', errors: { file: 'The image is larger than 5 MB' } });
  });

  it('answers 422 when the request carries no file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: { file: 'x' },
      headers: { 'accept-language': 'en', ...bearer(owner) },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ message: 'Choose an image file to upload', errors: { file: 'Choose an image file to upload' } });
    const wrongField = multipartBody(await png(5, 5), 'a.png', 'image/png', 'picture');
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: wrongField.payload,
      headers: { ...wrongField.headers, 'accept-language': 'en', ...bearer(owner) },
    });
    expect(res.statusCode).toBe(422);
  });

  it("keeps each shop's images under its own id, so one shop can never write over another's", async () => {
    const bytes = await png(30, 30);
    const mine = (await upload(owner, bytes)).json() as UploadedImage;
    const theirs = (await upload(other, bytes)).json() as UploadedImage;
    expect(mine.key.startsWith(`${ownerBusiness}/`)).toBe(true);
    expect(theirs.key.startsWith(`${otherBusiness}/`)).toBe(true);
    expect(theirs.key).not.toBe(mine.key);
    expect((await served(mine.url)).res.statusCode).toBe(200);
    expect((await served(theirs.url)).res.statusCode).toBe(200);
  });

  it('serves nothing but stored image keys, never a file beside them', async () => {
    writeFileSync(join(dataDir, 'secret.txt'), 'the shop owner password');
    for (const url of [
      '/media/../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/..%2fsecret.txt',
      '/media/x.webp',
      `/media/${ownerBusiness}/${'0'.repeat(32)}.webp`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.body, url).not.toContain('password');
      expect(res.headers['content-type'], url).not.toBe('image/webp');
    }
    expect((await t.app.inject({ url: `/media/${ownerBusiness}/${'0'.repeat(32)}.webp` })).statusCode).toBe(404);
  });
});
