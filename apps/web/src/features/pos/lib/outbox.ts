import type { SaleInput } from '@posauto/shared/schemas/sales';
import { inStore, OUTBOX } from '../../../lib/till-db';

/**
 * The till's waiting sales (issue #26): every sale completed at the till and not yet acknowledged by the server, kept
 * in IndexedDB (durable across a reload, a browser crash and a restart of the device; asked to be persistent), oldest
 * first. An entry leaves only when the server has the sale (its answer, or the Idempotency-Key's answer to a resend);
 * a sale the server refuses stays, marked refused with the server's reason, for a manager to settle.
 *
 * Small on purpose: the till's first screen reads the count for its badge. What sends lives in outbox-sender.ts.
 */

/**
 * How long the cashier waits for the server before a sale completes at the till (complete-sale.ts); the sender leaves
 * a sale alone for that long (outbox-sender.ts), its first attempt may still be under way.
 */
export const LIVE_MS = 4000;

export interface OutboxEntry {
  /** The sale's Idempotency-Key: a resend of the same entry can never book it twice. */
  key: string;
  /** When it was completed at the till (ISO): the order in which it is sent. */
  created_at: string;
  /** The receipt number printed at the till ("T01-000042"). */
  number: string;
  /** The sale as sent, its `offline` part naming the till, its number, its time and its cash session. */
  body: SaleInput;
  /** What the customer paid, as the till showed it (text in the sale's currency), for the list of waiting sales. */
  total: string;
  currency: string;
  /** waiting: to send; refused: the server said no (`error` says why), kept for a manager. */
  state: 'waiting' | 'refused';
  error?: string;
}

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('posauto-outbox') : null;
if (channel) channel.onmessage = () => listeners.forEach((l) => l());

/** The outbox changed, here or in another tab of the same till. */
function changed(): void {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every entry, oldest first (none where the browser keeps no database). */
export async function outboxEntries(): Promise<OutboxEntry[]> {
  try {
    const all = await inStore<OutboxEntry[]>(OUTBOX, 'readonly', (s) => s.getAll());
    return all.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.key < b.key ? -1 : 1));
  } catch {
    return [];
  }
}

/** How many sales wait to be sent (refused ones are not waiting: they wait for a manager). */
export async function waitingCount(): Promise<number> {
  return (await outboxEntries()).filter((e) => e.state === 'waiting').length;
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await inStore(OUTBOX, 'readwrite', (s) => s.put(entry));
  changed();
}

export async function deleteEntry(key: string): Promise<void> {
  await inStore(OUTBOX, 'readwrite', (s) => s.delete(key));
  changed();
}

/** How long, and how many sales, a till may sell with no connection before it must reach the server again. */
export const OFFLINE_LIMITS = { hours: 24, sales: 500 } as const;

export interface OutboxState {
  entries: OutboxEntry[];
  waiting: number;
  refused: number;
  /** When the oldest waiting sale was made (ms), or null. */
  oldest: number | null;
}

export const EMPTY_OUTBOX: OutboxState = { entries: [], waiting: 0, refused: 0, oldest: null };

export function outboxState(entries: OutboxEntry[]): OutboxState {
  const waiting = entries.filter((e) => e.state === 'waiting');
  return {
    entries,
    waiting: waiting.length,
    refused: entries.length - waiting.length,
    oldest: waiting.length ? Date.parse(waiting[0]!.created_at) : null,
  };
}

/** Which limit a sale completed offline now would pass, if any (the oldest waiting sale's age, their number). */
export function offlineLimitReached(state: Pick<OutboxState, 'waiting' | 'oldest'>, now = Date.now()): 'hours' | 'sales' | null {
  if (state.waiting >= OFFLINE_LIMITS.sales) return 'sales';
  if (state.oldest !== null && now - state.oldest >= OFFLINE_LIMITS.hours * 3_600_000) return 'hours';
  return null;
}

const nudges = new Set<() => void>();
/** Asks the sender for a pass now (the cashier's "Send now", a sale just completed offline). */
export function nudgeSender(): void {
  nudges.forEach((n) => n());
}
export function onNudge(listener: () => void): () => void {
  nudges.add(listener);
  return () => nudges.delete(listener);
}
