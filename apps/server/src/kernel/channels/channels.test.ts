import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { bearer, createTestApp, loginAs, TEST_DB, type TestContext } from '../../../test/harness';
import { createShop, type TestShop } from '../../../test/factories';
import { publishStockAlert } from '../../modules/stock-notifications/index';
import { createChannelHub, type ChannelHub, type ChannelSubscriber, type LiveEvent, type Missed } from './hub';
import { channelHubOf, definePurpose, publishLive } from './index';

/** Two purposes of the test's own: one cut by branch (a kitchen), one for the whole shop (a room board). */
const KITCHEN = definePurpose({ name: 'test-kitchen', permission: 'stock-management', scope: 'branch' });
const BOARD = definePurpose({ name: 'test-board', permission: 'stock-management', scope: 'shop' });

/** A subscriber that keeps what it hears, and waits for it. */
function listener(purpose: string, businessId: string, branchId: string | null) {
  const heard: LiveEvent[] = [];
  let resyncs = 0;
  let missed: Missed = null;
  const sub: ChannelSubscriber = {
    purpose,
    businessId,
    branchId,
    send: (e) => heard.push(e),
    resync: () => resyncs++,
  };
  return {
    sub,
    heard,
    get resyncs() {
      return resyncs;
    },
    get missed() {
      return missed;
    },
    opened: (m: Missed) => (missed = m),
    data: () => heard.map((e) => JSON.parse(e.data) as { n: number }),
  };
}

const settle = async (until: () => boolean, ms = 5000) => {
  for (let waited = 0; !until() && waited < ms; waited += 20) await new Promise((r) => setTimeout(r, 20));
};

let t: TestContext;
let shop: TestShop;
let rival: TestShop;
let hub: ChannelHub;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  shop = await createShop(t.deps, { branches: ['Riverside', 'Market'] });
  rival = await createShop(t.deps);
  hub = channelHubOf(t.deps)!;
});
afterAll(() => t.close());

const kitchen = (n: number, branchId: string, businessId = shop.businessId) =>
  publishLive(t.deps.db, t.deps.kind, KITCHEN, { businessId, branchId, event: 'ticket', data: { n } });

