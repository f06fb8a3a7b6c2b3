import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STOCK_ALERT_STREAM, type StreamTicketResponse } from '@posauto/shared/schemas/stock-live';
import { api, ApiError } from '../../lib/api-client';

/** What the stream's events refresh: the bell and the notification screen both read under this key. */
const NOTIFICATIONS_KEY = ['stock-notifications'];

let users = 0;
let stop: (() => void) | null = null;

/**
 * Keeps the stock notifications live while a component that shows them is mounted: one Server-Sent Events stream per
 * tab, however many components ask. EventSource cannot send the session token, so each connection first takes a
 * single-use ticket with a signed-in POST. An event refreshes the notification queries; so does each (re)connection,
 * since alerts may have been raised before it listened. A lost connection comes back with a growing pause and a fresh
 * ticket.
 */
export function useLiveStockAlerts(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    users += 1;
    if (users === 1) stop = connect(qc);
    return () => {
      users -= 1;
      if (users === 0) {
        stop?.();
        stop = null;
      }
    };
  }, [enabled, qc]);
}

function connect(qc: QueryClient): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let failures = 0;
  const refresh = () => void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });

  const retry = () => {
    if (closed) return;
    failures += 1;
    timer = setTimeout(() => void open(), Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5)));
  };

  const open = async () => {
    if (closed) return;
    let ticket: string;
    try {
      ticket = (await api.post<StreamTicketResponse>(STOCK_ALERT_STREAM.ticket)).ticket;
    } catch (e) {
      // Signed out or no longer allowed: nothing to listen to (the API client handles a signed-out session).
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return;
      return retry();
    }
    if (closed) return;
    const es = new EventSource(`${STOCK_ALERT_STREAM.stream}?ticket=${encodeURIComponent(ticket)}`);
    source = es;
    // Listening from now on: re-read once, for whatever was raised before (or while the connection was down).
    es.addEventListener('ready', () => {
      failures = 0;
      refresh();
    });
    es.addEventListener('alert', refresh);
    es.addEventListener('resync', refresh);
    // The browser would retry with the same (used) ticket: close and come back with a new one instead.
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  };

  void open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}
