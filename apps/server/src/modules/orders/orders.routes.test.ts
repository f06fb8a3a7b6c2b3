/**
 * Table service end to end through the API (issue #24): a table opened, lines added exactly once, sent as tickets of
 * the changes only (per station), moved, merged, split, voided with and without approval, and its bills paid as till
 * sales that the books count once. Every refused request changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenTicket, TableOrder } from '@posauto/shared/schemas/restaurant';
import { bearer } from '../../../test/harness';
import { addRole, addShopUser } from '../../../test/factories';
import { en, openCashSession, saleWorld, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

type OrderSentT = { order: TableOrder; tickets: KitchenTicket[] };
let w: SaleWorld;
let branch: string;
let tables: string[];
let bar: string;
let kitchen: string;
let waiter: string;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key?: string) =>
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
const ORDER_TABLES = [
  'table_orders',
  'table_order_lines',
  'table_order_requests',
  'kitchen_tickets',
  'kitchen_ticket_lines',
  'sales',
  'sale_payments',
  'stock_movements',
] as const;
async function snapshot() {
  const db = w.t.deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const out: Record<string, string[]> = {};
  for (const name of ORDER_TABLES) out[name] = (await db.selectFrom(name).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  return out;
}
async function refused(status: number, message: string, attempt: () => ReturnType<typeof call>) {
  const before = await snapshot();
  const res = await attempt();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await snapshot()).toEqual(before);
}
const open = async (table: string, guests = 2) =>
  ok<TableOrder>(await call(w.owner, 'POST', '/api/v1/table-orders', { table_id: table, guests }), 201);
const add = async (order: string, lines: object[], key = randomUUID(), token = w.owner) =>
  call(token, 'POST', `/api/v1/table-orders/${order}/lines`, { lines }, key);
const send = async (order: string, token = w.owner) => ok<OrderSentT>(await call(token, 'POST', `/api/v1/table-orders/${order}/send`));
const ticketLines = (s: OrderSentT) =>
  s.tickets.flatMap((k) => k.lines.map((l) => `${k.station_name}:${l.kind}:${l.quantity}:${l.name}${l.note ? `:${l.note}` : ''}`)).sort();

beforeAll(async () => {
  w = await saleWorld();
  branch = w.branches[0]!.id;
  for (const item of w.items) await stockUp(w, item, branch, '100');
  const area = ok<{ id: string }>(await call(w.owner, 'POST', '/api/v1/floor/areas', { branch_id: branch, name: 'Hall' }), 201);
  tables = [];
  for (const name of ['A1', 'A2', 'A3', 'A4', 'A5'])
    tables.push(ok<{ id: string }>(await call(w.owner, 'POST', '/api/v1/floor/tables', { area_id: area.id, name, seats: 4 }), 201).id);
  // The second item's category is made at the bar; everything else in the kitchen (the default station).
  const drinks = ok<{ data: { id: string } }>(await call(w.owner, 'POST', '/api/v1/categories', { name: 'Bar drinks' }), 201).data.id;
  await w.t.deps.db.updateTable('products').set({ category_id: drinks }).where('id', '=', w.items[1]!).execute();
  const cat = { category_id: drinks };
  kitchen = ok<{ id: string }>(
    await call(w.owner, 'POST', '/api/v1/kitchen/stations', { branch_id: branch, name: 'Kitchen', is_default: true }),
    201,
  ).id;
  bar = ok<{ id: string }>(
    await call(w.owner, 'POST', '/api/v1/kitchen/stations', {
      branch_id: branch,
      name: 'Bar',
      category_ids: cat.category_id ? [cat.category_id] : [],
    }),
    201,
  ).id;
  await openCashSession(w, w.ownerId, branch);
  const role = await addRole(w.t.deps, w.biz, 'Waiter', ['table-service', 'sale-pos']);
  const u = await addShopUser(w.t.deps, { businessId: w.biz, roleId: role, branchId: branch });
  const { loginAs } = await import('../../../test/harness');
  waiter = await loginAs(w.t.app, u.login);
});
afterAll(() => w.t.close());

describe('an order at a table', () => {
  it('adds exactly once, sends only what changed, per station, and shows it on the floor', async () => {
    const order = await open(tables[0]!);
    expect(order).toMatchObject({ state: 'ordering', guests: 2, lines: [], table_name: 'A1' });
    // Opening the same table again answers its order.
    expect(ok<TableOrder>(await call(w.owner, 'POST', '/api/v1/table-orders', { table_id: tables[0], guests: 3 })).id).toBe(order.id);

    const key = randomUUID();
    const lines = [
      { product_id: w.items[0], quantity: '2', note: 'no chilli' },
      { product_id: w.items[1], quantity: '1', note: 'less ice' },
    ];
    expect((await add(order.id, lines, key)).statusCode).toBe(201);
    // The retry after the Wi-Fi dropped: the same key adds nothing.
    const again = ok<TableOrder>(await add(order.id, lines, key));
    expect(again.lines).toHaveLength(2);
    await refused(422, 'This request key was already used for another change', () => add(order.id, [lines[0]!], key));

    const first = await send(order.id);
    expect(first.tickets).toHaveLength(2);
    const names = first.order.lines.map((l) => l.name);
    expect(ticketLines(first)).toEqual([`Bar:new:1:${names[1]}:less ice`, `Kitchen:new:2:${names[0]}:no chilli`].sort());
    expect(first.order).toMatchObject({ state: 'sent', pending_count: 0 });
    await refused(422, 'Nothing new to send to the kitchen', () => call(w.owner, 'POST', `/api/v1/table-orders/${order.id}/send`));

    // More of one line, a new line, and a note changed: the second ticket holds those only.
    const l0 = first.order.lines[0]!;
    ok<TableOrder>(await call(w.owner, 'PATCH', `/api/v1/table-orders/${order.id}/lines/${l0.id}`, { quantity: '3' }));
    ok<TableOrder>(await call(w.owner, 'PATCH', `/api/v1/table-orders/${order.id}/lines/${first.order.lines[1]!.id}`, { note: 'no ice' }));
    ok(await add(order.id, [{ product_id: w.items[2], quantity: '1' }]), 201);
    const second = await send(order.id);
    expect(ticketLines(second)).toEqual(
      [`Kitchen:more:1:${names[0]}:no chilli`, `Bar:note:1:${names[1]}:no ice`, `Kitchen:new:1:${second.order.lines[2]!.name}`].sort(),
    );
    // Less than was sent is a void, with a reason.
    await refused(422, 'The kitchen already has this: void it with a reason instead', () =>
      call(w.owner, 'PATCH', `/api/v1/table-orders/${order.id}/lines/${l0.id}`, { quantity: '1' }),
    );
    ok(
      await call(w.owner, 'POST', `/api/v1/table-orders/${order.id}/lines/${l0.id}/void`, { quantity: '1', reason: 'guest changed mind' }),
    );
    const third = await send(order.id);
    expect(ticketLines(third)).toEqual([`Kitchen:less:-1:${names[0]}:no chilli`]);

    const floor = ok<{ tables: Array<{ id: string; state: string; amount: string | null; guests: number | null }> }>(
      await call(w.owner, 'GET', `/api/v1/floor?branch_id=${branch}`),
    );
    expect(floor.tables.find((x) => x.id === tables[0])).toMatchObject({ state: 'sent', guests: 2, amount: third.order.amount });

    // The kitchen marks the bar's ticket ready: the floor counts it.
    const barTicket = first.tickets.find((k) => k.station_id === bar)!;
    const ready = ok<KitchenTicket>(await call(w.owner, 'POST', `/api/v1/kitchen/tickets/${barTicket.id}/ready`));
    expect(ready.status).toBe('ready');
    const board = ok<{ data: KitchenTicket[] }>(
      await call(w.owner, 'GET', `/api/v1/kitchen/tickets?branch_id=${branch}&station_id=${kitchen}`),
    );
    expect(board.data.map((k) => k.ticket_number)).toEqual([...board.data.map((k) => k.ticket_number)].sort((a, b) => a - b));
    expect(board.data.every((k) => k.station_id === kitchen && k.table_name === 'A1')).toBe(true);
  });

  it('needs an approval to void a sent line without table-void, and refuses a wrong one', async () => {
    const order = await open(tables[1]!);
    ok(await add(order.id, [{ product_id: w.items[0], quantity: '1' }], randomUUID(), waiter), 201);
    const sent = await send(order.id, waiter);
    const line = sent.order.lines[0]!;
    const url = `/api/v1/table-orders/${order.id}/lines/${line.id}/void`;
    await refused(422, "Voiding what the kitchen already has needs a manager's approval: enter their email and password", () =>
      call(waiter, 'POST', url, { reason: 'spilled' }),
    );
    await refused(422, "The approver's email or password is wrong, or this user cannot approve here", () =>
      call(waiter, 'POST', url, { reason: 'spilled', approver_email: 'owner@posauto.local', approver_password: 'nope' }),
    );
    const done = ok<TableOrder>(
      await call(waiter, 'POST', url, { reason: 'spilled', approver_email: 'owner@posauto.local', approver_password: 'owner1234' }),
    );
    expect(done.lines[0]).toMatchObject({ status: 'void', void_reason: 'spilled', pending: true });
    expect(ticketLines(await send(order.id, waiter))).toEqual([`Kitchen:void:-1:${line.name}`]);
    // Nothing left: the order can be cancelled, and the table is free.
    expect(ok<TableOrder>(await call(waiter, 'POST', `/api/v1/table-orders/${order.id}/cancel`)).status).toBe('cancelled');
  });

  it('moves, merges and splits without a ticket, pays two bills as two sales, and the books count each once', async () => {
    const a = await open(tables[2]!);
    ok(
      await add(a.id, [
        { product_id: w.items[0], quantity: '2' },
        { product_id: w.items[1], quantity: '1', seat: 2 },
      ]),
      201,
    );
    await send(a.id);
    const b = await open(tables[3]!);
    ok(await add(b.id, [{ product_id: w.items[2], quantity: '1', seat: 3 }]), 201);
    await send(b.id);
    const ticketsBefore = await w.t.deps.db.selectFrom('kitchen_tickets').select('id').execute();

    await refused(409, 'That table already has an order: merge the two instead', () =>
      call(w.owner, 'POST', `/api/v1/table-orders/${a.id}/move`, { table_id: tables[3] }),
    );
    // A table of the shop's other branch is not a place to move to.
    const away = ok<{ id: string }>(
      await call(w.owner, 'POST', '/api/v1/floor/areas', { branch_id: w.branches[1]!.id, name: 'Upstairs' }),
      201,
    );
    const far = ok<{ id: string }>(await call(w.owner, 'POST', '/api/v1/floor/tables', { area_id: away.id, name: 'U1', seats: 2 }), 201);
    await refused(422, 'That table is in another branch', () =>
      call(w.owner, 'POST', `/api/v1/table-orders/${a.id}/move`, { table_id: far.id }),
    );
    // Sending an order with nothing in it is refused, and changes nothing.
    const empty = await open(far.id);
    await refused(422, 'Nothing new to send to the kitchen', () => call(w.owner, 'POST', `/api/v1/table-orders/${empty.id}/send`));
    ok(await call(w.owner, 'POST', `/api/v1/table-orders/${empty.id}/cancel`));
    const moved = ok<TableOrder>(await call(w.owner, 'POST', `/api/v1/table-orders/${a.id}/move`, { table_id: tables[4] }));
    expect(moved.table_name).toBe('A5');
    const merged = ok<TableOrder>(await call(w.owner, 'POST', `/api/v1/table-orders/${a.id}/merge`, { order_id: b.id }));
    expect(merged.lines).toHaveLength(3);
    expect(merged.guests).toBe(4);
    expect(ok<TableOrder>(await call(w.owner, 'GET', `/api/v1/table-orders/${b.id}`)).status).toBe('cancelled');
    // The kitchen shows the merged tickets at the table the order is at now.
    const board = ok<{ data: KitchenTicket[] }>(await call(w.owner, 'GET', `/api/v1/kitchen/tickets?branch_id=${branch}`));
    expect(board.data.filter((k) => k.order_id === a.id).every((k) => k.table_name === 'A5')).toBe(true);

    // Split: one of the two first items and the third line on bill 2.
    const [l1, , l3] = merged.lines;
    await refused(422, 'You cannot move more than the line holds', () =>
      call(w.owner, 'POST', `/api/v1/table-orders/${a.id}/split`, { by: 'lines', moves: [{ line_id: l1!.id, quantity: '3', bill: 2 }] }),
    );
    const split = ok<TableOrder>(
      await call(w.owner, 'POST', `/api/v1/table-orders/${a.id}/split`, {
        by: 'lines',
        moves: [
          { line_id: l1!.id, quantity: '1', bill: 2 },
          { line_id: l3!.id, quantity: '1', bill: 2 },
        ],
      }),
    );
    expect(split.bills.map((x) => [x.bill, x.line_count])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(split.pending_count).toBe(0);
    expect(await w.t.deps.db.selectFrom('kitchen_tickets').select('id').execute()).toHaveLength(ticketsBefore.length);

    const pre = ok<{ grand_total: string; lines: unknown[] }>(await call(w.owner, 'POST', `/api/v1/table-orders/${a.id}/pre-bill?bill=2`));
    expect(pre.lines).toHaveLength(2);
    expect(ok<TableOrder>(await call(w.owner, 'GET', `/api/v1/table-orders/${a.id}`)).state).toBe('billed');

    const pay = (bill: number, amount: string, key: string) =>
      call(
        w.owner,
        'POST',
        `/api/v1/table-orders/${a.id}/bills/${bill}/pay`,
        { payments: [{ payment_method_id: w.cash, currency: 'USD', amount }] },
        key,
      );
    const k2 = randomUUID();
    const paid2 = ok<{ sale_id: string; order: TableOrder }>(await pay(2, '100', k2), 201);
    // Paying the same bill again with the same key answers the same sale; with a new key it is refused.
    expect(ok<{ sale_id: string }>(await pay(2, '100', k2)).sale_id).toBe(paid2.sale_id);
    await refused(422, 'This bill is already paid', () => pay(2, '100', randomUUID()));
    const paid1 = ok<{ sale_id: string; order: TableOrder }>(await pay(1, '100', randomUUID()), 201);
    expect(paid1.order.status).toBe('paid');
    await refused(422, 'This order is already paid or closed: nothing more can be added to it', () =>
      add(a.id, [{ product_id: w.items[0], quantity: '1' }]),
    );

    const sales = await w.t.deps.db
      .selectFrom('sales')
      .select(['id', 'grand_total', 'table_name', 'table_order_id', 'line_count'])
      .where('table_order_id', '=', a.id)
      .execute();
    expect(sales).toHaveLength(2);
    expect(sales.every((s) => s.table_name === 'A5')).toBe(true);
    expect(sales.map((s) => Number(s.line_count)).sort()).toEqual([2, 2]);
    expect(ok<TableOrder>(await call(w.owner, 'POST', `/api/v1/table-orders/${a.id}/clear`)).cleared_at).not.toBeNull();
    const floor = ok<{ tables: Array<{ id: string; state: string }> }>(await call(w.owner, 'GET', `/api/v1/floor?branch_id=${branch}`));
    expect(floor.tables.find((x) => x.id === tables[4])!.state).toBe('free');
  });
});

describe('two devices at one table', () => {
  it('adds and sends at once, with retries: no line lost or doubled, no ticket made twice', async () => {
    const order = await open(tables[3]!);
    const keys = Array.from({ length: 6 }, () => randomUUID());
    const adds = keys.flatMap((key, i) => {
      const body = [{ product_id: w.items[i % 3], quantity: '1', note: `d${i}` }];
      const token = i % 2 ? waiter : w.owner;
      // Each addition sent twice at once: the tablet's retry racing its original.
      return [add(order.id, body, key, token), add(order.id, body, key, token)];
    });
    const sends = Array.from({ length: 6 }, (_, i) => call(i % 2 ? waiter : w.owner, 'POST', `/api/v1/table-orders/${order.id}/send`));
    const results = await Promise.all([...adds, ...sends]);
    for (const r of results) expect([200, 201, 422], r.body).toContain(r.statusCode);
    // A last send takes whatever the racing sends left.
    await call(w.owner, 'POST', `/api/v1/table-orders/${order.id}/send`);
    const final = ok<TableOrder>(await call(w.owner, 'GET', `/api/v1/table-orders/${order.id}`));
    expect(final.lines.map((l) => l.note).sort()).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
    expect(final.pending_count).toBe(0);
    const ticketLinesMade = await w.t.deps.db
      .selectFrom('kitchen_ticket_lines as l')
      .innerJoin('kitchen_tickets as k', 'k.id', 'l.ticket_id')
      .select(['l.order_line_id', 'l.quantity'])
      .where('k.order_id', '=', order.id)
      .execute();
    // Every line reached the kitchen exactly once.
    expect(ticketLinesMade.map((l) => l.order_line_id).sort()).toEqual(final.lines.map((l) => l.id).sort());
    expect(ticketLinesMade.every((l) => Number(l.quantity) === 1000)).toBe(true);
  });
});
