import { describe, expect, it } from 'vitest';
import { liveClient, type EventSourceLike, type LiveDeps } from './live-channel';

/** A fake EventSource the test drives: what URL it was opened with, and events sent to it. */
class FakeSource implements EventSourceLike {
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown = {}, id = '') {
    for (const h of this.handlers.get(type) ?? []) h({ data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
  }
}

function browser(tickets: Array<string | null | Error> = []) {
  const sources: FakeSource[] = [];
  const timers: Array<() => void> = [];
  const deps: LiveDeps = {
    takeTicket: async () => {
      const t = tickets.length ? tickets.shift()! : `ticket-${sources.length}`;
      if (t instanceof Error) throw t;
      return t;
    },
    openSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    setTimeout: (fn) => timers.push(fn),
    clearTimeout: () => undefined,
  };
  return { listen: liveClient(deps), sources, timers, last: () => sources[sources.length - 1]! };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const CHANNEL = { ticket: '/t', stream: '/s' };

describe('liveClient', () => {
  it('opens one stream per channel for every listener, and closes it with the last one', async () => {
    const b = browser();
    const heard: unknown[] = [];
    const stopA = b.listen(CHANNEL, { events: ['alert'], onEvent: (_, d) => heard.push(['a', d]) });
    const stopB = b.listen(CHANNEL, { events: ['alert'], onEvent: (_, d) => heard.push(['b', d]) });
    await tick();
    expect(b.sources).toHaveLength(1);
    expect(b.last().url).toBe('/s?ticket=ticket-0');
    b.last().emit('alert', { n: 1 }, 'e1');
    expect(heard).toEqual([
      ['a', { n: 1 }],
      ['b', { n: 1 }],
    ]);
    stopA();
    expect(b.last().closed).toBe(false);
    stopB();
    expect(b.last().closed).toBe(true);
  });

  it('re-reads on a first connection; reconnects with a new ticket and the last id, and re-reads only on resync', async () => {
    const b = browser();
    let syncs = 0;
    const stop = b.listen(CHANNEL, { events: ['alert'], onSync: () => syncs++ });
    await tick();
    b.last().emit('ready');
    expect(syncs).toBe(1);
    b.last().emit('alert', {}, 'e7');
    b.last().fail();
    expect(b.sources[0]!.closed).toBe(true);
    b.timers.shift()!();
    await tick();
    expect(b.last().url).toBe('/s?ticket=ticket-1&last_event_id=e7');
    // Resumed: the server replays what was missed, no re-read needed.
    b.last().emit('ready');
    expect(syncs).toBe(1);
    b.last().emit('resync');
    expect(syncs).toBe(2);
    stop();
  });

  it('stops when the ticket is refused (signed out, no longer allowed), and retries when the server is unreachable', async () => {
    const refused = browser([null]);
    const stop = refused.listen({ ticket: '/t2', stream: '/s2' }, { events: [] });
    await tick();
    expect(refused.sources).toHaveLength(0);
    expect(refused.timers).toHaveLength(0);
    stop();
    const down = browser([new Error('network')]);
    const stopDown = down.listen({ ticket: '/t3', stream: '/s3' }, { events: [] });
    await tick();
    expect(down.timers).toHaveLength(1);
    down.timers.shift()!();
    await tick();
    expect(down.sources).toHaveLength(1);
    stopDown();
  });
});
