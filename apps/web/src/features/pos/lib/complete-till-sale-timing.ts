/**
 * How long the cashier waits for the server before a sale completes at the till (complete-sale.ts); the outbox's
 * sender leaves a sale alone for that long (outbox-sender.ts). Apart, so that neither imports the other.
 */
export const LIVE_MS = 4000;
