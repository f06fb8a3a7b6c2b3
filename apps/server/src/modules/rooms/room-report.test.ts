/**
 * The room report (issue #25) against stays made and paid through the API as the till does (rooms.routes.test.ts):
 * each figure checked to the minute and the cent against the bills written out by hand, the type and branch filters,
 * the days a stay counts in, a return, a discount spread over the lines, a room renamed after its bill, refused and
 * other-shop requests, and the export.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomReportResponse, RoomReportRow } from '@posauto/shared/schemas/room-report';
import type { RoomType, Stay } from '@posauto/shared/schemas/rooms';
import { newId } from '../../lib/ids';
import { addShopUser, createShop } from '../../../test/factories';
import { bearer, loginAs } from '../../../test/harness';
import { en, openCashSession, saleWorld, stockUp, type SaleWorld } from '../../../test/sale-fixtures';
import { attributeRoomLines, parseTimeLine, type ReportPeriod } from './room-report';

let w: SaleWorld;
let main: string;
let second: string;
let small: RoomType;
let vip: RoomType;
const rooms: Record<string, string> = {};
const SATURDAY = 'period=custom&from=2026-11-21&to=2026-11-21';
const SUNDAY = 'period=custom&from=2026-11-22&to=2026-11-22';
const WEEKEND = 'period=custom&from=2026-11-21&to=2026-11-22';

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  w.t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...en, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const report = async (token: string, query: string) => ok<RoomReportResponse>(await call(token, 'GET', `/api/v1/reports/rooms?${query}`));
const minutes = (n: number) => w.t.clock.advance(n * 60_000);
const allDay = (rate: string) =>
  (['weekday', 'weekend', 'holiday'] as const).map((day_kind) => ({ day_kind, start: '00:00', end: '24:00', rate }));

async function start(room: string): Promise<Stay> {
  return ok<{ stay: Stay }>(await call(w.owner, 'POST', `/api/v1/rooms/${rooms[room]}/start`, { guests: 2 })).stay;
}
const act = async (stay: Stay, name: 'pause' | 'resume' | 'stop') =>
  ok(await call(w.owner, 'POST', `/api/v1/room-stays/${stay.id}/${name}`));
async function order(stay: Stay, item: number, quantity: string) {
  const add = await call(w.owner, 'POST', `/api/v1/table-orders/${stay.order_id}/lines`, {
    lines: [{ product_id: w.items[item], quantity }],
  });
  expect(add.statusCode, add.body).toBeLessThan(300);
  ok(await call(w.owner, 'POST', `/api/v1/table-orders/${stay.order_id}/send`));
}
async function pay(stay: Stay, extra: object = {}) {
  const payments = [{ payment_method_id: w.cash, currency: 'USD', amount: '500' }];
  return ok<{ sale_id: string }>(
    await call(w.owner, 'POST', `/api/v1/table-orders/${stay.order_id}/bills/1/pay`, { payments, ...extra }),
    201,
  ).sale_id;
}
async function userWith(permissions: string[], branchId: string | null = null) {
  const id = newId();
  const at = w.t.clock.now().toISOString();
  await w.t.deps.db
    .insertInto('roles')
    .values({
      business_id: w.biz,
      id,
      name: `r-${id.slice(-6)}`,
      permissions: JSON.stringify(permissions),
      is_preset: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return loginAs(w.t.app, (await addShopUser(w.t.deps, { businessId: w.biz, roleId: id, branchId })).login);
}
const row = (data: RoomReportResponse, name: string) => data.rows.find((r) => r.room_id === rooms[name])!;
/** A row's figures, without its names. */
const figures = (r: Partial<RoomReportRow>) => {
  const { room_id: _a, room_name: _b, type_id: _c, type_name: _d, branch_id: _e, branch_name: _f, ...rest } = r;
  return rest;
};
const zero = (occupancy = '0.0') => ({
  stays: 0,
  used_minutes: 0,
  charged_minutes: 0,
  occupancy,
  room_revenue: '0.00',
  min_spend: '0.00',
  food_revenue: '0.00',
  revenue: '0.00',
  food_per_stay: null,
  revenue_per_stay: null,
});

