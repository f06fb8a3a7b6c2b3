import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const LOGO = '/api/v1/general_setting/logo';

describe('the shop logo', () => {
  let t: TestContext;
  let dataDir: string;
  let owner: string;
  let other: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'posauto-logo-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    owner = await loginAs(t.app, OWNER);
    other = await loginAs(t.app, (await createShop(t.deps, { shopName: 'Rival Tea House' })).login);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Uploads a PNG through the media route for a logo, as the logo field does, and answers the stored key and URL. */
  async function upload(token: string, width = 1200): Promise<{ key: string; url: string }> {
    const bytes = await sharp({ create: { width, height: width / 2, channels: 3, background: { r: 0, g: 128, b: 128 } } })
      .png()
      .toBuffer();
    const boundary = `----h2logo${Math.random().toString(16).slice(2)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/images?purpose=logo',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const put = (token: string, key: string | null) =>
    t.app.inject({ method: 'PUT', url: LOGO, payload: { key }, headers: { ...bearer(token), 'accept-language': 'en' } });
  const setting = async (token = owner) =>
    (await t.app.inject({ url: '/api/v1/general_setting', headers: bearer(token) })).json().setting as { logo_url: string | null };

  it('saves an uploaded, resized image as the logo and serves it to everyone in the shop', async () => {
    const first = await upload(owner);
    const res = await put(owner, first.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'The logo has been saved', data: { logo_url: first.url } });
    expect((await setting(await loginAs(t.app, CASHIER))).logo_url).toBe(first.url);
    const image = await t.app.inject({ url: first.url });
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 400 });
  });

  it('deletes the image it replaces, and removes the logo on null', async () => {
    const before = await upload(owner, 200);
    await put(owner, before.key);
    const after = await upload(owner, 300);
    await put(owner, after.key);
    expect((await t.app.inject({ url: before.url })).statusCode).toBe(404);
    expect((await setting()).logo_url).toBe(after.url);
    const removed = await put(owner, null);
    expect(removed.json()).toMatchObject({ message: 'The logo has been removed', data: { logo_url: null } });
    expect((await t.app.inject({ url: after.url })).statusCode).toBe(404);
  });

  it("refuses another shop's image or a made-up key, and keeps the logo", async () => {
    const mine = await upload(owner, 100);
    await put(owner, mine.key);
    const theirs = await upload(other, 100);
    for (const key of [theirs.key, '../../etc/passwd', 'logos/x.png']) {
      const res = await put(owner, key);
      expect(res.statusCode, key).toBe(422);
      expect(res.json()).toEqual({
        message: 'Upload the logo again: this image does not belong to your shop',
        errors: { key: 'Upload the logo again: this image does not belong to your shop' },
      });
    }
    expect((await setting()).logo_url).toBe(mine.url);
    // Their image stays theirs: nothing of it was touched.
    expect((await t.app.inject({ url: theirs.url })).statusCode).toBe(200);
  });

  it('lets only holders of general-setting change it', async () => {
    const cashier = await loginAs(t.app, CASHIER);
    expect((await put(cashier, null)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: LOGO, payload: { key: null } })).statusCode).toBe(401);
    expect((await setting()).logo_url).not.toBeNull();
  });
});
