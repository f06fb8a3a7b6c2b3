// The till's outbox (issue #26) on an IndexedDB that follows the specification in memory (fake-indexeddb): Node has
// none. The real one is exercised in Chromium by e2e/offline-sales.spec.ts.
import { testStorage as storage } from './node-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { ApiError } from '../../../lib/api-client';
import { completeAtTill, LIVE_MS, OutboxUnavailable, type TillSale } from './complete-sale';
import { deleteEntry, offlineLimitReached, OFFLINE_LIMITS, outboxEntries, outboxState, putEntry, type OutboxEntry } from './outbox';
import { drainOutbox, queuedBody } from './outbox-sender';
import { saveTill, tillIn } from './till-identity';

const BRANCH = 'branch-1';
const body: SaleInput = {
  lines: [{ product_id: 'p1', quantity: '1' }],
  payments: [{ payment_method_id: 'cash', currency: 'USD', amount: '5' }],
};
const sale: TillSale = { branchId: BRANCH, sessionId: 'session-1', total: '4.40', currency: 'USD', change: { usd: 60, khr: 0 } };
const served = (n: string) => ({ id: `id-${n}`, invoice_number: n, change_usd: '0.60', change_khr: '0' }) as SaleDetail;
const old = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function entry(key: string, createdAt: string, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    key,
    created_at: createdAt,
    number: `T01-${key}`,
    body: { ...body, offline: { till_id: 't1', till_number: 1, sold_at: createdAt, cash_session_id: 'session-1', queued: false } },
    total: '4.40',
    currency: 'USD',
    state: 'waiting',
    ...extra,
  };
}

beforeEach(async () => {
  for (const e of await outboxEntries()) await deleteEntry(e.key);
  storage.clear();
  saveTill({ id: 't1', code: 'T01', branch_id: BRANCH, last_number: 41 });
});

describe('completing a sale at a registered till', () => {
  it('numbers it from the till’s series and, the server answering, keeps nothing waiting', async () => {
    const sent: SaleInput[] = [];
    const done = await completeAtTill(body, sale, async (_key, b) => {
      sent.push(b);
      return served('T01-000042');
    });
    expect(done).toMatchObject({ id: 'id-T01-000042', invoice_number: 'T01-000042' });
    expect(sent[0]!.offline).toMatchObject({ till_id: 't1', till_number: 42, cash_session_id: 'session-1', queued: false });
    expect(await outboxEntries()).toEqual([]);
    expect(tillIn(BRANCH)!.last_number).toBe(42);
  });

  it('with no answer, completes at the till with its final number and change, and keeps it waiting', async () => {
    const done = await completeAtTill(body, sale, async () => {
      throw new ApiError(0, 'network');
    });
    expect(done).toEqual({ id: null, invoice_number: 'T01-000042', change_usd: '0.60', change_khr: '0' });
    const [kept] = await outboxEntries();
    expect(kept).toMatchObject({ number: 'T01-000042', state: 'waiting', total: '4.40' });
    // A server that fails is no answer either: the next sale goes on with the series.
    await completeAtTill(body, sale, async () => {
      throw new ApiError(503, 'down');
    });
    expect((await outboxEntries()).map((e) => e.number)).toEqual(['T01-000042', 'T01-000043']);
  });

  it('refused while the cashier is there, keeps nothing and gives the number back to the next sale', async () => {
    await expect(
      completeAtTill(body, sale, async () => {
        throw new ApiError(422, 'A discount of 50% is above your limit', { discount: 'above' });
      }),
    ).rejects.toMatchObject({ status: 422 });
    expect(await outboxEntries()).toEqual([]);
    expect(tillIn(BRANCH)!.last_number).toBe(41);
    const next = await completeAtTill(body, sale, async () => served('T01-000042'));
    expect(next.invoice_number).toBe('T01-000042');
  });

  it('gives up waiting for the server after LIVE_MS', async () => {
    let aborted = false;
    const done = await completeAtTill(
      body,
      sale,
      (_key, _b, signal) =>
        new Promise((_resolve, reject) =>
          signal!.addEventListener('abort', () => {
            aborted = true;
            reject(new ApiError(0, 'gave up'));
          }),
        ),
    );
    expect(aborted).toBe(true);
    expect(done.id).toBeNull();
    expect(LIVE_MS).toBeLessThanOrEqual(5000);
  }, 10_000);
});