beforeAll(async () => {
  w = await saleWorld();
  main = w.branches[0]!.id;
  second = w.branches[1]!.id;
  for (const item of w.items) await stockUp(w, item, main, '100');
  await openCashSession(w, w.ownerId, main);
  // Small: $6 an hour all day, 15-minute blocks, at least an hour. VIP: $20 an hour, 30-minute blocks, $50 minimum spend.
  const type = (name: string, rate: string, block: number, grace: number, minSpend: string) =>
    call(w.owner, 'POST', '/api/v1/room-types', {
      name,
      bands: allDay(rate),
      block_minutes: block,
      first_block_minutes: 60,
      grace_minutes: grace,
      min_spend: minSpend,
    });
  small = ok<RoomType>(await type('Small', '6', 15, 5, '0'), 201);
  vip = ok<RoomType>(await type('VIP', '20', 30, 0, '50'), 201);
  for (const [name, typeId, branch] of [
    ['S1', small.id, main],
    ['S2', small.id, main],
    ['V1', vip.id, main],
    ['S9', small.id, second],
  ] as const)
    rooms[name] = ok<{ id: string }>(await call(w.owner, 'POST', '/api/v1/rooms', { branch_id: branch, type_id: typeId, name }), 201).id;

  // Saturday 21 November, 15:00 in Phnom Penh. Stay A: S1 90 min, a 20-minute pause, 30 min, moved to V1 for 45 min.
  // 165 active minutes charged as 180 in VIP's 30-minute blocks: S1 9.00 + 3.00, V1 15.00 + the extra 15 min 5.00;
  // two drinks at 2.50 fall 45.00 short of VIP's $50 minimum spend.
  const a = await start('S1');
  await order(a, 0, '2');
  minutes(90);
  await act(a, 'pause');
  minutes(20);
  await act(a, 'resume');
  minutes(30);
  ok(await call(w.owner, 'POST', `/api/v1/room-stays/${a.id}/move`, { room_id: rooms.V1 }));
  minutes(45);
  await act(a, 'stop');
  await pay(a);
  // V1 is renamed after its bill: its time lines still name "V1", and still count in it (by their type's product).
  ok(await call(w.owner, 'PUT', `/api/v1/rooms/${rooms.V1}`, { type_id: vip.id, name: 'V-One' }));

  // Stay B, 18:05: S2 for 50 min, charged the first hour (5.00 + the extra 10 min 1.00), two items at 4.00, 10% off
  // the bill, spread over its lines: time 5.40, food 7.20; one item returned: food 3.60.
  const b = await start('S2');
  await order(b, 2, '2');
  minutes(50);
  await act(b, 'stop');
  const saleB = await pay(b, { discount: { type: 'percent', value: '10' } });
  const lines = await w.t.deps.db
    .selectFrom('sale_lines')
    .select(['id', 'product_id'])
    .where('business_id', '=', w.biz)
    .where('sale_id', '=', saleB)
    .execute();
  const back = await call(w.owner, 'POST', '/api/v1/sale-returns', {
    sale_id: saleB,
    refund_method: 'cash',
    lines: [{ sale_line_id: lines.find((l) => l.product_id === w.items[2])!.id, quantity: '1' }],
  });
  expect(back.statusCode, back.body).toBe(201);

  // Sunday 00:10 (18:55 + 315 min). Stay E: S1 for 30 min, charged an hour (3.00 + 3.00), a drink at 1.75. Stay C: S2
  // stopped, not paid.
  minutes(315);
  ok(await call(w.owner, 'POST', `/api/v1/rooms/${rooms.S2}/clean`)); // stopped, it waits to be cleaned by hand
  const e = await start('S1');
  await order(e, 1, '1');
  minutes(30);
  await act(e, 'stop');
  await pay(e);
  const c = await start('S2');
  minutes(20);
  await act(c, 'stop');
});
afterAll(() => w.t.close());

