import { STOCK_ALERT_STREAM, TICKET_FORMAT, type StreamTicketResponse } from '@posauto/shared/schemas/stock-live';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/secrets';

/** Seconds a ticket stays valid before it is used (the same for every channel). */
export const TICKET_SECONDS = STOCK_ALERT_STREAM.ticketSeconds;

/**
 * Takes a single-use ticket for a signed-in session. EventSource cannot send an Authorization header and a session
 * token never goes into a URL, so a signed-in POST takes a ticket (256 random bits, stored as their SHA-256, valid a
 * minute, shared by every instance through the database, deleted with its session) and the stream presents it.
 * A ticket opens a stream of any channel; the stream checks the channel's permission on the session it stands for.
 */
export async function issueTicket(db: Db, clock: Clock, ctx: { businessId: string; sessionId: string }): Promise<StreamTicketResponse> {
  const now = clock.now();
  const { token, hash } = newToken();
  // Tickets never used are swept by the next one taken.
  await db.deleteFrom('stream_tickets').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('stream_tickets')
    .values({
      id: hash,
      business_id: ctx.businessId,
      session_id: ctx.sessionId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TICKET_SECONDS * 1000).toISOString(),
    })
    .execute();
  return { ticket: token, expires_in: TICKET_SECONDS };
}

/**
 * Consumes a ticket: answers the session it was taken for, or null for a missing, malformed, unknown, used or expired
 * one (all the same to the caller: not signed in).
 */
export async function redeemTicket(db: Db, clock: Clock, given: string | undefined): Promise<string | null> {
  if (!given || !TICKET_FORMAT.test(given)) return null;
  const taken = await db
    .deleteFrom('stream_tickets')
    .where('id', '=', hashToken(given))
    .returning(['session_id', 'expires_at'])
    .executeTakeFirst();
  if (!taken || new Date(taken.expires_at).getTime() < clock.now().getTime()) return null;
  return taken.session_id;
}
