import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, TEST_DB, type TestContext } from '../../../test/harness';
import { addShopUser, createShop } from '../../../test/factories';
import { publishStockAlert, stockAlertBusOf } from './index';

const TICKET = '/api/v1/stock-notifications/stream-ticket';
const STREAM = '/api/v1/stock-notifications/stream';

interface SseEvent {
  event: string;
  data: string;
}

/** An open event stream read from a real socket: events in arrival order, waited for one by one. */
interface Stream {
  status: number;
  next(ms?: number): Promise<SseEvent>;
  close(): void;
}

async function listenOn(app: FastifyInstance): Promise<number> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return Number(new URL(address).port);
}

function openStream(port: number, ticket: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: `${STREAM}?ticket=${encodeURIComponent(ticket)}`,
      headers: { accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const queue: SseEvent[] = [];
      const waiting: Array<(e: SseEvent) => void> = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          if (!event) continue;
          const e = { event, data: lines.find((l) => l.startsWith('data: '))?.slice(6) ?? '' };
          const w = waiting.shift();
          if (w) w(e);
          else queue.push(e);
        }
      });
      res.on('error', () => undefined);
      resolve({
        status: res.statusCode ?? 0,
        next: (ms = 5000) =>
          new Promise<SseEvent>((ok, fail) => {
            const e = queue.shift();
            if (e) return ok(e);
            const timer = setTimeout(() => fail(new Error('no event within the time allowed')), ms);
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

let t: TestContext;
let port: number;
let owner: string;
let coffee: string;
let branches: string[];
let cola: string;
let addition: string;
let subtraction: string;

beforeAll(async () => {
  t = await createTestApp();
  port = await listenOn(t.app);
  owner = await loginAs(t.app, OWNER);
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branches = (await db.selectFrom('branches').select('id').where('business_id', '=', coffee).orderBy('created_at').execute()).map(
    (b) => b.id,
  );
  const can = await db
    .selectFrom('units')
    .select('id')
    .where('business_id', '=', coffee)
    .where('name', '=', 'Can')
    .executeTakeFirstOrThrow();
  cola = (
    await db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', coffee)
      .where('unit_id', '=', can.id)
      .where('type', '=', 'single')
      .where('is_stock_manage', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;
  // Five cans is low for this test.
  await db.updateTable('products').set({ stock_alert: 5000 }).where('business_id', '=', coffee).where('id', '=', cola).execute();
  const types = await db.selectFrom('adjustment_types').select(['id', 'direction']).where('business_id', '=', coffee).execute();
  addition = types.find((x) => x.direction === 'addition')!.id;
  subtraction = types.find((x) => x.direction === 'subtraction')!.id;
});
afterAll(() => t.close());

const ticketFor = async (app: FastifyInstance, token: string) => {
  const res = await app.inject({ method: 'POST', url: TICKET, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ticket as string;
};
const adjust = (app: FastifyInstance, branchId: string, type: string, quantity: number) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/stock-adjustments',
    headers: bearer(owner),
    payload: {
      branch_id: branchId,
      adjustment_type_id: type,
      adjusted_on: '2026-11-21',
      lines: [{ product_id: cola, quantity: String(quantity) }],
    },
  });
const onHand = async (branchId: string) =>
  ((
    await t.deps.db
      .selectFrom('stock_levels')
      .select('on_hand')
      .where('business_id', '=', coffee)
      .where('branch_id', '=', branchId)
      .where('product_id', '=', cola)
      .executeTakeFirst()
  )?.on_hand ?? 0) / 1000;
/** Brings the cola above its alert level, then takes it down to exactly five cans: one new alert. */
async function raiseAlert(app: FastifyInstance, branchId: string) {
  expect((await adjust(app, branchId, addition, 20)).statusCode).toBe(201);
  expect((await adjust(app, branchId, subtraction, (await onHand(branchId)) - 5)).statusCode).toBe(201);
}
const opened = async (app: FastifyInstance, p: number, token: string) => {
  const s = await openStream(p, await ticketFor(app, token));
  expect(s.status).toBe(200);
  expect((await s.next()).event).toBe('ready');
  return s;
};

describe('the stream ticket', () => {
  it('answers 401 without a session and 403 to the cashier, who has no stock-management', async () => {
    expect((await t.app.inject({ method: 'POST', url: TICKET })).statusCode).toBe(401);
    const cashier = await loginAs(t.app, CASHIER);
    expect((await t.app.inject({ method: 'POST', url: TICKET, headers: bearer(cashier) })).statusCode).toBe(403);
  });

  it('opens one stream only, within its minute; a bad or missing ticket is refused', async () => {
    const ticket = await ticketFor(t.app, owner);
    const first = await openStream(port, ticket);
    expect(first.status).toBe(200);
    expect((await first.next()).event).toBe('ready');
    first.close();
    const again = await t.app.inject({ method: 'GET', url: `${STREAM}?ticket=${ticket}`, headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Please sign in to continue' });
    const late = await ticketFor(t.app, owner);
    t.clock.advance(61_000);
    expect((await t.app.inject({ method: 'GET', url: `${STREAM}?ticket=${late}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: STREAM })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${STREAM}?ticket=short` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${STREAM}?ticket=${'x'.repeat(43)}` })).statusCode).toBe(401);
    // A ticket dies with its session: signing out ends it.
    const other = await loginAs(t.app, OWNER);
    const orphan = await ticketFor(t.app, other);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(other) })).statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: `${STREAM}?ticket=${orphan}` })).statusCode).toBe(401);
  });
});

describe('live alerts', () => {
  it('sends an alert once the adjustment that raised it has committed, and nothing for a document rolled back', async () => {
    const s = await opened(t.app, port, owner);
    await raiseAlert(t.app, branches[0]!);
    const alert = await s.next();
    expect(alert.event).toBe('alert');
    const data = JSON.parse(alert.data);
    const row = await t.deps.db.selectFrom('stock_notifications').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(data).toEqual({
      id: row.id,
      branch_id: branches[0],
      product_id: cola,
      name: row.name,
      image: row.image,
      stock_level: 5,
      created_at: row.created_at,
    });

    // A transfer whose first line takes the cola under its alert and whose second line fails: rolled back, silent.
    expect((await adjust(t.app, branches[0]!, addition, 20)).statusCode).toBe(201);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stock-transfers',
      headers: bearer(owner),
      payload: {
        from_branch_id: branches[0],
        to_branch_id: branches[1],
        sent_on: '2026-11-21',
        lines: [
          { product_id: cola, quantity: String((await onHand(branches[0]!)) - 2) },
          { product_id: cola, quantity: '999999' },
        ],
      },
    });
    expect(failed.statusCode).toBe(422);
    const before = await t.deps.db.selectFrom('stock_notifications').select('id').where('business_id', '=', coffee).execute();
    // The next event is the next committed alert, not the rolled-back one.
    await raiseAlert(t.app, branches[0]!);
    const next = JSON.parse((await s.next()).data);
    expect(before.map((r) => r.id)).not.toContain(next.id);
    expect(next.stock_level).toBe(5);
    s.close();
  });

  it("keeps each stream to its shop, and a branch user's stream to its branch; closing a stream removes it", async () => {
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', coffee)
      .where('name', '=', 'Manager')
      .executeTakeFirstOrThrow();
    const branchUser = await loginAs(
      t.app,
      (await addShopUser(t.deps, { businessId: coffee, roleId: role.id, branchId: branches[1]! })).login,
    );
    const rival = await createShop(t.deps);
    const rivalOwner = await loginAs(t.app, rival.login);
    const bus = stockAlertBusOf(t.deps)!;
    const base = bus.size;
    const mine = await opened(t.app, port, owner);
    const theirs = await opened(t.app, port, branchUser);
    const stranger = await opened(t.app, port, rivalOwner);
    expect(bus.size).toBe(base + 3);

    await raiseAlert(t.app, branches[0]!);
    expect(JSON.parse((await mine.next()).data).branch_id).toBe(branches[0]);
    await adjust(t.app, branches[1]!, addition, 30);
    await raiseAlert(t.app, branches[1]!);
    // The branch user's first alert is its own branch's; the owner hears both.
    expect(JSON.parse((await theirs.next()).data).branch_id).toBe(branches[1]);
    expect(JSON.parse((await mine.next()).data).branch_id).toBe(branches[1]);
    // The rival shop heard none of it: its first event is its own.
    await publishStockAlert(t.deps.db, t.deps.kind, {
      business_id: rival.businessId,
      id: 'rival-alert',
      branch_id: rival.branchIds[0]!,
      product_id: null,
      name: 'Rival matcha',
      image: null,
      stock_level: 1500,
      created_at: t.clock.now().toISOString(),
    });
    expect(JSON.parse((await stranger.next()).data)).toMatchObject({ id: 'rival-alert', stock_level: '1.5' });

    for (const s of [mine, theirs, stranger]) s.close();
    for (let i = 0; i < 100 && bus.size > base; i++) await new Promise((r) => setTimeout(r, 20));
    expect(bus.size).toBe(base);
  });
});

describe.runIf(TEST_DB === 'pg')('two server instances on one PostgreSQL database', () => {
  let handle: DatabaseHandle;
  let b: FastifyInstance;
  let bPort: number;

  beforeAll(async () => {
    const name = (await t.deps.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${name}`;
    handle = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    b = await buildApp({ db: handle.db, kind: handle.kind, clock: t.clock, config: t.deps.config });
    await b.ready();
    bPort = await listenOn(b);
  });
  afterAll(async () => {
    await b.close();
    await handle.close();
  });

  it('brings an alert raised through instance A to a stream opened on instance B; a rolled-back one never', async () => {
    // The ticket is taken on A and used on B: tickets live in the database.
    const s = await openStream(bPort, await ticketFor(t.app, owner));
    expect(s.status).toBe(200);
    expect((await s.next()).event).toBe('ready');
    await t.deps.db
      .transaction()
      .execute(async (trx) => {
        await publishStockAlert(trx, 'postgres', {
          business_id: coffee,
          id: 'rolled-back',
          branch_id: branches[0]!,
          product_id: cola,
          name: 'never',
          image: null,
          stock_level: 0,
          created_at: t.clock.now().toISOString(),
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await raiseAlert(t.app, branches[0]!);
    const alert = await s.next();
    expect(alert.event).toBe('alert');
    expect(JSON.parse(alert.data)).toMatchObject({ branch_id: branches[0], product_id: cola, stock_level: 5 });
    expect(JSON.parse(alert.data).id).not.toBe('rolled-back');
    s.close();
  });
});