describe('live channels', () => {
  it('keeps a branch-scoped event to its shop and branch; a shop-wide listener hears every branch', async () => {
    const [a, b] = shop.branchIds as [string, string];
    const whole = listener(KITCHEN.name, shop.businessId, null);
    const onA = listener(KITCHEN.name, shop.businessId, a);
    const onB = listener(KITCHEN.name, shop.businessId, b);
    const stranger = listener(KITCHEN.name, rival.businessId, null);
    const board = listener(BOARD.name, shop.businessId, a);
    const stops = await Promise.all([whole, onA, onB, stranger, board].map((l) => hub.subscribe(l.sub, null)));

    await kitchen(1, a);
    await kitchen(2, b);
    await kitchen(3, rival.branchIds[0]!, rival.businessId);
    await publishLive(t.deps.db, t.deps.kind, BOARD, { businessId: shop.businessId, branchId: null, event: 'room', data: { n: 4 } });
    await settle(() => whole.heard.length >= 2 && stranger.heard.length >= 1 && board.heard.length >= 1);

    expect(whole.data()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(onA.data()).toEqual([{ n: 1 }]);
    expect(onB.data()).toEqual([{ n: 2 }]);
    expect(stranger.data()).toEqual([{ n: 3 }]);
    // A shop-scoped purpose reaches every listener of the shop, whatever its branch; no other purpose hears it.
    expect(board.data()).toEqual([{ n: 4 }]);
    expect(whole.heard.every((e) => e.event === 'ticket')).toBe(true);
    for (const stop of stops) stop();
  });

  it('refuses an event that does not fit its purpose', async () => {
    await expect(
      publishLive(t.deps.db, t.deps.kind, KITCHEN, { businessId: shop.businessId, branchId: null, event: 'x', data: 1 }),
    ).rejects.toThrow();
    await expect(
      publishLive(t.deps.db, t.deps.kind, BOARD, { businessId: shop.businessId, branchId: shop.branchIds[0]!, event: 'x', data: 1 }),
    ).rejects.toThrow();
    await expect(
      publishLive(t.deps.db, t.deps.kind, BOARD, { businessId: shop.businessId, branchId: null, event: 'resync', data: 1 }),
    ).rejects.toThrow();
  });

  it('delivers an event published in a transaction only when it commits, and never one rolled back', async () => {
    const l = listener(KITCHEN.name, shop.businessId, null);
    const stop = await hub.subscribe(l.sub, null);
    await t.deps.db
      .transaction()
      .execute(async (trx) => {
        await publishLive(trx, t.deps.kind, KITCHEN, {
          businessId: shop.businessId,
          branchId: shop.branchIds[0]!,
          event: 'ticket',
          data: { n: -1 },
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.deps.db.transaction().execute(async (trx) => {
      await publishLive(trx, t.deps.kind, KITCHEN, {
        businessId: shop.businessId,
        branchId: shop.branchIds[0]!,
        event: 'ticket',
        data: { n: 5 },
      });
      // Not yet: the transaction has not committed.
      await new Promise((r) => setTimeout(r, 50));
      expect(l.heard).toEqual([]);
    });
    await settle(() => l.heard.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(l.data()).toEqual([{ n: 5 }]);
    stop();
  });

  it('answers a reconnection with what it missed after its Last-Event-ID, or resync when that id is not kept', async () => {
    const [a, b] = shop.branchIds as [string, string];
    const first = listener(KITCHEN.name, shop.businessId, a);
    const stop = await hub.subscribe(first.sub, null);
    expect(first.missed).toBeNull();
    await kitchen(10, a);
    await settle(() => first.heard.length >= 1);
    const lastSeen = first.heard[0]!.id;
    stop();
    // While it is away: two events of its branch, one of another branch.
    await kitchen(11, a);
    await kitchen(12, b);
    await kitchen(13, a);
    await settle(() => false, 100);

    const back = listener(KITCHEN.name, shop.businessId, a);
    const stopBack = await hub.subscribe(back.sub, lastSeen, back.opened);
    expect(back.missed === 'resync' || back.missed === null ? back.missed : back.missed.map((e) => JSON.parse(e.data))).toEqual([
      { n: 11 },
      { n: 13 },
    ]);
    stopBack();
    const lost = listener(KITCHEN.name, shop.businessId, a);
    (await hub.subscribe(lost.sub, 'an-id-never-kept', lost.opened))();
    expect(lost.missed).toBe('resync');
  });

  it('replays over the stream: a Last-Event-ID header gets the missed events with their ids, an unknown one resync', async () => {
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const owner = await loginAs(t.app, { email: shop.login.email, password: shop.login.password });
    const ticket = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/stock-notifications/stream-ticket', headers: bearer(owner) })).json()
        .ticket as string;
    const alert = (id: string) =>
      publishStockAlert(t.deps.db, t.deps.kind, {
        business_id: shop.businessId,
        id,
        branch_id: shop.branchIds[0]!,
        product_id: null,
        name: id,
        image: null,
        stock_level: 0,
        created_at: t.clock.now().toISOString(),
      });
    const s = await sse(port, await ticket(), null);
    expect((await s.next()).event).toBe('ready');
    await alert('first');
    const seen = await s.next();
    expect(seen.event).toBe('alert');
    expect(seen.id).toBeTruthy();
    s.close();
    await alert('second');
    await alert('third');
    await settle(() => false, 100);

    const back = await sse(port, await ticket(), seen.id);
    expect((await back.next()).event).toBe('ready');
    const missed = [await back.next(), await back.next()];
    expect(missed.map((e) => [e.event, JSON.parse(e.data).id])).toEqual([
      ['alert', 'second'],
      ['alert', 'third'],
    ]);
    back.close();
    const stale = await sse(port, await ticket(), 'an-id-never-kept');
    expect((await stale.next()).event).toBe('ready');
    expect((await stale.next()).event).toBe('resync');
    stale.close();
  });
});

describe.runIf(TEST_DB === 'pg')('live channels across two instances on one PostgreSQL database', () => {
  let handle: DatabaseHandle;
  let other: ChannelHub;

  beforeAll(async () => {
    const name = (await t.deps.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${name}`;
    handle = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    other = createChannelHub(handle.db);
  });
  afterAll(async () => {
    await other.close();
    await handle.close();
  });

  it('brings an event committed through one instance to a listener of the other, with the same id; a rolled-back one never', async () => {
    const [a] = shop.branchIds as [string];
    const there = listener(KITCHEN.name, shop.businessId, null);
    const stop = await other.subscribe(there.sub, null);
    const here = listener(KITCHEN.name, shop.businessId, null);
    const stopHere = await hub.subscribe(here.sub, null);
    await t.deps.db
      .transaction()
      .execute(async (trx) => {
        await publishLive(trx, 'postgres', KITCHEN, { businessId: shop.businessId, branchId: a, event: 'ticket', data: { n: -1 } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.deps.db
      .transaction()
      .execute((trx) =>
        publishLive(trx, 'postgres', KITCHEN, { businessId: shop.businessId, branchId: a, event: 'ticket', data: { n: 20 } }),
      );
    await settle(() => there.heard.length >= 1 && here.heard.length >= 1);
    expect(there.data()).toEqual([{ n: 20 }]);
    expect(there.heard[0]!.id).toBe(here.heard[0]!.id);
    stop();

    // A browser that saw the event on this instance resumes on the other from the same id.
    await t.deps.db
      .transaction()
      .execute((trx) =>
        publishLive(trx, 'postgres', KITCHEN, { businessId: shop.businessId, branchId: a, event: 'ticket', data: { n: 21 } }),
      );
    await settle(() => here.heard.length >= 2);
    await settle(() => false, 100);
    const resumed = listener(KITCHEN.name, shop.businessId, a);
    (await other.subscribe(resumed.sub, here.heard[0]!.id, resumed.opened))();
    expect(resumed.missed !== null && resumed.missed !== 'resync' && resumed.missed.map((e) => e.id)).toEqual([here.heard[1]!.id]);
    stopHere();
  });
});

interface SseEvent {
  id: string;
  event: string;
  data: string;
}

/** An event stream read from a real socket, opened with a ticket and, when given, a Last-Event-ID header. */
function sse(port: number, ticket: string, lastEventId: string | null) {
  return new Promise<{ next(): Promise<SseEvent>; close(): void }>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: `/api/v1/stock-notifications/stream?ticket=${encodeURIComponent(ticket)}`,
      headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      expect(res.statusCode).toBe(200);
      const queue: SseEvent[] = [];
      const waiting: Array<(e: SseEvent) => void> = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end; (end = buffer.indexOf('\n\n')) >= 0;) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
          if (!field('event')) continue;
          const e = { id: field('id'), event: field('event'), data: field('data') };
          const w = waiting.shift();
          if (w) w(e);
          else queue.push(e);
        }
      });
      res.on('error', () => undefined);
      resolve({
        next: () =>
          new Promise<SseEvent>((ok, fail) => {
            const e = queue.shift();
            if (e) return ok(e);
            const timer = setTimeout(() => fail(new Error('no event within the time allowed')), 5000);
            waiting.push((ev) => {
              clearTimeout(timer);
              ok(ev);
            });
          }),
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}