describe('sending the waiting sales', () => {
  it('goes oldest first, marked queued, with each sale’s own key, and empties the outbox', async () => {
    await putEntry(entry('b', old(5)));
    await putEntry(entry('a', old(9)));
    await putEntry(entry('c', old(2)));
    const sent: Array<{ key: string; queued: boolean | undefined }> = [];
    const n = await drainOutbox(async (key, b) => {
      sent.push({ key, queued: b.offline?.queued });
      return served(key);
    });
    expect(n).toBe(3);
    expect(sent).toEqual([
      { key: 'a', queued: true },
      { key: 'b', queued: true },
      { key: 'c', queued: true },
    ]);
    expect(await outboxEntries()).toEqual([]);
  });

  it('stops at a network failure and keeps everything from there, in order', async () => {
    await putEntry(entry('a', old(9)));
    await putEntry(entry('b', old(5)));
    let calls = 0;
    const n = await drainOutbox(async (key) => {
      if (++calls > 1) throw new ApiError(0, 'network');
      return served(key);
    });
    expect(n).toBe(1);
    expect((await outboxEntries()).map((e) => [e.key, e.state])).toEqual([['b', 'waiting']]);
  });

  it('keeps a refused sale, with the server’s reason, and sends the rest; another cashier’s sale waits for them', async () => {
    await putEntry(entry('a', old(9)));
    await putEntry(entry('b', old(8)));
    await putEntry(entry('c', old(7)));
    const n = await drainOutbox(async (key) => {
      if (key === 'a') throw new ApiError(422, 'This till is not registered', { 'offline.till_id': 'unknown' });
      if (key === 'b') throw new ApiError(422, 'Not your session', { 'offline.cash_session_id': 'not yours' });
      return served(key);
    });
    expect(n).toBe(1);
    const left = await outboxEntries();
    expect(left.map((e) => [e.key, e.state, e.error])).toEqual([
      ['a', 'refused', 'This till is not registered'],
      ['b', 'waiting', undefined],
    ]);
    // A refused sale is not waiting: it waits for a manager, not for the network.
    expect(outboxState(left)).toMatchObject({ waiting: 1, refused: 1 });
  });

  it('leaves a sale whose first attempt may still be under way', async () => {
    await putEntry(entry('young', new Date().toISOString()));
    const n = await drainOutbox(async (key) => served(key));
    expect(n).toBe(0);
    expect(await outboxEntries()).toHaveLength(1);
  });

  it('marks the body queued without touching the stored entry', () => {
    const e = entry('a', old(1));
    expect(queuedBody(e).offline?.queued).toBe(true);
    expect(e.body.offline?.queued).toBe(false);
  });
});

describe('the limits of selling offline', () => {
  it('are reached by the oldest waiting sale’s age or by their number', () => {
    const now = Date.now();
    expect(offlineLimitReached({ waiting: 0, oldest: null }, now)).toBeNull();
    expect(offlineLimitReached({ waiting: 3, oldest: now - (OFFLINE_LIMITS.hours - 1) * 3_600_000 }, now)).toBeNull();
    expect(offlineLimitReached({ waiting: 3, oldest: now - OFFLINE_LIMITS.hours * 3_600_000 }, now)).toBe('hours');
    expect(offlineLimitReached({ waiting: OFFLINE_LIMITS.sales, oldest: now }, now)).toBe('sales');
  });
});

describe('a till whose storage cannot take the sale', () => {
  it('sends nothing, keeps its number for the next sale, and says so to the caller (which sends as before)', async () => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      let sent = 0;
      await expect(
        completeAtTill(body, sale, async () => {
          sent++;
          return served('x');
        }),
      ).rejects.toBeInstanceOf(OutboxUnavailable);
      expect(sent).toBe(0);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(tillIn(BRANCH)!.last_number).toBe(41);
    expect(await outboxEntries()).toEqual([]);
  });
});
