import { notificationsOf } from '../../db/dialect/notify';
import { LIVE_DB_CHANNEL, readWire, type WireEvent } from './publish';
import { ReplayBuffer, REPLAY_MS } from './replay';

/** One live event as a stream sends it. */
export interface LiveEvent {
  id: string;
  event: string;
  /** JSON. */
  data: string;
}

/** One listener: which channel it hears (purpose, shop, and a branch or the whole shop) and how to reach it. */
export interface ChannelSubscriber {
  purpose: string;
  businessId: string;
  /** Null: every branch of the shop (and a shop-scoped purpose's events). */
  branchId: string | null;
  send(event: LiveEvent): void;
  /** Events may have been missed (the listening connection was lost and is back): reload. */
  resync(): void;
}

/**
 * What a new subscriber missed, decided in the same turn that adds it (so that no event falls between the two):
 * `null` for a first connection, the events after its Last-Event-ID, or 'resync' when that id is not kept.
 */
export type Missed = LiveEvent[] | 'resync' | null;

export interface ChannelHub {
  /**
   * Adds a subscriber once this instance listens; `opened` runs before any event reaches it, with what it missed since
   * `lastEventId`. Resolves with the function that removes it.
   */
  subscribe(sub: ChannelSubscriber, lastEventId: string | null, opened?: (missed: Missed) => void): Promise<() => void>;
  /** How many subscribers this instance holds (of one purpose, when named). */
  count(purpose?: string): number;
  close(): Promise<void>;
}

const hears = (sub: ChannelSubscriber, w: WireEvent) =>
  sub.purpose === w.purpose && sub.businessId === w.businessId && (!sub.branchId || !w.branchId || sub.branchId === w.branchId);
const asLive = (w: WireEvent): LiveEvent => ({ id: w.id, event: w.event, data: w.data });

/**
 * The broadcaster of one app: a single listener on the live database channel (on PostgreSQL one dedicated LISTEN
 * connection per instance, opened with the first subscriber, reconnecting by itself) fans each committed event out to
 * the subscribers of its channel and keeps it for replay. A lost connection clears the replay and tells every
 * subscriber to resync.
 */
export function createChannelHub(db: object): ChannelHub {
  const subscribers = new Set<ChannelSubscriber>();
  const replay = new ReplayBuffer();
  let listening: Promise<() => Promise<void>> | null = null;
  let sweeper: NodeJS.Timeout | undefined;
  let closed = false;

  const fanOut = (raw: string) => {
    const wire = readWire(raw);
    if (!wire) return;
    replay.add(wire);
    const event = asLive(wire);
    for (const s of subscribers) if (hears(s, wire)) s.send(event);
  };
  const lost = () => {
    replay.clear();
    for (const s of subscribers) s.resync();
  };
  const listen = () => {
    const source = notificationsOf(db);
    if (!source) throw new Error('this database was not opened by openDatabase: no notifications');
    if (!listening) {
      sweeper = setInterval(() => replay.sweep(), REPLAY_MS);
      sweeper.unref();
    }
    listening ??= source.listen(LIVE_DB_CHANNEL, fanOut, lost).catch((e: unknown) => {
      listening = null;
      throw e;
    });
    return listening;
  };
  const missedBy = (sub: ChannelSubscriber, lastEventId: string | null): Missed => {
    if (!lastEventId) return null;
    const after = replay.after(sub.purpose, sub.businessId, lastEventId);
    return after ? after.filter((w) => hears(sub, w)).map(asLive) : 'resync';
  };

  return {
    async subscribe(sub, lastEventId, opened) {
      if (closed) throw new Error('closed');
      await listen();
      if (closed) throw new Error('closed');
      opened?.(missedBy(sub, lastEventId));
      subscribers.add(sub);
      return () => void subscribers.delete(sub);
    },
    count(purpose) {
      let n = 0;
      for (const s of subscribers) if (!purpose || s.purpose === purpose) n++;
      return n;
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      subscribers.clear();
      replay.clear();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
