import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from './harness';

describe('the app on a fresh database', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health once the database answers', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('lists the demo categories to the owner', async () => {
    const token = await loginAs(t.app, OWNER);
    const res = await t.app.inject({ url: '/api/v1/categories?per_page=25', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(8);
  });
});
