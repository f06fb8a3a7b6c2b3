import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { errorSchema } from '@posauto/shared/schemas/common';
import {
  STOCK_ALERT_STREAM,
  streamQuerySchema,
  TICKET_FORMAT,
  streamTicketResponseSchema,
  type StockAlertEvent,
} from '@posauto/shared/schemas/stock-live';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { forbidden, unauthorized } from '../../http/errors';
import { hashToken, newToken } from '../../lib/secrets';
import { authenticateSession, SESSION_IDLE_MS } from '../auth/index';
import { createStockAlertBus, type StockAlertBus } from './stock-alert-bus';

const buses = new WeakMap<Deps, StockAlertBus>();

/** The broadcaster of the app built with these deps (tests look at how many streams it holds). */
export function stockAlertBusOf(deps: Deps): StockAlertBus | undefined {
  return buses.get(deps);
}

/**
 * Live stock alerts over Server-Sent Events. A signed-in caller with stock-management POSTs for a ticket (random,
 * stored as its SHA-256, valid a minute, consumed by the first stream that presents it, shared by every instance
 * through the database), then opens the stream with it: the session token never appears in a URL. The stream
 * carries the alerts of the caller's shop (a branch user: its branch), a heartbeat comment, and ends when the
 * session does or the server closes.
 */
export function stockAlertStreamRoutes(app: AppInstance, deps: Deps): void {
  const { db, clock } = deps;
  const bus = createStockAlertBus(deps);
  buses.set(deps, bus);
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });

  app.post(STOCK_ALERT_STREAM.ticket, {
    config: { access: { permission: 'stock-management' } },
    schema: {
      tags: ['stock notifications'],
      operationId: 'createStockAlertStreamTicket',
      summary: 'A single-use ticket (valid one minute) that opens the live stock alert stream',
      response: { 200: streamTicketResponseSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (req) => {
      const ctx = ctxOf(req);
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
          expires_at: new Date(now.getTime() + STOCK_ALERT_STREAM.ticketSeconds * 1000).toISOString(),
        })
        .execute();
      return { ticket: token, expires_in: STOCK_ALERT_STREAM.ticketSeconds };
    },
  });

  app.get(STOCK_ALERT_STREAM.stream, {
    // The ticket is the credential: checked, consumed and turned back into its session's context below.
    config: { access: { public: true } },
    schema: {
      tags: ['stock notifications'],
      operationId: 'streamStockAlerts',
      summary: 'Live low-stock alerts (text/event-stream), opened with a ticket from the stream-ticket route',
      description:
        'Events: `ready` once listening, `alert` (data: the new alert as JSON), `resync` (alerts may have been missed: re-read). ' +
        'A comment line every 25 s keeps the connection open. The ticket is single-use; take a new one to reconnect. ' +
        'A missing, used, expired or unknown ticket, or one whose session has ended, answers 401; a session that lost ' +
        'stock-management answers 403.',
      querystring: streamQuerySchema,
      response: {
        200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
      },
    },
    handler: async (req, reply) => {
      // No ticket or a malformed one is the same as a wrong one: not signed in.
      const given = req.query.ticket;
      if (!given || !TICKET_FORMAT.test(given)) throw unauthorized();
      const id = hashToken(given);
      const taken = await db.deleteFrom('stream_tickets').where('id', '=', id).returning(['session_id', 'expires_at']).executeTakeFirst();
      if (!taken || new Date(taken.expires_at).getTime() < clock.now().getTime()) throw unauthorized();
      const ctx = await authenticateSession(deps, taken.session_id, req.ip ?? null);
      if (!ctx) throw unauthorized();
      if (!ctx.permissions.has('stock-management')) throw forbidden();

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      open.add(res);
      const write = (text: string) => {
        if (!res.writableEnded) res.write(text);
      };
      let unsubscribe: (() => void) | null = null;
      const timers: { heartbeat?: NodeJS.Timeout } = {};
      const cleanup = () => {
        clearInterval(timers.heartbeat);
        unsubscribe?.();
        unsubscribe = null;
        open.delete(res);
        if (!res.writableEnded) res.end();
      };
      res.on('close', cleanup);
      res.on('error', cleanup);
      try {
        unsubscribe = await bus.subscribe({
          businessId: ctx.businessId,
          branchId: ctx.branchId,
          alert: (event: StockAlertEvent) => write(`event: alert\ndata: ${JSON.stringify(event)}\n\n`),
          resync: () => write('event: resync\ndata: {}\n\n'),
        });
      } catch (e) {
        req.log.error(e, 'stock alert stream: cannot listen');
        cleanup();
        return;
      }
      if (res.destroyed || res.writableEnded) return cleanup();
      write('retry: 5000\nevent: ready\ndata: {}\n\n');
      // A heartbeat keeps proxies from closing an idle stream; a stream whose session has ended closes.
      timers.heartbeat = setInterval(() => {
        void sessionAlive(taken.session_id).then((alive) => (alive ? write(': ping\n\n') : cleanup()), cleanup);
      }, STOCK_ALERT_STREAM.heartbeatSeconds * 1000);
      timers.heartbeat.unref();
    },
  });

  /** Whether the stream's session still stands (read without touching it: a stream does not keep a session awake). */
  async function sessionAlive(sessionId: string): Promise<boolean> {
    const s = await db.selectFrom('sessions').select('last_seen_at').where('id', '=', sessionId).executeTakeFirst();
    return Boolean(s) && clock.now().getTime() - new Date(s!.last_seen_at).getTime() <= SESSION_IDLE_MS;
  }
}
