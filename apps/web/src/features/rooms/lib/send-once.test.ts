import { describe, expect, it } from 'vitest';
import { heldKey, isRetryable, releaseKey, sendWithRetries } from './send-once';

const fail = (status: number) => Object.assign(new Error(`status ${status}`), { status });
const noWait = () => Promise.resolve();

describe('a room action sent once', () => {
  it('retries a lost answer with the same key, then succeeds', async () => {
    const keys: string[] = [];
    let n = 0;
    const result = await sendWithRetries(
      async (key) => {
        keys.push(key);
        if (++n < 3) throw fail(0);
        return 'done';
      },
      () => `key-${n}`,
      { wait: noWait },
    );
    expect(result).toBe('done');
    expect(keys).toEqual(['key-0', 'key-0', 'key-0']);
  });

  it('does not retry a refusal, and gives up after the last try', async () => {
    let calls = 0;
    await expect(
      sendWithRetries(
        async () => {
          calls += 1;
          throw fail(422);
        },
        () => 'k',
        { wait: noWait },
      ),
    ).rejects.toMatchObject({ status: 422 });
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      sendWithRetries(
        async () => {
          calls += 1;
          throw fail(503);
        },
        () => 'k',
        { wait: noWait, tries: 2 },
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(2);
  });

  it('tells which failures the server may not have heard', () => {
    expect([0, 408, 429, 500, 502].map((x) => isRetryable(fail(x)))).toEqual([true, true, true, true, true]);
    expect([400, 404, 409, 422].map((x) => isRetryable(fail(x)))).toEqual([false, false, false, false]);
    expect(isRetryable(new Error('x'))).toBe(false);
  });

  it('keeps a dialog key for the same request after no answer, and a new one for a changed request or after a refusal', () => {
    let i = 0;
    const next = () => `k${++i}`;
    const a = heldKey(null, 'extend:30', next);
    expect(heldKey(releaseKey(a, fail(0)), 'extend:30', next).key).toBe('k1');
    expect(heldKey(a, 'extend:60', next).key).toBe('k2');
    expect(releaseKey(a, fail(422))).toBeNull();
  });
});
