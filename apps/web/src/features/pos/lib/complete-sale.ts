import type { SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { formatDecimal } from '@posauto/shared/money/index';
import { tillReceiptNumber } from '@posauto/shared/till-number';
import { ApiError } from '../../../lib/api-client';
import { setReachable, tillDb } from '../../../lib/till-db';
import { uuid } from '../../../lib/uuid';
import { deleteEntry, LIVE_MS, offlineLimitReached, outboxEntries, outboxState, putEntry, type OutboxEntry } from './outbox';
import { isRetryable } from './pending-sale';
import { giveBack, takeNumber, tillIn, withTillLock } from './till-identity';

/**
 * Completing a sale at a registered till (issue #26). The sale is numbered by the till and written down in the outbox
 * (IndexedDB) before anything is sent, under the till's lock; then one attempt goes to the server while the cashier
 * waits, for at most LIVE_MS:
 * - the server has it: done, as online (its answer is the sale);
 * - the server refuses it (4xx): nothing was booked, the cashier is still there to fix it (an approval, an item out
 *   of stock); the entry goes and the till takes its number back, so the series has no gaps;
 * - no answer (the network, the server down, too slow): the sale is complete at the till all the same, with its final
 *   number and change; the outbox sends it later (outbox-sender.ts), with the same Idempotency-Key, so a first attempt
 *   that did reach the server is never booked twice.
 */

export { LIVE_MS } from './outbox';

/** What the sale-done panel shows: the server's sale, or the till's own record of one still waiting to be sent. */
export interface DoneSale {
  /** The server's id; null while the sale waits at the till. */
  id: string | null;
  invoice_number: string;
  change_usd: string;
  change_khr: string;
}

export interface TillSale {
  branchId: string;
  sessionId: string;
  /** The total as the till showed it (text), for the list of waiting sales. */
  total: string;
  currency: string;
  /** The change as shown, in minor units. */
  change: { usd: number; khr: number };
}

export type PostSale = (key: string, body: SaleInput, signal?: AbortSignal) => Promise<SaleDetail>;

export const fromServer = (s: SaleDetail): DoneSale => ({
  id: s.id,
  invoice_number: s.invoice_number,
  change_usd: s.change_usd,
  change_khr: s.change_khr,
});

/**
 * Whether this till can complete a sale by itself: registered in the branch, a database to write it in, and within
 * its limits of selling offline (the oldest waiting sale's age, their number). Past one, it sells as a till that is
 * not one: only once the server has answered (the cashier sees it retry; the badge says why).
 */
export async function canCompleteAtTill(branchId: string | null): Promise<boolean> {
  if (!branchId || !tillIn(branchId) || !(await tillDb())) return false;
  return offlineLimitReached(outboxState(await outboxEntries())) === null;
}

/** The sale could not be written down (the browser's storage full or gone): nothing was sent, the number given back. */
export class OutboxUnavailable extends Error {}

/** Numbers the sale and writes it down (under the till's lock): from here on it cannot be lost. */
async function writeDown(body: SaleInput, sale: TillSale): Promise<OutboxEntry> {
  const till = tillIn(sale.branchId);
  if (!till) throw new Error('no till');
  return withTillLock(till.id, async () => {
    const taken = takeNumber(sale.branchId);
    if (!taken) throw new Error('no till');
    const soldAt = new Date().toISOString();
    const entry: OutboxEntry = {
      key: uuid(),
      created_at: soldAt,
      number: tillReceiptNumber(taken.till.code, taken.number),
      body: {
        ...body,
        offline: { till_id: taken.till.id, till_number: taken.number, sold_at: soldAt, cash_session_id: sale.sessionId, queued: false },
      },
      total: sale.total,
      currency: sale.currency,
      state: 'waiting',
    };
    try {
      await putEntry(entry);
    } catch (e) {
      giveBack(sale.branchId, taken.number);
      throw new OutboxUnavailable(e instanceof Error ? e.message : String(e));
    }
    return entry;
  });
}

/** The number goes back to the till (under its lock): the sale it was taken for was not made. */
async function unmake(entry: OutboxEntry, branchId: string): Promise<void> {
  await deleteEntry(entry.key);
  const till = tillIn(branchId);
  const n = entry.body.offline?.till_number;
  if (till && n) await withTillLock(till.id, async () => giveBack(branchId, n));
}

export async function completeAtTill(body: SaleInput, sale: TillSale, post: PostSale): Promise<DoneSale> {
  const entry = await writeDown(body, sale);
  try {
    const server = await post(entry.key, entry.body, AbortSignal.timeout(LIVE_MS));
    setReachable(true);
    await deleteEntry(entry.key);
    return fromServer(server);
  } catch (e) {
    if (e instanceof ApiError && e.status !== 0 && !isRetryable(e.status)) {
      // Refused with the cashier still here: nothing was booked; the number goes back for the next sale.
      await unmake(entry, sale.branchId);
      throw e;
    }
    setReachable(false);
    return {
      id: null,
      invoice_number: entry.number,
      change_usd: formatDecimal(sale.change.usd, 2),
      change_khr: formatDecimal(sale.change.khr, 0),
    };
  }
}
