import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, KARAOKE, loginAs, type TestContext } from '../../test/harness';
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
});
