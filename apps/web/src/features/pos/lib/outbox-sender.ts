import type { SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { ApiError } from '../../../lib/api-client';
import { setReachable } from '../../../lib/till-db';
import { deleteEntry, LIVE_MS, onNudge, outboxEntries, putEntry, type OutboxEntry } from './outbox';
import { isRetryable } from './pending-sale';

/**
 * Sends the till's waiting sales (issue #26), oldest first, by itself: when the till opens, when the browser says the
 * network is back, and every RETRY_MS. A sale younger than its first attempt's wait is left to that attempt (sent now
 * as queued, it would be booked under the offline rules while the cashier may still be asked to fix it). One tab sends at a time (a Web
 * Lock); each sale goes with its Idempotency-Key and `queued` (the cashier is gone: the server flags what it would
 * have refused). Each sale stands on its own:
 * - the server has it (its answer, or the key's answer to a resend): it leaves the outbox;
 * - the network or the server fails: the pass stops, everything stays, the next pass goes on from the same sale;
 * - another cashier's session (the next cashier signed in on this till): it waits for its own cashier, the rest goes;
 * - any other refusal: kept, marked refused with the server's reason, for a manager; it blocks nothing.
 */

export const RETRY_MS = 5000;

export type Send = (key: string, body: SaleInput) => Promise<SaleDetail>;

/** The entry as the waiting list sends it: its first attempt's body, marked queued. */
export const queuedBody = (e: OutboxEntry): SaleInput =>
  e.body.offline ? { ...e.body, offline: { ...e.body.offline, queued: true } } : e.body;

/** One pass over the waiting sales. Returns how many the server took. */
export async function drainOutbox(send: Send): Promise<number> {
  let sent = 0;
  const settled = Date.now() - LIVE_MS - 1000;
  for (const entry of await outboxEntries()) {
    if (entry.state !== 'waiting' || Date.parse(entry.created_at) > settled) continue;
    try {
      await send(entry.key, queuedBody(entry));
      setReachable(true);
      await deleteEntry(entry.key);
      sent++;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 0 || isRetryable(e.status)) {
        setReachable(false);
        break;
      }
      setReachable(true);
      // Signed out meanwhile, or the sale is another cashier's: it waits for its cashier to sign in.
      if (e.status === 401 || e.status === 403 || (e.status === 422 && e.errors?.['offline.cash_session_id'])) continue;
      await putEntry({ ...entry, state: 'refused', error: e.message });
    }
  }
  return sent;
}

let passing = false;

/** A pass, unless one runs here or in another tab of this browser (it holds the lock). */
async function pass(send: Send, onSent: () => void): Promise<void> {
  if (passing) return;
  passing = true;
  try {
    const run = async () => {
      if ((await drainOutbox(send)) > 0) onSent();
    };
    const locks = navigator.locks;
    if (locks) await locks.request('posauto-outbox-sender', { ifAvailable: true }, (lock) => (lock ? run() : undefined));
    else await run();
  } catch {
    /* the next pass tries again */
  } finally {
    passing = false;
  }
}

/** Starts sending; the returned function stops it (the till closed). `onSent`: some sales reached the server. */
export function startOutboxSender(send: Send, onSent: () => void): () => void {
  const go = () => void pass(send, onSent);
  go();
  window.addEventListener('online', go);
  const timer = setInterval(go, RETRY_MS);
  const off = onNudge(go);
  return () => {
    window.removeEventListener('online', go);
    clearInterval(timer);
    off();
  };
}
