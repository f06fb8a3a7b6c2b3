/**
 * A single-use ticket that opens one live stream (Server-Sent Events). EventSource cannot send an Authorization
 * header, and a session token must never travel in a URL: a signed-in request takes a ticket that lives a minute
 * and is consumed by the first stream that presents it. Stored as its SHA-256, like sessions.
 */
export interface StreamTicketsTable {
  id: string;
  business_id: string;
  session_id: string;
  created_at: string;
  expires_at: string;
}
