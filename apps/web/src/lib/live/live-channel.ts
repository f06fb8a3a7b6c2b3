/** Where a live channel is opened: the signed-in POST that takes a ticket, and the stream that presents it. */
export interface LiveChannel {
  ticket: string;
  stream: string;
}

/** What a screen does with a channel: named events as they come, and a reload when it may have missed some. */
export interface LiveListener {
  /** An event the server published (its data parsed from JSON). */
  onEvent?(event: string, data: unknown): void;
  /** What the screen shows may be stale (first connection, or events were lost): re-read it. */
  onSync?(): void;
  /** The event names this listener wants (EventSource hears only names it was asked for). */
  events: readonly string[];
}

/** What the client needs of the browser (use-live-channel.ts gives the real one; a test its own). */
export interface LiveDeps {
  /** A single-use ticket, or null when the caller may not listen (signed out, not allowed): then it stops. */
  takeTicket(path: string): Promise<string | null>;
  openSource(url: string): EventSourceLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The part of EventSource the client uses. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void;
  onerror: ((e: Event) => void) | null;
  close(): void;
}

/** The longest pause between two attempts to reconnect. */
const MAX_PAUSE_MS = 30_000;

interface Connection {
  listeners: Set<LiveListener>;
  /** Event names already listened for on the current EventSource. */
  names: Set<string>;
  stop(): void;
  listen(name: string): void;
}

/**
 * A tab's live client. Each call listens to a live channel: one Server-Sent Events stream per tab and channel, shared
 * by every listener. EventSource cannot send the session token, so each connection first takes a single-use ticket with a signed-in POST. A lost
 * connection comes back with a growing pause and a fresh ticket, naming the last event it saw (`last_event_id`): the
 * server replays what was missed, or says `resync` and the listeners re-read. Signed out or no longer allowed: it
 * stops. Answers the function that stops listening (the last one out closes the stream).
 */
export function liveClient(deps: LiveDeps): (channel: LiveChannel, listener: LiveListener) => () => void {
  /** One connection per channel in this tab, however many components listen to it. */
  const connections = new Map<string, Connection>();
  return (channel, listener) => {
    let conn = connections.get(channel.stream);
    if (!conn) connections.set(channel.stream, (conn = connect(channel, deps)));
    conn.listeners.add(listener);
    for (const name of listener.events) conn.listen(name);
    const c = conn;
    return () => {
      c.listeners.delete(listener);
      if (c.listeners.size === 0 && connections.get(channel.stream) === c) {
        connections.delete(channel.stream);
        c.stop();
      }
    };
  };
}

function connect(channel: LiveChannel, deps: LiveDeps): Connection {
  const listeners = new Set<LiveListener>();
  const names = new Set<string>();
  let source: EventSourceLike | null = null;
  let timer: unknown;
  let closed = false;
  let failures = 0;
  /** The id of the last event heard: a reconnection resumes from it. */
  let lastId: string | null = null;

  const sync = () => {
    for (const l of listeners) l.onSync?.();
  };
  const deliver = (name: string) => (e: MessageEvent<string>) => {
    if (e.lastEventId) lastId = e.lastEventId;
    let data: unknown = null;
    try {
      data = JSON.parse(e.data);
    } catch {
      /* not JSON: handed on as null */
    }
    for (const l of listeners) if (l.events.includes(name)) l.onEvent?.(name, data);
  };
  const retry = () => {
    if (closed) return;
    failures += 1;
    timer = deps.setTimeout(() => void open(), Math.min(MAX_PAUSE_MS, 1000 * 2 ** Math.min(failures - 1, 5)));
  };

  const open = async () => {
    if (closed) return;
    let ticket: string | null;
    try {
      ticket = await deps.takeTicket(channel.ticket);
    } catch {
      return retry();
    }
    // Signed out or no longer allowed: nothing to listen to (the API client handles a signed-out session).
    if (closed || ticket === null) return;
    const resumeFrom = lastId;
    const query = `ticket=${encodeURIComponent(ticket)}${resumeFrom ? `&last_event_id=${encodeURIComponent(resumeFrom)}` : ''}`;
    const es = deps.openSource(`${channel.stream}?${query}`);
    source = es;
    names.clear();
    // Listening from now on. A first connection re-reads once, for whatever came before it; a resumed one is sent
    // what it missed (or `resync`).
    es.addEventListener('ready', () => {
      failures = 0;
      if (!resumeFrom) sync();
    });
    es.addEventListener('resync', sync);
    for (const l of listeners) for (const name of l.events) listen(name);
    // The browser would retry with the same (used) ticket: close and come back with a new one instead.
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  };
  const listen = (name: string) => {
    if (!source || names.has(name)) return;
    names.add(name);
    source.addEventListener(name, deliver(name));
  };

  void open();
  return {
    listeners,
    names,
    listen,
    stop() {
      closed = true;
      deps.clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
