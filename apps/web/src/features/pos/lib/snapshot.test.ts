// What the till keeps to open with no connection (lib/till-db.ts withSnapshot), on fake-indexeddb (Node has none).
import './node-browser';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { withSnapshot } from '../../../lib/till-db';

const down = (status = 0) => Promise.reject(new ApiError(status, 'down'));

describe('a snapshot answers when the server cannot be reached', () => {
  it('keeps each good answer and gives it back, the same object, while the network or the server is down', async () => {
    const catalogue = { version: 'v1', products: [{ id: 'p1' }] };
    expect(await withSnapshot('catalogue:b1', async () => catalogue)).toBe(catalogue);
    const offline = await withSnapshot('catalogue:b1', () => down(0));
    expect(offline).toEqual(catalogue);
    // Again: the same object, so the till does not rebuild its index after every sale made offline.
    expect(await withSnapshot('catalogue:b1', () => down(503))).toBe(offline);
  });

  it('fails as the server did when nothing was kept, and never hides a refusal', async () => {
    await expect(withSnapshot('never-fetched', () => down(0))).rejects.toMatchObject({ status: 0 });
    await withSnapshot('session', async () => ({ id: 's1' }));
    await expect(withSnapshot('session', () => down(403))).rejects.toMatchObject({ status: 403 });
  });

  it('a newer answer replaces the kept one', async () => {
    await withSnapshot('session:2', async () => ({ id: 'old' }));
    await withSnapshot('session:2', async () => ({ id: 'new' }));
    expect(await withSnapshot('session:2', () => down(0))).toEqual({ id: 'new' });
  });
});
