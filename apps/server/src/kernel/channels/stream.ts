import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { STOCK_ALERT_STREAM } from '@posauto/shared/schemas/stock-live';
import type { ChannelHub, ChannelSubscriber, LiveEvent, Missed } from './hub';

/** Seconds between two heartbeats (a comment line) on an open stream, the same for every channel. */
export const HEARTBEAT_SECONDS = STOCK_ALERT_STREAM.heartbeatSeconds;

export interface StreamOptions {
  hub: ChannelHub;
  /** The streams open on this app, ended before it closes. */
  open: Set<ServerResponse>;
  channel: Pick<ChannelSubscriber, 'purpose' | 'businessId' | 'branchId'>;
  lastEventId: string | null;
  /** Whether the stream's session still stands (asked at each heartbeat: a stream ends with its session). */
  alive(): Promise<boolean>;
  log: FastifyBaseLogger;
}

const frame = (e: LiveEvent) => `id: ${e.id}\nevent: ${e.event}\ndata: ${e.data}\n\n`;
const RESYNC = 'event: resync\ndata: {}\n\n';

/**
 * Answers a request with a Server-Sent Events stream of one channel: `ready` once this instance listens for it, then
 * what it missed since its Last-Event-ID (or `resync` when that is not kept), then each event with its id, `resync`
 * whenever events may have been lost, and a comment every HEARTBEAT_SECONDS so that proxies keep it open.
 */
export async function serveStream(reply: FastifyReply, o: StreamOptions): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  o.open.add(res);
  const write = (text: string) => {
    if (!res.writableEnded) res.write(text);
  };
  let unsubscribe: (() => void) | null = null;
  const timers: { heartbeat?: NodeJS.Timeout } = {};
  const cleanup = () => {
    clearInterval(timers.heartbeat);
    unsubscribe?.();
    unsubscribe = null;
    o.open.delete(res);
    if (!res.writableEnded) res.end();
  };
  res.on('close', cleanup);
  res.on('error', cleanup);
  const opened = (missed: Missed) => {
    write('retry: 5000\nevent: ready\ndata: {}\n\n');
    if (missed === 'resync') write(RESYNC);
    else for (const e of missed ?? []) write(frame(e));
  };
  try {
    unsubscribe = await o.hub.subscribe({ ...o.channel, send: (e) => write(frame(e)), resync: () => write(RESYNC) }, o.lastEventId, opened);
  } catch (e) {
    o.log.error(e, `live channel ${o.channel.purpose}: cannot listen`);
    return cleanup();
  }
  if (res.destroyed || res.writableEnded) return cleanup();
  timers.heartbeat = setInterval(() => {
    void o.alive().then((alive) => (alive ? write(': ping\n\n') : cleanup()), cleanup);
  }, HEARTBEAT_SECONDS * 1000);
  timers.heartbeat.unref();
}
