import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER as SHARED_HEADER, type SaleDetail, type SaleInput } from '@posauto/shared/schemas/sales';
import { MemoryStorage } from './memory-storage';
import { backoffMs, IDEMPOTENCY_HEADER, loadPendingSale, pendingFor, sendPendingSale } from './pending-sale';

class Failed extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}
const body: SaleInput = {
  lines: [{ product_id: '1', quantity: '1' }],
  payments: [{ payment_method_id: '1', currency: 'USD', amount: '5' }],
};
const sale = { id: 's1', invoice_number: 'INV-1' } as SaleDetail;
const statusOf = (e: unknown) => (e instanceof Failed ? e.status : null);
const noSleep = () => Promise.resolve();

describe('sending a sale', () => {
  it('uses the idempotency header of the shared sales schema', () => {
    expect(IDEMPOTENCY_HEADER).toBe(SHARED_HEADER);
  });

  it('keeps the sale and its key until the server answers, and resends with the same key after network errors', async () => {
    const storage = new MemoryStorage();
    const pending = pendingFor(body, storage);
    expect(pending.key).toMatch(/^[0-9a-f-]{36}$/);
    const keys: string[] = [];
    const retries: number[] = [];
    let calls = 0;
    const result = await sendPendingSale(
      pending,
      {
        send: async (key) => {
          keys.push(key);
          expect(loadPendingSale(storage)?.key).toBe(pending.key);
          if (++calls < 4) throw new Failed(0);
          return sale;
        },
        statusOf,
        onRetry: (attempt) => retries.push(attempt),
        sleep: noSleep,
      },
      storage,
    );
    expect(result).toBe(sale);
    expect(new Set(keys)).toEqual(new Set([pending.key]));
    expect(keys).toHaveLength(4);
    expect(retries).toEqual([1, 2, 3]);
    expect(loadPendingSale(storage)).toBeNull();
  });

  it('drops the pending sale on a refusal (4xx) and throws the server error', async () => {
    const storage = new MemoryStorage();
    const pending = pendingFor(body, storage);
    await expect(
      sendPendingSale(pending, { send: () => Promise.reject(new Failed(422)), statusOf, sleep: noSleep }, storage),
    ).rejects.toThrow('status 422');
    expect(loadPendingSale(storage)).toBeNull();
  });

  it('keeps the key after repeated server errors, so paying the same cart again reuses it', async () => {
    const storage = new MemoryStorage();
    const pending = pendingFor(body, storage);
    await expect(
      sendPendingSale(pending, { send: () => Promise.reject(new Failed(503)), statusOf, sleep: noSleep, maxServerErrors: 3 }, storage),
    ).rejects.toThrow('status 503');
    expect(pendingFor(structuredClone(body), storage).key).toBe(pending.key);
    expect(pendingFor({ ...body, note: 'other' }, storage).key).not.toBe(pending.key);
  });

  it('retries the database answers 503 (busy or restarting) and 507 (disk full) with the same key, keeping the sale meanwhile', async () => {
    const storage = new MemoryStorage();
    const pending = pendingFor(body, storage);
    const keys: string[] = [];
    const answers = [503, 507];
    const result = await sendPendingSale(
      pending,
      {
        send: async (key) => {
          keys.push(key);
          expect(loadPendingSale(storage)?.key).toBe(pending.key);
          const status = answers.shift();
          if (status) throw new Failed(status);
          return sale;
        },
        statusOf,
        sleep: noSleep,
      },
      storage,
    );
    expect(result).toBe(sale);
    expect(keys).toEqual([pending.key, pending.key, pending.key]);
    expect(loadPendingSale(storage)).toBeNull();
  });

  it('backs off 1, 2, 4, 8 then 10 seconds', () => {
    expect([1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
