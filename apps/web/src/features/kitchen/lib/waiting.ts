/** How long a ticket has waited, as the wall screen colours it: after 10 minutes a warning, after 20 late. */
export const WARNING_AFTER_MIN = 10;
export const LATE_AFTER_MIN = 20;
/** The clock on the cards moves every 15 s. */
export const TICK_MS = 15_000;

export type WaitLevel = 'ok' | 'warning' | 'late';

/** Whole minutes between `createdAt` and `nowMs` (never negative: a clock a little ahead shows 0). */
export function waitedMinutes(createdAt: string, nowMs: number): number {
  const start = Date.parse(createdAt);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((nowMs - start) / 60_000));
}

export function waitLevel(minutes: number): WaitLevel {
  if (minutes >= LATE_AFTER_MIN) return 'late';
  if (minutes >= WARNING_AFTER_MIN) return 'warning';
  return 'ok';
}

/**
 * The server's clock, as far as this screen can tell: the difference seen at the last read is added to the local
 * clock, so a tablet whose clock is wrong still shows how long the kitchen has really had the ticket.
 */
export function clockOffset(serverTime: string | undefined, localMs: number): number {
  const server = serverTime ? Date.parse(serverTime) : NaN;
  return Number.isNaN(server) ? 0 : server - localMs;
}

/** A quantity as the cook reads it: no sign (the kind says it), no trailing zeros ("2.500" -> "2.5", "-1.000" -> "1"). */
export function quantityText(q: string): string {
  const bare = q.trim().replace(/^[-+]/, '');
  if (!bare.includes('.')) return bare;
  return bare.replace(/0+$/, '').replace(/\.$/, '');
}
