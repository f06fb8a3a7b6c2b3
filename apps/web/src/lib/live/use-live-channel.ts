import { useEffect, useRef } from 'react';
import type { StreamTicketResponse } from '@posauto/shared/schemas/stock-live';
import { api, ApiError } from '../api-client';
import { liveClient, type LiveChannel } from './live-channel';

/** The tab's one live client: tickets through the API client, streams through the browser's EventSource. */
const listenLive = liveClient({
  async takeTicket(path) {
    try {
      return (await api.post<StreamTicketResponse>(path)).ticket;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return null;
      throw e;
    }
  },
  openSource: (url) => new EventSource(url),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/**
 * Keeps a component listening to a live channel while it is mounted and `enabled` (one stream per tab and channel,
 * lib/live/live-channel.ts). `onEvent` gets each named event; `onSync` is asked to re-read when events may have been
 * missed. The handlers may change between renders without reopening the stream.
 */
export function useLiveChannel(
  channel: LiveChannel,
  enabled: boolean,
  events: readonly string[],
  handlers: { onEvent?(event: string, data: unknown): void; onSync?(): void },
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const names = events.join(',');
  const { ticket, stream } = channel;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return listenLive(
      { ticket, stream },
      {
        events: names.split(','),
        onEvent: (event, data) => latest.current.onEvent?.(event, data),
        onSync: () => latest.current.onSync?.(),
      },
    );
  }, [enabled, ticket, stream, names]);
}
