import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type Language } from '../src/lib/i18n';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from './harness';

/**
 * Issue 9, item 8: whatever is wrong with a request (its URL, its framing, its body), the answer is a 4xx in the
 * API's documented shape, {message, errors?}, in the caller's language, never Fastify's English body or a 500.
 */
describe('malformed requests', () => {
  let t: TestContext;
  let owner: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  /** Sends in `lang` and checks the answer: the status, exactly {message, errors?}, message = the key in `lang`. */
  async function refused(lang: Language, options: InjectOptions, key: string, status?: number): Promise<LightMyRequestResponse> {
    const res = await t.app.inject({ ...options, headers: { 'accept-language': lang, ...options.headers } });
    const what = `${options.method ?? 'GET'} ${String(options.url)}: ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, what).toBeLessThan(500);
    if (status) expect(res.statusCode, what).toBe(status);
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    const body = res.json() as Record<string, unknown>;
    expect(
      Object.keys(body).filter((k) => k !== 'message' && k !== 'errors'),
      what,
    ).toEqual([]);
    expect(body.message, what).toBe(translate(lang, key));
    if (body.errors !== undefined) {
      expect(typeof body.errors, what).toBe('object');
      for (const v of Object.values(body.errors as object)) expect(typeof v, what).toBe('string');
    }
    return res;
  }

  /** A multipart body with one file part, framed with `boundary`; `cut` drops that many bytes from the end. */
  function multipart(boundary: string, declared = boundary, cut = 0) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const full = Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return {
      payload: cut ? full.subarray(0, full.length - cut) : full,
      headers: { 'content-type': `multipart/form-data; boundary=${declared}`, ...bearer(owner) },
    };
  }

  it('answers a path with invalid percent-encoding in the API shape, translated', async () => {
    await refused('fr', { url: '/api/v1/roles/%ff' }, 'errors.invalid_input', 400);
    await refused('km', { url: '/api/v1/roles/%E0%A4%A', headers: bearer(owner) }, 'errors.invalid_input', 400);
    // Fastify's own answer named its error code in English.
    const res = await t.app.inject({ url: '/api/v1/roles/%ff', headers: { 'accept-language': 'en' } });
    expect(res.body).not.toContain('FST_ERR');
  });

  it('answers a path parameter over 100 characters in the API shape, translated', async () => {
    const res = await refused('zh', { url: `/api/v1/roles/${'a'.repeat(101)}`, headers: bearer(owner) }, 'errors.url_too_long', 414);
    expect(res.body).not.toContain('FST_ERR');
    await refused('ar', { method: 'DELETE', url: `/api/v1/categories/${'x'.repeat(300)}` }, 'errors.url_too_long', 414);
  });

  for (const url of ['/api/v1/media/images', '/api/v1/products/import']) {
    it(`answers a multipart body that does not match its boundary, or is cut short, with 400 on ${url}`, async () => {
      const uploads = async () => (await t.deps.db.selectFrom('media_uploads').select('key').execute()).length;
      const before = await uploads();
      await refused('fr', { method: 'POST', url, ...multipart('realboundary123', 'otherboundary456') }, 'errors.malformed_body', 400);
      await refused('km', { method: 'POST', url, ...multipart('realboundary123', 'realboundary123', 40) }, 'errors.malformed_body', 400);
      // Cut inside the part headers, before any file byte.
      const headOnly = multipart('b0undary', 'b0undary');
      await refused('en', { method: 'POST', url, ...headOnly, payload: headOnly.payload.subarray(0, 30) }, 'errors.malformed_body', 400);
      // A multipart content type without any boundary.
      await refused(
        'zh',
        { method: 'POST', url, payload: 'x', headers: { 'content-type': 'multipart/form-data', ...bearer(owner) } },
        'errors.malformed_body',
        400,
      );
      // Nothing was stored: the shop's uploads are as before.
      expect(await uploads()).toBe(before);
    });
  }

  it('answers bad JSON, an empty JSON body, a wrong content type and a huge body in the API shape', async () => {
    const post = (payload: string | Buffer, type: string) => ({
      method: 'POST' as const,
      url: '/api/v1/categories',
      payload,
      headers: { 'content-type': type, ...bearer(owner) },
    });
    await refused('fr', post('{"name": "Tea",', 'application/json'), 'errors.malformed_body', 400);
    await refused('km', post('', 'application/json'), 'errors.malformed_body', 400);
    await refused('ar', post('name=Tea', 'application/x-www-form-urlencoded'), 'errors.unsupported_media_type', 415);
    await refused('zh', post('<name>Tea</name>', 'application/xml'), 'errors.unsupported_media_type', 415);
    // Plain text is read as a string, which is not the object the route takes.
    await refused('km', post('name=Tea', 'text/plain'), 'errors.invalid_input', 400);
    await refused('fr', post(Buffer.alloc(2 * 1024 * 1024, 0x20), 'application/json'), 'errors.too_large', 413);
    await refused('en', { method: 'GET', url: '/api/v1/categories?page=%zz', headers: bearer(owner) }, 'errors.invalid_input', 400);
  });
});
