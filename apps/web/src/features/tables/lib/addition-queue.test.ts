import { describe, expect, it } from 'vitest';
import { createAdditionQueue, isRetryable, type PendingAddition } from './addition-queue';

const line = (product_id: string) => ({ product_id, quantity: '1' });

function setup(answers: Array<'ok' | 'network' | 'refused'>) {
  const sent: PendingAddition[] = [];
  const refused: unknown[] = [];
  let n = 0;
  const q = createAdditionQueue({
    send: async (item) => {
      sent.push(item);
      const a = answers.shift() ?? 'ok';
      if (a === 'network') throw Object.assign(new Error('net'), { status: 0 });
      if (a === 'refused') throw Object.assign(new Error('no'), { status: 422 });
    },
    newKey: () => `k${++n}`,
    onChange: () => {},
    onRefused: (e) => refused.push(e),
    wait: () => Promise.resolve(),
  });
  return { q, sent, refused };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the addition queue', () => {
  it('sends each tap once, in order, with its own key', async () => {
    const { q, sent } = setup(['ok', 'ok']);
    q.add(line('a'));
    q.add(line('b'));
    await settle();
    expect(sent.map((s) => [s.key, s.line.product_id])).toEqual([
      ['k1', 'a'],
      ['k2', 'b'],
    ]);
    expect(q.items()).toEqual([]);
  });

  it('resends a failed addition with the same key before the next one', async () => {
    const { q, sent } = setup(['network', 'network', 'ok', 'ok']);
    q.add(line('a'));
    q.add(line('b'));
    await settle();
    expect(sent.map((s) => s.key)).toEqual(['k1', 'k1', 'k1', 'k2']);
    expect(q.items()).toEqual([]);
  });

  it('drops an addition the server refuses and goes on', async () => {
    const { q, sent, refused } = setup(['refused', 'ok']);
    q.add(line('a'));
    q.add(line('b'));
    await settle();
    expect(sent.map((s) => s.key)).toEqual(['k1', 'k2']);
    expect(refused).toHaveLength(1);
  });

  it('tells a network failure from a refusal', () => {
    expect(isRetryable({ status: 0 })).toBe(true);
    expect(isRetryable({ status: 503 })).toBe(true);
    expect(isRetryable({ status: 422 })).toBe(false);
    expect(isRetryable(new Error('x'))).toBe(true);
  });
});
