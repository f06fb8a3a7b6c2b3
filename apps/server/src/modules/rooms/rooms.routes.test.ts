/**
 * Karaoke rooms through the API (issue #25): a rate plan checked by the engine, a stay started, paused, resumed, moved
 * to a room of another type and stopped exactly once each, its bill charged segment by segment at each room's rates
 * with the minimum spend, and paid as one till sale that counts the room time as revenue and moves no stock. Every
 * refused request changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreBill, TableOrder } from '@posauto/shared/schemas/restaurant';
import type { RoomBoard, RoomType, Stay } from '@posauto/shared/schemas/rooms';
import { createShop } from '../../../test/factories';
import { bearer, loginAs } from '../../../test/harness';
import { en, openCashSession, saleWorld, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

let w: SaleWorld;
let branch: string;
let small: RoomType;
let vip: RoomType;
const rooms: Record<string, string> = {};

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, key?: string) =>
  w.t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...en, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const TABLES = [
  'room_types',
  'room_rate_bands',
  'rooms',
  'room_stays',
  'room_stay_periods',
  'room_stay_requests',
  'table_orders',
  'sales',
] as const;
async function snapshot() {
  const db = w.t.deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const out: Record<string, string[]> = {};
  for (const name of TABLES) out[name] = (await db.selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  return out;
}
async function refused(status: number, message: string, attempt: () => ReturnType<typeof call>) {
  const before = await snapshot();
  const res = await attempt();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await snapshot()).toEqual(before);
}
const allDay = (rate: string) =>
  (['weekday', 'weekend', 'holiday'] as const).map((day_kind) => ({ day_kind, start: '00:00', end: '24:00', rate }));
const minutes = (n: number) => w.t.clock.advance(n * 60_000);

beforeAll(async () => {
  w = await saleWorld();
  branch = w.branches[0]!.id;
  for (const item of w.items) await stockUp(w, item, branch, '100');
  await openCashSession(w, w.ownerId, branch);
  // Small: $6 an hour by day, $9 from 18:00 to 02:00 (Phnom Penh; the test clock starts at 15:00 local on a Saturday).
  const night = (day_kind: 'weekday' | 'weekend' | 'holiday') => [
    { day_kind, start: '02:00', end: '18:00', rate: '6' },
    { day_kind, start: '18:00', end: '02:00', rate: '9' },
  ];
  small = ok<RoomType>(
    await call(
      w.owner,
      'POST',
      '/api/v1/room-types',
      {
        name: 'Small',
        bands: [...night('weekday'), ...night('weekend'), ...night('holiday')],
        block_minutes: 15,
        first_block_minutes: 60,
        grace_minutes: 5,
      },
      undefined,
    ),
    201,
  );
  vip = ok<RoomType>(
    await call(w.owner, 'POST', '/api/v1/room-types', {
      name: 'VIP',
      bands: allDay('20'),
      block_minutes: 30,
      first_block_minutes: 60,
      grace_minutes: 0,
      min_spend: '50',
    }),
    201,
  );
  for (const [name, type] of [
    ['S1', small.id],
    ['S2', small.id],
    ['V1', vip.id],
  ] as const)
    rooms[name] = ok<{ id: string }>(await call(w.owner, 'POST', '/api/v1/rooms', { branch_id: branch, type_id: type, name }), 201).id;
});
afterAll(() => w.t.close());

describe('room settings', () => {
  it('refuses plans the engine cannot charge by, changing nothing', async () => {
    const base = { name: 'Bad', block_minutes: 15, first_block_minutes: 60, grace_minutes: 5 };
    await refused(422, 'Two time bands of the same kind of day overlap: each minute of the day must have one rate', () =>
      call(w.owner, 'POST', '/api/v1/room-types', {
        ...base,
        bands: [...allDay('5'), { day_kind: 'weekday', start: '10:00', end: '12:00', rate: '7' }],
      }),
    );
    await refused(422, 'The time bands leave part of the day without a rate: cover all 24 hours for weekdays, weekends and holidays', () =>
      call(w.owner, 'POST', '/api/v1/room-types', { ...base, bands: allDay('5').slice(1) }),
    );
    const before = await snapshot();
    const res = await call(w.owner, 'POST', '/api/v1/room-types', { ...base, block_minutes: 7, bands: allDay('5') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.block_minutes).toBe('The block must divide an hour: 1, 15, 30 or 60 minutes');
    expect(await snapshot()).toEqual(before);
    expect(small.bands).toHaveLength(6);
    expect(small.bands[1]).toEqual({ day_kind: 'weekday', start: '18:00', end: '02:00', rate: '9.00' });
  });
});

describe('a stay', () => {
  it('starts once, pauses, resumes, moves to another type, stops, and bills each segment at its room rate', async () => {
    const startKey = randomUUID();
    const start = () => call(w.owner, 'POST', `/api/v1/rooms/${rooms.S1}/start`, { guests: 4 }, startKey);
    const { stay } = ok<{ stay: Stay }>(await start());
    // The retry answers the same stay and opens nothing more.
    expect(ok<{ stay: Stay }>(await start()).stay.id).toBe(stay.id);
    expect(await w.t.deps.db.selectFrom('room_stays').select('id').where('room_id', '=', rooms.S1!).execute()).toHaveLength(1);
    await refused(422, 'This room is in use', () => call(w.owner, 'POST', `/api/v1/rooms/${rooms.S1}/start`, { guests: 2 }, randomUUID()));

    // A room's order moves with its room and is not cancelled like a table's.
    const roomOrder = "A room's order moves with its room and ends when the room is stopped and its bill paid";
    await refused(422, roomOrder, () => call(w.owner, 'POST', `/api/v1/table-orders/${stay.order_id}/cancel`));
    // Drinks into the room, like any table's order.
    const add = await call(
      w.owner,
      'POST',
      `/api/v1/table-orders/${stay.order_id}/lines`,
      { lines: [{ product_id: w.items[0], quantity: '2' }] },
      randomUUID(),
    );
    expect(add.statusCode, add.body).toBeLessThan(300);
    ok(await call(w.owner, 'POST', `/api/v1/table-orders/${stay.order_id}/send`));

    minutes(150); // 15:00 -> 17:30 at $6
    const pauseKey = randomUUID();
    ok(await call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/pause`, undefined, pauseKey));
    ok(await call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/pause`, undefined, pauseKey));
    await refused(422, 'This stay is already paused', () =>
      call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/pause`, undefined, randomUUID()),
    );
    minutes(20); // paused: not charged
    ok(await call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/resume`, undefined, randomUUID()));
    minutes(40); // 17:50 -> 18:30: 10 min at $6, 30 at $9
    await refused(422, 'The stay is already in this room', () =>
      call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/move`, { room_id: rooms.S1 }, randomUUID()),
    );
    const moveKey = randomUUID();
    const moved = ok<{ stay: Stay }>(await call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/move`, { room_id: rooms.V1 }, moveKey));
    expect(moved.stay.room_id).toBe(rooms.V1);
    ok(await call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/move`, { room_id: rooms.V1 }, moveKey));
    minutes(45); // 18:30 -> 19:15 in VIP at $20; the total 235 active minutes round up in VIP's 30-minute blocks
    const board = ok<RoomBoard>(await call(w.owner, 'GET', `/api/v1/room-board?branch_id=${branch}`));
    expect(board.rooms.find((r) => r.id === rooms.V1)!.state).toBe('in_use');
    expect(board.rooms.find((r) => r.id === rooms.S1)!.state).toBe('free');

    await refused(422, "Stop the room's time before paying its bill", () =>
      call(
        w.owner,
        'POST',
        `/api/v1/table-orders/${stay.order_id}/bills/1/pay`,
        { payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '500' }] },
        randomUUID(),
      ),
    );
    ok(await call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/stop`, undefined, randomUUID()));
    await refused(422, 'This stay has already stopped', () =>
      call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/stop`, undefined, randomUUID()),
    );
    const after = ok<RoomBoard>(await call(w.owner, 'GET', `/api/v1/room-board?branch_id=${branch}`));
    expect(after.rooms.find((r) => r.id === rooms.V1)!.state).toBe('cleaning');

    const pre = ok<PreBill>(await call(w.owner, 'POST', `/api/v1/table-orders/${stay.order_id}/pre-bill`));
    const room = pre.room!;
    expect(room.active_minutes).toBe(235);
    expect(room.charged_minutes).toBe(240);
    expect(room.segments.map((s) => [s.room_name, s.minutes, s.rate, s.amount, s.extra])).toEqual([
      ['S1', 150, '6.00', '15.00', false],
      ['S1', 10, '6.00', '1.00', false],
      ['S1', 30, '9.00', '4.50', false],
      ['V1', 45, '20.00', '15.00', false],
      ['V1', 5, '20.00', '1.67', true],
    ]);
    expect(room.pauses).toHaveLength(2); // the pause, and the move's zero-minute step
    expect(room.pauses[0]!.minutes).toBe(20);
    // VIP's minimum spend is $50: what the drinks fall short of is billed as room fee.
    const drinks = Number(room.food_amount);
    expect(room.min_spend_shortfall).toBe((50 - drinks).toFixed(2));
    const time = 15 + 1 + 4.5 + 15 + 1.67;
    expect(Number(pre.subtotal)).toBeCloseTo(time + 50, 2);

    const payKey = randomUUID();
    const pay = () =>
      call(
        w.owner,
        'POST',
        `/api/v1/table-orders/${stay.order_id}/bills/1/pay`,
        { payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '500' }] },
        payKey,
      );
    const paid = ok<{ sale_id: string; order: TableOrder }>(await pay(), 201);
    expect(ok<{ sale_id: string }>(await pay()).sale_id).toBe(paid.sale_id);
    expect(paid.order.status).toBe('paid');
    const sale = await w.t.deps.db.selectFrom('sales').selectAll().where('id', '=', paid.sale_id).executeTakeFirstOrThrow();
    expect(Number(sale.subtotal)).toBe(Math.round((time + 50) * 100));
    expect(sale.table_order_id).toBe(stay.order_id);
    const timeProducts = (await w.t.deps.db.selectFrom('room_types').select('product_id').execute()).map((t) => t.product_id);
    const lines = await w.t.deps.db
      .selectFrom('sale_lines')
      .select(['product_id', 'product_name'])
      .where('sale_id', '=', paid.sale_id)
      .execute();
    // Five segments and the minimum spend's room fee, each on its room type's product, named by room and time.
    expect(lines.filter((l) => timeProducts.includes(l.product_id)).map((l) => l.product_name)).toEqual([
      'S1 15:00–17:30 (02:30)',
      'S1 17:50–18:00 (00:10)',
      'S1 18:00–18:30 (00:30)',
      'V1 18:30–19:15 (00:45)',
      'V1 19:15–19:20 (00:05)',
      'VIP (min. 50.00)',
    ]);
    // Room time moves no stock: only the drinks left the shelf.
    const moves = await w.t.deps.db.selectFrom('stock_movements').select('product_id').where('doc_id', '=', paid.sale_id).execute();
    expect(moves.map((m) => m.product_id)).toEqual([w.items[0]]);

    ok(await call(w.owner, 'POST', `/api/v1/rooms/${rooms.V1}/clean`));
    const clean = ok<RoomBoard>(await call(w.owner, 'GET', `/api/v1/room-board?branch_id=${branch}`));
    expect(clean.rooms.find((r) => r.id === rooms.V1)!.state).toBe('free');
    await refused(422, 'This room has stays in its history: it cannot be deleted', () =>
      call(w.owner, 'DELETE', `/api/v1/rooms/${rooms.V1}`),
    );
  });

  it('bills a stay with no food or drinks: its time alone, the first block charged in full', async () => {
    const { stay } = ok<{ stay: Stay }>(await call(w.owner, 'POST', `/api/v1/rooms/${rooms.S2}/start`, { guests: 2 }, randomUUID()));
    minutes(30); // at night ($9 an hour), under the first block of 60 minutes
    ok(await call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/stop`, undefined, randomUUID()));
    const paid = ok<{ sale_id: string; order: TableOrder }>(
      await call(
        w.owner,
        'POST',
        `/api/v1/table-orders/${stay.order_id}/bills/1/pay`,
        { payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '20' }] },
        randomUUID(),
      ),
      201,
    );
    expect(paid.order.status).toBe('paid');
    const sale = await w.t.deps.db.selectFrom('sales').select(['subtotal']).where('id', '=', paid.sale_id).executeTakeFirstOrThrow();
    expect(Number(sale.subtotal)).toBe(900); // 30 minutes used and 30 extra, at $9 an hour
  });

  it('refuses a move to a room in use, being cleaned or of another branch, changing nothing', async () => {
    const add = async (name: string, branchId = branch) =>
      ok<{ id: string }>(await call(w.owner, 'POST', '/api/v1/rooms', { branch_id: branchId, type_id: small.id, name }), 201).id;
    const [busy, away] = [await add('S3'), await add('Far 1', w.branches[1]!.id)];
    const start = async (room: string) =>
      ok<{ stay: Stay }>(await call(w.owner, 'POST', `/api/v1/rooms/${room}/start`, { guests: 2 }, randomUUID())).stay;
    const stay = await start(rooms.S1!);
    await start(busy);
    const move = (room: string) => call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/move`, { room_id: room }, randomUUID());
    await refused(422, 'This room is in use', () => move(busy));
    await refused(422, 'That room is in another branch', () => move(away));
    // S2 stopped in the test before and has not been marked clean.
    await refused(422, 'This room is being cleaned: mark it clean first', () => move(rooms.S2!));
    const before = await snapshot();
    const zero = await call(w.owner, 'POST', `/api/v1/rooms/${rooms.V1}/start`, { guests: 0 }, randomUUID());
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.guests).toBe('Enter from 1 to 99 guests');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the till from selling room time and another shop from seeing a stay', async () => {
    const product = await w.t.deps.db.selectFrom('room_types').select('product_id').where('id', '=', small.id).executeTakeFirstOrThrow();
    const res = await call(
      w.owner,
      'POST',
      '/api/v1/sales',
      {
        sale_type: 'pos_retail',
        lines: [{ product_id: product.product_id, quantity: '1' }],
        payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '1' }],
      },
      randomUUID(),
    );
    expect(res.statusCode).toBe(422);
    const stay = await w.t.deps.db.selectFrom('room_stays').select('id').executeTakeFirstOrThrow();
    const other = await loginAs(w.t.app, (await createShop(w.t.deps)).login);
    expect((await call(other, 'GET', `/api/v1/room-stays/${stay.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/v1/rooms/${rooms.S2}/start`, { guests: 2 }, randomUUID())).statusCode).toBe(404);
  });
});
