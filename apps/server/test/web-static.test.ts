import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

/** A built web app as the Vite build writes it: hashed assets, each text file with its .br and .gz beside it. */
const SCRIPT = `console.log(${JSON.stringify('posauto '.repeat(200))});\n`;
const SHELL = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(50)}</body></html>\n`;
const BOOT = `document.documentElement.dir = 'ltr';\n`;

function writeWithCompressed(file: string, body: string) {
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

describe('the built web app', () => {
  let t: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'posauto-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeWithCompressed(join(dist, 'index.html'), SHELL);
    writeWithCompressed(join(dist, 'assets/index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(dist, 'boot.js'), BOOT); // small: the build leaves it uncompressed
    writeFileSync(join(dist, 'sw.js'), BOOT);
    writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
    t = await createTestApp({ seed: false, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const asset = '/assets/index-Ab12Cd34.js';

  it('revalidates the service worker and the manifest at every check (a till finds a new build at once)', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await t.app.inject({ url: '/sw.js' })).headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect((await t.app.inject({ url: '/manifest.webmanifest' })).headers['content-type']).toMatch(/^application\/manifest\+json/);
    // A manifest that is not there is a 404, never the app's page.
    rmSync(join(dist, 'manifest.webmanifest'));
    expect((await t.app.inject({ url: '/manifest.webmanifest' })).statusCode).toBe(404);
    writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  });

  it('sends the brotli file to a client that accepts brotli, with the type of the original', async () => {
    const res = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable, whatever the encoding', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const res = await t.app.inject({ url: asset, headers: { 'accept-encoding': enc } });
      expect(res.headers['cache-control'], enc).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves the shell compressed and never from a stale cache, for the app routes and for /index.html', async () => {
    for (const url of ['/', '/login', '/category-listing?page=2', '/index.html']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
    const plain = await t.app.inject({ url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(SHELL);
  });

  it('serves a file without compressed copies as it is, cached for an hour (its name has no hash)', async () => {
    const res = await t.app.inject({ url: '/boot.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(BOOT);
  });

  it('still answers an unknown API path with JSON, not the shell', async () => {
    const res = await t.app.inject({ url: '/api/v1/nope', headers: { 'accept-encoding': 'br', 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
