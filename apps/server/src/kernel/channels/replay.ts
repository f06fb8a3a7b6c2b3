import type { WireEvent } from './publish';

/** Events a channel keeps for a browser that reconnects: the last few minutes, at most REPLAY_EVENTS of them. */
export const REPLAY_EVENTS = 100;
export const REPLAY_MS = 5 * 60_000;

interface Kept {
  wire: WireEvent;
  /** When this instance heard it (the process's own clock: the replay is about real seconds of a dropped link). */
  at: number;
}

/**
 * The short in-memory replay of each channel (purpose and shop) on this instance. Every instance hears the same
 * committed events in the same order (PostgreSQL delivers notifications in commit order), so an id seen on one
 * instance is found on another that was listening at the time. What cannot be answered exactly (an id not kept, or
 * kept across a gap in listening) answers "resync": the browser reloads its state.
 */
export class ReplayBuffer {
  private readonly channels = new Map<string, Kept[]>();

  constructor(private readonly now: () => number = Date.now) {}

  add(wire: WireEvent): void {
    const key = channelKey(wire.purpose, wire.businessId);
    let kept = this.channels.get(key);
    if (!kept) this.channels.set(key, (kept = []));
    kept.push({ wire, at: this.now() });
    if (kept.length > REPLAY_EVENTS) kept.splice(0, kept.length - REPLAY_EVENTS);
  }

  /** The events after `lastId` on the channel, or null when `lastId` is not (or no longer) kept. */
  after(purpose: string, businessId: string, lastId: string): WireEvent[] | null {
    const kept = this.fresh(channelKey(purpose, businessId));
    const i = kept.findIndex((k) => k.wire.id === lastId);
    return i < 0 ? null : kept.slice(i + 1).map((k) => k.wire);
  }

  /** Forgets everything: after a gap in listening no channel's history is whole. */
  clear(): void {
    this.channels.clear();
  }

  /** Drops what is older than REPLAY_MS everywhere (run now and then, so idle shops' channels go away). */
  sweep(): void {
    for (const key of [...this.channels.keys()]) this.fresh(key);
  }

  private fresh(key: string): Kept[] {
    const kept = this.channels.get(key) ?? [];
    const cutoff = this.now() - REPLAY_MS;
    const old = kept.findIndex((k) => k.at >= cutoff);
    if (old !== 0) kept.splice(0, old < 0 ? kept.length : old);
    if (!kept.length) this.channels.delete(key);
    return kept;
  }
}

const channelKey = (purpose: string, businessId: string) => `${purpose}\u0000${businessId}`;