describe('the room report', () => {
  it('counts each paid stay of the day in the room it ended in, its time in each room it used', async () => {
    const sat = await report(w.owner, SATURDAY);
    expect(sat.available_minutes).toBe(1440);
    expect(figures(row(sat, 'S1'))).toEqual({
      ...zero('8.3'), // 120 of 1,440 minutes
      used_minutes: 120,
      charged_minutes: 120,
      room_revenue: '12.00',
      revenue: '12.00',
    });
    expect(row(sat, 'V1')).toMatchObject({ room_name: 'V-One', type_name: 'VIP', branch_id: main });
    expect(figures(row(sat, 'V1'))).toEqual({
      stays: 1,
      used_minutes: 45,
      charged_minutes: 60,
      occupancy: '3.1',
      room_revenue: '20.00',
      min_spend: '45.00',
      food_revenue: '5.00',
      revenue: '70.00',
      food_per_stay: '5.00',
      revenue_per_stay: '70.00',
    });
    expect(figures(row(sat, 'S2'))).toEqual({
      stays: 1,
      used_minutes: 50,
      charged_minutes: 60,
      occupancy: '3.5',
      room_revenue: '5.40',
      min_spend: '0.00',
      food_revenue: '3.60',
      revenue: '9.00',
      food_per_stay: '3.60',
      revenue_per_stay: '9.00',
    });
    expect(figures(row(sat, 'S9'))).toEqual(zero());
    // The demo's meeting rooms: Meeting 1 is in use (not paid), so it counts nothing yet.
    const meeting = sat.rows.filter((r) => r.type_name === 'Meeting room');
    expect(meeting.map((r) => [r.room_name, r.stays, r.used_minutes])).toEqual([
      ['Meeting 1', 0, 0],
      ['Meeting 2', 0, 0],
    ]);

    // Small: S1, S2 and S9 (170 of 3 × 1,440 minutes); every room: 215 of 6 × 1,440.
    const smallTotal = sat.types.find((t) => t.type_id === small.id)!;
    expect(smallTotal).toEqual({
      type_id: small.id,
      type_name: 'Small',
      rooms: 3,
      stays: 1,
      used_minutes: 170,
      charged_minutes: 180,
      occupancy: '3.9',
      room_revenue: '17.40',
      min_spend: '0.00',
      food_revenue: '3.60',
      revenue: '21.00',
      food_per_stay: '3.60',
      revenue_per_stay: '21.00',
    });
    expect(sat.totals).toEqual({
      rooms: 6,
      stays: 2,
      used_minutes: 215,
      charged_minutes: 240,
      occupancy: '2.5',
      room_revenue: '37.40',
      min_spend: '45.00',
      food_revenue: '8.60',
      revenue: '91.00',
      food_per_stay: '4.30',
      revenue_per_stay: '45.50',
    });
    // Each type's rooms together, the types in their order; the filter offers every type of the shop.
    expect(sat.types.map((t) => t.type_name)).toEqual(sat.room_types.map((t) => t.name));
    expect(sat.rows.map((r) => r.type_id)).toEqual(sat.types.flatMap((t) => Array<string>(t.rooms).fill(t.type_id)));
  });

  it('takes the days a stay started on, over two days 48 hours a room', async () => {
    const sun = await report(w.owner, SUNDAY);
    expect(figures(row(sun, 'S1'))).toEqual({
      stays: 1,
      used_minutes: 30,
      charged_minutes: 60,
      occupancy: '2.1',
      room_revenue: '6.00',
      min_spend: '0.00',
      food_revenue: '1.75',
      revenue: '7.75',
      food_per_stay: '1.75',
      revenue_per_stay: '7.75',
    });
    // Stay C was stopped but not paid: nothing of it counts.
    expect(figures(row(sun, 'S2'))).toEqual(zero());
    const both = await report(w.owner, WEEKEND);
    expect(both.available_minutes).toBe(2880);
    expect(both.totals).toMatchObject({ stays: 3, used_minutes: 245, charged_minutes: 300, occupancy: '1.4', revenue: '98.75' });
    expect(both.totals.revenue_per_stay).toBe('32.92'); // 98.75 / 3, half up
    const before = await report(w.owner, 'period=custom&from=2026-11-01&to=2026-11-20');
    expect(before.totals).toMatchObject({ stays: 0, used_minutes: 0, revenue: '0.00' });
  });

  it('narrows to a room type and to a branch; a branch user sees its own branch', async () => {
    const onlyVip = await report(w.owner, `${SATURDAY}&type_id=${vip.id}`);
    expect(onlyVip.rows.map((r) => r.room_id)).toEqual([rooms.V1]);
    expect(onlyVip.types.map((t) => t.type_id)).toEqual([vip.id]);
    expect(onlyVip.totals).toEqual({ rooms: 1, ...figures(row(onlyVip, 'V1')) });
    // The second branch: S9, and the demo's meeting rooms (in the branch first by name).
    const other = await report(w.owner, `${SATURDAY}&branch_id=${second}`);
    expect(other.rows.map((r) => [r.room_name, r.branch_id])).toEqual([
      ['S9', second],
      ['Meeting 1', second],
      ['Meeting 2', second],
    ]);
    expect(other.totals).toEqual({ rooms: 3, ...zero() });
    const branchUser = await userWith(['report-management', 'sale-report'], second);
    const own = await report(branchUser, `${SATURDAY}&branch_id=${main}`);
    expect(own.period.branch_id).toBe(second);
    expect(own.rows.map((r) => r.room_name)).toEqual(['S9', 'Meeting 1', 'Meeting 2']);
    const mainOnly = await report(w.owner, `${SATURDAY}&branch_id=${main}`);
    expect(mainOnly.rows.map((r) => r.room_name)).toEqual(['S1', 'S2', 'V-One']);
    expect(mainOnly.totals).toMatchObject({ rooms: 3, stays: 2, used_minutes: 215, occupancy: '5.0', revenue: '91.00' });
  });

  it('is refused without report-management and sale-report, and shows another shop nothing', async () => {
    expect((await w.t.app.inject({ method: 'GET', url: '/api/v1/reports/rooms' })).statusCode).toBe(401);
    for (const path of ['/api/v1/reports/rooms', '/api/v1/reports/rooms/export']) {
      expect((await call(await userWith(['report-management']), 'GET', path)).statusCode).toBe(403);
      expect((await call(await userWith(['sale-report', 'table-service']), 'GET', path)).statusCode).toBe(403);
    }
    const bad = await call(w.owner, 'GET', '/api/v1/reports/rooms?period=custom&from=2026-11-22&to=2026-11-21');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.to).toBe('The end date must be on or after the start date');
    expect((await call(w.owner, 'GET', '/api/v1/reports/rooms?type_id=nope')).statusCode).toBe(400);

    const stranger = await loginAs(w.t.app, (await createShop(w.t.deps)).login);
    for (const query of [WEEKEND, `${WEEKEND}&type_id=${vip.id}`, `${WEEKEND}&branch_id=${main}`]) {
      const theirs = await report(stranger, query);
      expect(theirs.rows).toEqual([]);
      expect(theirs.room_types).toEqual([]);
      expect(theirs.totals).toEqual({ rooms: 0, ...zero() });
    }
  });

  it("exports the rows as the screen shows them: each type's rooms, its sub-total, the total", async () => {
    const res = await call(w.owner, 'GET', `/api/v1/reports/rooms/export?${SATURDAY}&type_id=${vip.id}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('room-report-');
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      'Room type,Room,Stays,Hours used,Hours charged,Occupancy (%),Room time,Minimum spend,Food and drinks,Revenue,' +
        'Food and drinks per stay,Revenue per stay',
      'VIP,V-One,1,00:45,01:00,3.1,20.00,45.00,5.00,70.00,5.00,70.00',
      'VIP,Sub-total,1,00:45,01:00,3.1,20.00,45.00,5.00,70.00,5.00,70.00',
      'Total,,1,00:45,01:00,3.1,20.00,45.00,5.00,70.00,5.00,70.00',
    ]);
    // Rooms of two branches: the file names each room's branch.
    const all = await call(w.owner, 'GET', `/api/v1/reports/rooms/export?${SATURDAY}&format=csv`);
    const head = all.body.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(head.startsWith('Room type,Room,Branch,Stays')).toBe(true);
    const xlsx = await call(w.owner, 'GET', `/api/v1/reports/rooms/export?${SATURDAY}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('a time line and its room', () => {
  const p = (room_id: string, room_name: string, type_id: string): ReportPeriod => ({ room_id, room_name, type_id, minutes: 0 });
  const line = (name: string, type_id = 'small') => ({ name, type_id, net: 0 });

  it('reads the room and the charged minutes of a time line; the minimum spend is not one', () => {
    expect(parseTimeLine('S1 15:00–17:30 (02:30)')).toEqual({ room: 'S1', minutes: 150 });
    expect(parseTimeLine('Meeting 1 23:30–00:15 (00:45)')).toEqual({ room: 'Meeting 1', minutes: 45 });
    expect(parseTimeLine('VIP (min. 50.00)')).toBeNull();
  });

  it('follows the segments in order, back to a room left before, by type when a room was renamed', () => {
    const periods = [p('s1', 'S1', 'small'), p('v1', 'V1 new', 'vip'), p('s1', 'S1', 'small')];
    const lines = [
      line('S1 15:00–16:00 (01:00)'),
      line('V1 16:00–16:30 (00:30)', 'vip'),
      line('S1 16:30–17:00 (00:30)'),
      line('VIP (min. 50.00)', 'vip'),
    ];
    expect(attributeRoomLines(periods, lines)).toEqual([
      { room_id: 's1', minutes: 60 },
      { room_id: 'v1', minutes: 30 },
      { room_id: 's1', minutes: 30 },
      { room_id: null, minutes: 0 },
    ]);
  });
});
