import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, createTestApp, KARAOKE, loginAs, OWNER, type TestContext } from '../../test/harness';
import { DEMO_LOGINS } from './demo';

describe('the demo data', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets every demo login sign in', async () => {
    for (const who of DEMO_LOGINS) await loginAs(t.app, who);
  });

  it('has a second shop, Demo Karaoke: Standard, restaurant with karaoke, one branch, its own categories', async () => {
    const shop = await t.deps.db.selectFrom('businesses').selectAll().where('shop_name', '=', 'Demo Karaoke').executeTakeFirstOrThrow();
    expect(shop).toMatchObject({ package: 'standard', shop_type: 'restaurant_karaoke', status: 'active' });
    expect(await t.deps.db.selectFrom('branches').select('name').where('business_id', '=', shop.id).execute()).toHaveLength(1);
    const token = await loginAs(t.app, KARAOKE);
    const categories = (await t.app.inject({ url: '/api/v1/categories?per_page=all', headers: bearer(token) })).json();
    expect(categories.meta.total).toBe(5);
    expect(categories.data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Beer', 'Karaoke rooms']));
    expect(categories.data.map((c: { name: string }) => c.name)).not.toContain('Coffee');
  });

  it('gives Demo Coffee about forty products of all three types, with pictures in the media store', async () => {
    const token = await loginAs(t.app, OWNER);
    const list = (await t.app.inject({ url: '/api/v1/products?per_page=all', headers: bearer(token) })).json();
    const products = list.data as Array<{
      type: string;
      image: string | null;
      image_url: string | null;
      variant_count: number;
      product_name: string;
    }>;
    expect(list.meta.total).toBeGreaterThanOrEqual(35);
    expect(new Set(products.map((p) => p.type))).toEqual(new Set(['single', 'variation', 'combo']));
    expect(products.find((p) => p.product_name === 'Iced latte')!.variant_count).toBe(9);
    for (const p of products) {
      expect(p.image, p.product_name).toBeTruthy();
      expect(existsSync(join(t.deps.config.dataDir, 'media', p.image!)), p.product_name).toBe(true);
    }
    const karaoke = (await t.app.inject({ url: '/api/v1/products?per_page=all', headers: bearer(await loginAs(t.app, KARAOKE)) })).json();
    expect(karaoke.meta.total).toBe(8);
  });
});
