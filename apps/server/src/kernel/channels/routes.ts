import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { errorSchema } from '@posauto/shared/schemas/common';
import { streamQuerySchema, streamTicketResponseSchema } from '@posauto/shared/schemas/stock-live';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { branchScope, type RequestContext } from '../../http/context';
import { forbidden, unauthorized } from '../../http/errors';
import { createChannelHub, type ChannelHub } from './hub';
import type { ChannelPurpose } from './purposes';
import { serveStream } from './stream';
import { issueTicket, redeemTicket } from './tickets';

/** What the channels need of the sessions (given by the auth module: the kernel imports no module). */
export interface LiveSessions {
  /** The context of a session that still stands, or null. */
  authenticate(sessionId: string, ip: string | null): Promise<RequestContext | null>;
  /** Whether the session still stands, read without touching it (a stream does not keep a session awake). */
  alive(sessionId: string): Promise<boolean>;
}

/** The two routes of one purpose's channels: where they are, and what the API document says of them. */
export interface ChannelRoutesSpec {
  purpose: ChannelPurpose;
  ticketPath: string;
  streamPath: string;
  sessions: LiveSessions;
  docs: {
    tag: string;
    ticket: { operationId: string; summary: string };
    stream: { operationId: string; summary: string; description: string };
  };
}

/** A stream names what it saw last (EventSource's Last-Event-ID, or this for a client that opens a new one) and a branch. */
export const liveStreamQuerySchema = streamQuerySchema.extend({
  last_event_id: z.string().max(100, 'validation.invalid').optional(),
  branch_id: z.string().max(100, 'validation.invalid').optional(),
});

interface Host {
  hub: ChannelHub;
  open: Set<ServerResponse>;
}
const hosts = new WeakMap<Deps, Host>();

/** The live channels' broadcaster of the app built with these deps (tests look at how many streams it holds). */
export function channelHubOf(deps: Deps): ChannelHub | undefined {
  return hosts.get(deps)?.hub;
}

/** One broadcaster per app, whatever the number of purposes: its streams end before the app closes, then it stops. */
function hostOf(app: AppInstance, deps: Deps): Host {
  let host = hosts.get(deps);
  if (host) return host;
  host = { hub: createChannelHub(deps.db), open: new Set() };
  hosts.set(deps, host);
  const { hub, open } = host;
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
  return host;
}

/**
 * Registers the ticket and stream routes of a purpose's channels. The ticket route needs the purpose's permission;
 * the stream route is public to the access check because its ticket is the credential, consumed and turned back into
 * its session's context, which must still hold the permission. A branch user hears its branch; a shop-wide user
 * hears the whole shop, or the branch it names (a screen of one branch).
 */
export function registerChannelRoutes(app: AppInstance, deps: Deps, spec: ChannelRoutesSpec): void {
  const { db, clock } = deps;
  const { purpose, sessions, docs } = spec;
  const host = hostOf(app, deps);

  app.post(spec.ticketPath, {
    config: { access: { permission: purpose.permission } },
    schema: {
      tags: [docs.tag],
      ...docs.ticket,
      response: { 200: streamTicketResponseSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => issueTicket(db, clock, ctxOf(req)),
  });

  app.get(spec.streamPath, {
    config: { access: { public: true } },
    schema: {
      tags: [docs.tag],
      ...docs.stream,
      querystring: liveStreamQuerySchema,
      response: {
        200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
      },
    },
    handler: async (req, reply) => {
      const sessionId = await redeemTicket(db, clock, req.query.ticket);
      const ctx = sessionId && (await sessions.authenticate(sessionId, req.ip ?? null));
      if (!sessionId || !ctx) throw unauthorized();
      if (!ctx.permissions.has(purpose.permission)) throw forbidden();
      const header = req.headers['last-event-id'];
      await serveStream(reply, {
        ...host,
        channel: {
          purpose: purpose.name,
          businessId: ctx.businessId,
          branchId: purpose.scope === 'branch' ? branchScope(ctx, req.query.branch_id ?? null) : null,
        },
        lastEventId: (typeof header === 'string' && header) || req.query.last_event_id || null,
        alive: () => sessions.alive(sessionId),
        log: req.log,
      });
    },
  });
}
