import type { SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { loadPendingSale, PENDING_SALE_KEY, type PendingSale } from './pending-record';
import { uuid } from '../../../lib/uuid';

/**
 * Never lose, never double (till notes): the sale and its idempotency key are written down before the first
 * attempt and kept until the server has acknowledged the sale; after a network error the same body goes again with
 * the same key, and the server answers a key it knows with the first sale. Loaded with the payment dialog.
 */
export { IDEMPOTENCY_HEADER, loadPendingSale, PENDING_SALE_KEY, type PendingSale } from './pending-record';

export function savePendingSale(p: PendingSale, storage: Storage = localStorage): void {
  try {
    storage.setItem(PENDING_SALE_KEY, JSON.stringify(p));
  } catch {
    /* storage disabled: the sale is still sent, only not kept across a refresh */
  }
}

export function clearPendingSale(storage: Storage = localStorage): void {
  try {
    storage.removeItem(PENDING_SALE_KEY);
  } catch {
    /* nothing kept */
  }
}

/**
 * The pending sale for this body: the one already waiting when it is the same sale (a resend after the cashier
 * closed a failed attempt keeps its key, so a sale that did reach the server is not made twice), else a new key.
 */
export function pendingFor(body: SaleInput, storage: Storage = localStorage): PendingSale {
  const waiting = loadPendingSale(storage);
  if (waiting && JSON.stringify(waiting.body) === JSON.stringify(body)) return waiting;
  const p: PendingSale = { key: uuid(), body, createdAt: new Date().toISOString() };
  savePendingSale(p, storage);
  return p;
}

/** Whether an error is worth sending again: the network failed, or a gateway or the server stumbled. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export function backoffMs(attempt: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

export interface SendOptions {
  send: (key: string, body: SaleInput) => Promise<SaleDetail>;
  /** The status of a failed attempt (0: network); an error without one is not retried. */
  statusOf: (error: unknown) => number | null;
  onRetry?: (attempt: number, delayMs: number, error: unknown) => void;
  /** Network failures are retried without end (the cashier sees "Retrying"); server errors this many times. */
  maxServerErrors?: number;
  sleep?: (ms: number) => Promise<void>;
  signal?: { cancelled: boolean };
}

/**
 * Sends until the server answers: the sale on success (the pending record is then dropped), or the error of a
 * refusal (4xx: the pending record is dropped too, the cart stays for the cashier to fix). A server error after
 * `maxServerErrors` attempts is thrown with the record kept, so the next Pay of the same cart reuses its key.
 */
export async function sendPendingSale(pending: PendingSale, options: SendOptions, storage: Storage = localStorage): Promise<SaleDetail> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxServerErrors = options.maxServerErrors ?? 4;
  let serverErrors = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const sale = await options.send(pending.key, pending.body);
      clearPendingSale(storage);
      return sale;
    } catch (error) {
      const status = options.statusOf(error);
      if (status === null || !isRetryable(status)) {
        if (status !== null) clearPendingSale(storage);
        throw error;
      }
      if (status !== 0 && ++serverErrors >= maxServerErrors) throw error;
      if (options.signal?.cancelled) throw error;
      const delay = backoffMs(attempt);
      options.onRetry?.(attempt, delay, error);
      await sleep(delay);
      if (options.signal?.cancelled) throw error;
    }
  }
}
