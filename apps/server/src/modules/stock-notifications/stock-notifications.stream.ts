import { STOCK_ALERT_STREAM, type StockAlertEvent } from '@posauto/shared/schemas/stock-live';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { channelHubOf, registerChannelRoutes, type LiveSessions } from '../../kernel/channels/index';
import { authenticateSession, SESSION_IDLE_MS } from '../auth/index';
import { STOCK_ALERTS } from './stock-alerts';

/** One listener of the stock alerts in this process (tests, and anything else that watches without a browser). */
export interface AlertSubscriber {
  businessId: string;
  /** A branch user's branch: it hears only that branch's alerts. Null: the whole shop. */
  branchId: string | null;
  alert(event: StockAlertEvent): void;
  /** Alerts may have been missed (the listening connection was lost and is back). */
  resync(): void;
}

/** The stock alerts as seen through the app's live channels. */
export interface StockAlertBus {
  /** Adds a subscriber; resolves once this instance listens, with the function that removes it. */
  subscribe(sub: AlertSubscriber): Promise<() => void>;
  /** How many stock alert streams are open on this instance. */
  readonly size: number;
}

/** The stock alerts' side of the broadcaster of the app built with these deps (tests look at how many streams it holds). */
export function stockAlertBusOf(deps: Deps): StockAlertBus | undefined {
  const hub = channelHubOf(deps);
  if (!hub) return undefined;
  return {
    subscribe: (sub) =>
      hub.subscribe(
        {
          purpose: STOCK_ALERTS.name,
          businessId: sub.businessId,
          branchId: sub.branchId,
          send: (e) => sub.alert(JSON.parse(e.data) as StockAlertEvent),
          resync: () => sub.resync(),
        },
        null,
      ),
    get size() {
      return hub.count(STOCK_ALERTS.name);
    },
  };
}

/**
 * Live stock alerts over Server-Sent Events, on the kernel's live channels: a signed-in caller with stock-management
 * POSTs for a single-use ticket, then opens the stream with it. The stream carries the alerts of the caller's shop
 * (a branch user: its branch), with ids a reconnecting browser can resume from, and a heartbeat.
 */
export function stockAlertStreamRoutes(app: AppInstance, deps: Deps): void {
  const { db, clock } = deps;
  const sessions: LiveSessions = {
    authenticate: (sessionId, ip) => authenticateSession(deps, sessionId, ip),
    async alive(sessionId) {
      const s = await db.selectFrom('sessions').select('last_seen_at').where('id', '=', sessionId).executeTakeFirst();
      return Boolean(s) && clock.now().getTime() - new Date(s!.last_seen_at).getTime() <= SESSION_IDLE_MS;
    },
  };
  registerChannelRoutes(app, deps, {
    purpose: STOCK_ALERTS,
    ticketPath: STOCK_ALERT_STREAM.ticket,
    streamPath: STOCK_ALERT_STREAM.stream,
    sessions,
    docs: {
      tag: 'stock notifications',
      ticket: {
        operationId: 'createStockAlertStreamTicket',
        summary: 'A single-use ticket (valid one minute) that opens the live stock alert stream',
      },
      stream: {
        operationId: 'streamStockAlerts',
        summary: 'Live low-stock alerts (text/event-stream), opened with a ticket from the stream-ticket route',
        description:
          'Events: `ready` once listening, `alert` (data: the new alert as JSON, with an id), `resync` (alerts may have ' +
          'been missed: re-read). A reconnecting client sends the last id it saw (`Last-Event-ID`, or `last_event_id`) and ' +
          'gets what it missed, or `resync`. A comment line every 25 s keeps the connection open. The ticket is ' +
          'single-use; take a new one to reconnect. A missing, used, expired or unknown ticket, or one whose session has ' +
          'ended, answers 401; a session that lost stock-management answers 403.',
      },
    },
  });
}
