/**
 * The web app loads anywhere a shop serves it (issue 22): over plain http by the shop computer's address, a page asks
 * for nothing over https; an old page asking for a chunk a redeploy removed gets a 404, never the app's shell.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

const SHELL = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>\n';

describe('served on a shop network, and after a redeploy', () => {
  let t: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'posauto-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), SHELL);
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js'), 'console.log(1);\n');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    t = await createTestApp({ seed: false, env: { WEB_DIST: dist, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy'] ?? '');

  it('asks for no https upgrade over plain http by an address, and sends no HSTS there', async () => {
    for (const host of ['192.168.1.20:3000', 'shop-pc.local:3000', 'localhost:3000']) {
      const res = await t.app.inject({ url: '/sale-pos', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(csp(res.headers)).not.toMatch(/upgrade-insecure-requests/);
      expect(csp(res.headers)).toMatch(/default-src 'self'/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('upgrades and sends HSTS when the app is served over https (behind a proxy that says so)', async () => {
    const res = await t.app.inject({ url: '/sale-pos', headers: { host: 'pos.example.com', 'x-forwarded-proto': 'https' } });
    expect(csp(res.headers)).toMatch(/upgrade-insecure-requests/);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('answers 404 for a file the build does not have, under /assets or at the root, and the shell for a screen', async () => {
    for (const url of ['/assets/payment-dialog-OLD123.js', '/assets/style-OLD.css', '/missing.js', '/old-manifest.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<!doctype html>');
    }
    expect((await t.app.inject({ url: '/assets/index-Ab12Cd34.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/robots.txt' })).body).toContain('Disallow');
    for (const url of ['/sale-pos', '/product-listing', '/invoice-listing/detail/abc']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<!doctype html>');
    }
  });
});

describe('API answers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('come compressed over 1 KB to a client that accepts it, and as they are to one that does not', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'owner@posauto.local', password: 'owner1234' },
    });
    const auth = { authorization: `Bearer ${login.json().access_token as string}` };
    const big = await t.app.inject({ url: '/api/v1/products?per_page=100', headers: { ...auth, 'accept-encoding': 'gzip, br' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ url: '/api/v1/products?per_page=100', headers: auth });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(big.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await t.app.inject({ url: '/api/v1/products?per_page=100', headers: { ...auth, 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // A small answer is sent as it is.
    const small = await t.app.inject({ url: '/api/v1/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
