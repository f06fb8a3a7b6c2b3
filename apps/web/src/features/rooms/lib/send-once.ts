/**
 * A room action sent exactly once: one Idempotency-Key per user action, made here and kept for every retry of that
 * action. No answer (Wi-Fi) or the server not there for a moment: the same request again with the same key, a few
 * times; the server answers a repeat with the first result and changes nothing. A refusal (4xx) is not retried.
 */

export interface RetryOptions {
  tries?: number;
  waitMs?: number;
  /** Waits before a retry (a test passes its own clock). */
  wait?: (ms: number) => Promise<void>;
}

/** A failure worth sending again with the same key: no answer at all, or the server busy or down for a moment. */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 0 || status === 408 || status === 429 || (typeof status === 'number' && status >= 500);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sendWithRetries<T>(send: (key: string) => Promise<T>, newKey: () => string, opts: RetryOptions = {}): Promise<T> {
  const { tries = 3, waitMs = 1500, wait = sleep } = opts;
  const key = newKey();
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(key);
    } catch (e) {
      if (!isRetryable(e) || attempt >= tries) throw e;
      await wait(waitMs);
    }
  }
}

/** The key of one user action in a dialog, tied to what it sends: a changed request is another action. */
export interface HeldKey {
  request: string;
  key: string;
}

/** The held key while the request is the same (a retry after no answer), else a new one. */
export function heldKey(held: HeldKey | null, request: string, newKey: () => string): HeldKey {
  return held && held.request === request ? held : { request, key: newKey() };
}

/**
 * After a failure: kept when the server may not have heard it (no answer), so the next press is the same action;
 * dropped after a refusal, which the server answered (a new press is a new action).
 */
export function releaseKey(held: HeldKey | null, error: unknown): HeldKey | null {
  return isRetryable(error) ? held : null;
}
