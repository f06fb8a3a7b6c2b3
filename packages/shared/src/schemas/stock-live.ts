import { z } from 'zod';
import { stockLevelSchema } from './shell';

/**
 * The live stock alerts (Server-Sent Events on GET /api/v1/stock-notifications/stream). EventSource cannot send an
 * Authorization header, so a signed-in POST takes a short-lived single-use ticket first and the stream presents it.
 */
export const STOCK_ALERT_STREAM = {
  ticket: '/api/v1/stock-notifications/stream-ticket',
  stream: '/api/v1/stock-notifications/stream',
  /** Seconds a ticket stays valid before it is used. */
  ticketSeconds: 60,
  /** Seconds between two heartbeats (a comment line) on an open stream. */
  heartbeatSeconds: 25,
} as const;

export const streamTicketResponseSchema = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type StreamTicketResponse = z.infer<typeof streamTicketResponseSchema>;

/** A ticket: 256 random bits, base64url. */
export const TICKET_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** The ticket is the stream's credential: a missing or malformed one answers 401 like a wrong one, not 400. */
export const streamQuerySchema = z.object({ ticket: z.string().max(100, 'validation.invalid').optional() });

/** The data of an `alert` event: one new low-stock alert, as the see-all list shows it. */
export const stockAlertEventSchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  product_id: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  stock_level: stockLevelSchema,
  created_at: z.string(),
});
export type StockAlertEvent = z.infer<typeof stockAlertEventSchema>;

/**
 * Events on the stream: `ready` once the server listens for the caller, `alert` for each new alert, `resync` when
 * the server may have missed alerts (its listening connection was lost and is back): re-read the lists.
 */
export const STOCK_ALERT_EVENTS = ['ready', 'alert', 'resync'] as const;
