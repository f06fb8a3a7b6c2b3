import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedImage } from '@posauto/shared/schemas/products';
import { buildApp } from '../../app';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { sweepUploads, UNCLAIMED_TTL_MS } from './media.uploads';

const HOUR = 60 * 60 * 1000;

function multipartBody(bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----uploads${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PRODUCTS = '/api/v1/products';
const LOGO = '/api/v1/general_setting/logo';

/** Issue 9, item 4: an image field takes only an upload made for its kind of record, once; files go when unused. */
describe('uploads belong to one record of their kind', () => {
  let t: TestContext;
  let dataDir: string;
  let owner: string;
  let businessId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'posauto-uploads-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    owner = await loginAs(t.app, OWNER);
    businessId = (await t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow())
      .business_id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const file = (key: string) => join(dataDir, 'media', key);
  const upload = async (purpose: 'product' | 'logo' | null, token = owner) => {
    const bytes = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const body = multipartBody(bytes, 'p.png', 'image/png');
    return t.app.inject({
      method: 'POST',
      url: purpose ? `/api/v1/media/images?purpose=${purpose}` : '/api/v1/media/images',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token), 'accept-language': 'en' },
    });
  };
  const uploaded = async (purpose: 'product' | 'logo') => {
    const res = await upload(purpose);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as UploadedImage;
  };
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(owner), 'accept-language': 'en' } });
  const product = (name: string, image: string | null) => ({
    type: 'single',
    product_name: name,
    purchase_cost: '1',
    sale_cost: '2',
    image,
  });
  const setLogo = (key: string | null) => call('PUT', LOGO, { key });
  const logoKey = async () =>
    (await t.deps.db.selectFrom('businesses').select('logo').where('id', '=', businessId).executeTakeFirstOrThrow()).logo;

  it('refuses the shop logo as a product image, so saving or deleting a product never deletes the logo', async () => {
    const logo = await uploaded('logo');
    expect((await setLogo(logo.key)).statusCode).toBe(200);

    const created = await call('POST', PRODUCTS, product('Logo thief', logo.key));
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toMatchObject({ errors: { image: 'Incorrect Data' } });

    // Nor by editing a product to point at it, then away from it again.
    const p = await call('POST', PRODUCTS, product('Plain cake', null));
    expect(p.statusCode, p.body).toBe(201);
    const id = p.json().data.id as string;
    const edited = await call('PUT', `${PRODUCTS}/${id}`, product('Plain cake', logo.key));
    expect(edited.statusCode, edited.body).toBe(422);
    expect((await call('DELETE', `${PRODUCTS}/${id}`)).statusCode).toBe(200);

    expect(await logoKey()).toBe(logo.key);
    expect(existsSync(file(logo.key))).toBe(true);
    expect((await t.app.inject({ url: logo.url })).statusCode).toBe(200);
  });

  it("refuses another product's image, and a product upload as the logo", async () => {
    const picture = await uploaded('product');
    const first = await call('POST', PRODUCTS, product('First cake', picture.key));
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', PRODUCTS, product('Second cake', picture.key));
    expect(second.statusCode, second.body).toBe(422);
    expect(second.json()).toMatchObject({ errors: { image: 'Incorrect Data' } });

    const before = await logoKey();
    const asLogo = await setLogo((await uploaded('product')).key);
    expect(asLogo.statusCode).toBe(422);
    expect(asLogo.json()).toMatchObject({ errors: { key: expect.any(String) } });
    // Nor can the logo take a product's image.
    expect((await setLogo(picture.key)).statusCode).toBe(422);
    expect(await logoKey()).toBe(before);

    // Deleting the first product deletes its image; the refused product never took it.
    expect((await call('DELETE', `${PRODUCTS}/${first.json().data.id}`)).statusCode).toBe(200);
    expect(existsSync(file(picture.key))).toBe(false);
  });

  it('lets only who may save the record upload for it, and refuses an unknown purpose', async () => {
    const cashier = await loginAs(t.app, CASHIER);
    expect((await upload('logo', cashier)).statusCode).toBe(403);
    expect((await upload('product', cashier)).statusCode).toBe(403);
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/images?purpose=avatar',
      headers: { ...bearer(owner), 'accept-language': 'en' },
    });
    expect(odd.statusCode).toBe(400);
    // Without a purpose an upload is a product image (what the API answered before purposes existed).
    const plain = await upload(null);
    expect(plain.statusCode).toBe(201);
    const used = await call('POST', PRODUCTS, product('Default purpose', (plain.json() as UploadedImage).key));
    expect(used.statusCode, used.body).toBe(201);
  });

  it('removes a file only when nothing refers to it any more', async () => {
    // Two products showing one file (as databases seeded before uploads were recorded do).
    const picture = await uploaded('product');
    const a = (await call('POST', PRODUCTS, product('Shared A', picture.key))).json().data.id as string;
    const b = (await call('POST', PRODUCTS, product('Shared B', null))).json().data.id as string;
    await t.deps.db.updateTable('products').set({ image: picture.key }).where('business_id', '=', businessId).where('id', '=', b).execute();

    expect((await call('DELETE', `${PRODUCTS}/${a}`)).statusCode).toBe(200);
    expect(existsSync(file(picture.key))).toBe(true);
    expect((await t.app.inject({ url: picture.url })).statusCode).toBe(200);
    // Replacing the image of the last product that shows it deletes it.
    const next = await uploaded('product');
    expect((await call('PUT', `${PRODUCTS}/${b}`, product('Shared B', next.key))).statusCode).toBe(200);
    expect(existsSync(file(picture.key))).toBe(false);
  });

  it('sweeps an upload no record took within a day, and never one a record took', async () => {
    const unused = await uploaded('product');
    const kept = await uploaded('product');
    expect((await call('POST', PRODUCTS, product('Kept cake', kept.key))).statusCode).toBe(201);

    t.clock.advance(UNCLAIMED_TTL_MS - HOUR);
    expect(await sweepUploads(t.deps)).toBe(0);
    expect(existsSync(file(unused.key))).toBe(true);

    t.clock.advance(2 * HOUR);
    expect(await sweepUploads(t.deps)).toBeGreaterThanOrEqual(1);
    owner = await loginAs(t.app, OWNER); // the session of a day ago has expired
    expect(existsSync(file(unused.key))).toBe(false);
    expect(existsSync(file(kept.key))).toBe(true);
    // A swept upload can no longer be taken.
    const late = await call('POST', PRODUCTS, product('Too late', unused.key));
    expect(late.statusCode).toBe(422);
  });

  it('sweeps when the app starts, and waits for the sweep on close', async () => {
    owner = await loginAs(t.app, OWNER);
    const unused = await uploaded('logo');
    t.clock.advance(UNCLAIMED_TTL_MS + HOUR);
    const second = await buildApp(t.deps);
    await second.ready();
    await second.close();
    expect(existsSync(file(unused.key))).toBe(false);
    const row = await t.deps.db.selectFrom('media_uploads').select('key').where('key', '=', unused.key).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
