import type { Kysely } from 'kysely';
import { BUSINESS_PERMISSIONS, WAITER_PERMISSIONS } from '@posauto/shared/permissions';
import type { BillPay, OrderLineInput } from '@posauto/shared/schemas/restaurant';
import type { Database } from '../db/types';
import type { Deps } from '../deps';
import type { RequestContext } from '../http/context';
import { newId } from '../lib/ids';
import { addUser, type CreatedBusiness } from '../modules/businesses/index';
import { cashSessionsService } from '../modules/cash-sessions/index';
import { seedDemoFloor } from '../modules/floor/index';
import {
  billPaymentService,
  orderBillsService,
  orderLinesService,
  orderSplitService,
  orderTableService,
  sendOrder,
} from '../modules/orders/index';

export const WAITER_LOGIN = { email: 'waiter@posauto.local', password: 'waiter1234' } as const;

/** Demo Karaoke's table service: its waiter (to act as) and its tables by name. */
export interface DemoRestaurant {
  waiter: RequestContext;
  tables: ReadonlyMap<string, string>;
}

/** A dinner's lines: a product and how many, with a note for the kitchen now and then. */
export type DinnerLine = { productId: string; units: number; note?: string };

/** Deps whose clock says `minutes` past midnight of the day being seeded (the karaoke seed's own clock). */
type At = (minutes: number) => Deps;

/**
 * Demo Karaoke's floor (a dining room and a terrace, the kitchen and the bar, modules/floor/floor-demo.ts) and its
 * waiter: a role "Waiter" holding WAITER_PERMISSIONS, and a user of the shop's one branch.
 */
export async function seedRestaurant(
  trx: Kysely<Database>,
  shop: CreatedBusiness,
  waiterHash: string,
  at: string,
): Promise<DemoRestaurant | null> {
  const branchId = shop.branchIds[0];
  if (!branchId) return null;
  const floor = await seedDemoFloor(trx, shop, at, 'restaurant');
  const roleId = newId();
  await trx
    .insertInto('roles')
    .values({
      business_id: shop.businessId,
      id: roleId,
      name: 'Waiter',
      permissions: JSON.stringify(WAITER_PERMISSIONS),
      is_preset: 0,
      max_discount: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const userId = await addUser(
    trx,
    {
      businessId: shop.businessId,
      roleId,
      branchId,
      firstName: 'Rithy',
      lastName: 'Meas',
      email: WAITER_LOGIN.email,
      passwordHash: waiterHash,
      gender: 'male',
    },
    at,
  );
  return {
    waiter: { businessId: shop.businessId, userId, branchId, permissions: new Set(WAITER_PERMISSIONS), sessionId: 'demo-seed', ip: null },
    tables: floor.tables,
  };
}

const asLines = (lines: readonly DinnerLine[]): OrderLineInput[] =>
  lines.map((l) => ({ product_id: l.productId, quantity: String(l.units), ...(l.note ? { note: l.note } : {}) }));

/**
 * What the cook does on the display, written as the kitchen module writes it: every line of the order's tickets still
 * on the display ready, then the tickets bumped (doneAt) or left ready (null). Tickets bumped before keep their times
 * (a karaoke room's second round, demo-rooms.ts).
 */
export async function kitchenServed(trx: Kysely<Database>, businessId: string, orderId: string, readyAt: string, doneAt: string | null) {
  const tickets = await trx
    .selectFrom('kitchen_tickets')
    .select('id')
    .where('business_id', '=', businessId)
    .where('order_id', '=', orderId)
    .where('status', '!=', 'done')
    .execute();
  if (!tickets.length) return;
  const ids = tickets.map((t) => t.id);
  await trx
    .updateTable('kitchen_ticket_lines')
    .set({ ready_at: readyAt })
    .where('business_id', '=', businessId)
    .where('ticket_id', 'in', ids)
    .where('ready_at', 'is', null)
    .execute();
  await trx
    .updateTable('kitchen_tickets')
    .set(doneAt ? { status: 'done', ready_at: readyAt, done_at: doneAt } : { status: 'ready', ready_at: readyAt })
    .where('business_id', '=', businessId)
    .where('id', 'in', ids)
    .execute();
  await trx
    .updateTable('table_order_lines')
    .set({ ready_at: readyAt })
    .where('business_id', '=', businessId)
    .where('order_id', '=', orderId)
    .where('sent_quantity', '>', 0)
    .where('ready_at', 'is', null)
    .execute();
}

/** Seats guests at a table and sends their order: drinks and food to the bar and the kitchen. Answers the order's id. */
async function seatAndSend(
  trx: Kysely<Database>,
  r: DemoRestaurant,
  table: string,
  guests: number,
  lines: readonly DinnerLine[],
  when: At,
  from: number,
) {
  const tableId = r.tables.get(table);
  if (!tableId) throw new Error(`The demo floor has no table ${table}`);
  const { id } = await orderTableService(when(from)).open(trx, r.waiter, { table_id: tableId, guests });
  await orderLinesService(when(from + 2)).add(trx, r.waiter, id, { lines: asLines(lines) }, crypto.randomUUID());
  await sendOrder(trx, when(from + 3), r.waiter, id, crypto.randomUUID());
  return id;
}

/**
 * A dinner of the history, through table service: the waiter seats the guests about an hour before they pay, adds
 * their order and sends it, the kitchen and the bar serve it, the bill is paid at `minute` at the till by `cashier`
 * (into the cashier's open drawer: the sale carries the table and the waiter) and the table is cleared.
 */
export async function serveDinner(
  trx: Kysely<Database>,
  r: DemoRestaurant,
  cashier: RequestContext,
  dinner: { table: string; guests: number; lines: readonly DinnerLine[]; pay: BillPay },
  when: At,
  minute: number,
): Promise<void> {
  const id = await seatAndSend(trx, r, dinner.table, dinner.guests, dinner.lines, when, minute - 58);
  const iso = (m: number) => when(m).clock.now().toISOString();
  await kitchenServed(trx, r.waiter.businessId, id, iso(minute - 38), iso(minute - 30));
  await billPaymentService(when(minute)).pay(trx, cashier, id, 1, dinner.pay, crypto.randomUUID());
  await orderSplitService(when(minute + 4)).clear(trx, cashier, id);
}

/** The tables open at first sign-in (seedOpenTables): the history's dinners of today are served at others. */
export const OPEN_TONIGHT: readonly string[] = ['D2', 'D5', 'D7', 'T1'];

/** The product ids of Demo Karaoke by name (what the open tables order). */
type Menu = ReadonlyMap<string, string>;

/**
 * Tonight, at first sign-in: the waiter's drawer is open, and four tables have guests. D2 was served drinks and part
 * of its food is ready at the kitchen; D5 has sent its order and has a new line not sent yet; T1 has eaten and has its
 * pre-bill printed; D7 has just sent its order, nothing ready yet.
 */
export async function seedOpenTables(trx: Kysely<Database>, deps: Deps, r: DemoRestaurant, menu: Menu): Promise<void> {
  const now = deps.clock.now().getTime();
  /** Deps whose clock says `minutes` from now (negative: ago). */
  const ago: At = (minutes) => ({ ...deps, clock: { now: () => new Date(now + minutes * 60_000) } });
  const item = (name: string, units: number, note?: string): DinnerLine => {
    const productId = menu.get(name);
    if (!productId) throw new Error(`The demo menu has no ${name}`);
    return { productId, units, ...(note ? { note } : {}) };
  };
  await cashSessionsService(ago(-150)).openIn(trx, r.waiter, {
    branch_id: r.waiter.branchId,
    opening_usd: '20',
    opening_khr: '40000',
    note: '',
  });

  const d2 = await seatAndSend(
    trx,
    r,
    'D2',
    2,
    [item('Angkor beer can', 2), item('Beef lok lak', 1), item('Fried rice with chicken', 1, 'No chilli')],
    ago,
    -40,
  );
  // The bar has served the beer; the kitchen has the lok lak ready, the fried rice still in the wok.
  const served = await trx
    .selectFrom('kitchen_ticket_lines as l')
    .innerJoin('kitchen_tickets as k', (j) => j.onRef('k.business_id', '=', 'l.business_id').onRef('k.id', '=', 'l.ticket_id'))
    .select(['l.id', 'l.ticket_id', 'l.order_line_id', 'l.product_name'])
    .where('k.business_id', '=', r.waiter.businessId)
    .where('k.order_id', '=', d2)
    .execute();
  const readyAt = ago(-12).clock.now().toISOString();
  const beer = served.filter((l) => l.product_name === 'Angkor beer can');
  const lokLak = served.filter((l) => l.product_name === 'Beef lok lak');
  for (const l of [...beer, ...lokLak]) {
    await trx
      .updateTable('kitchen_ticket_lines')
      .set({ ready_at: readyAt })
      .where('business_id', '=', r.waiter.businessId)
      .where('id', '=', l.id)
      .execute();
    await trx
      .updateTable('table_order_lines')
      .set({ ready_at: readyAt })
      .where('business_id', '=', r.waiter.businessId)
      .where('id', '=', l.order_line_id)
      .execute();
  }
  const beerTickets = [...new Set(beer.map((l) => l.ticket_id))];
  if (beerTickets.length)
    await trx
      .updateTable('kitchen_tickets')
      .set({ status: 'done', ready_at: readyAt, done_at: ago(-10).clock.now().toISOString() })
      .where('business_id', '=', r.waiter.businessId)
      .where('id', 'in', beerTickets)
      .execute();

  const d5 = await seatAndSend(
    trx,
    r,
    'D5',
    4,
    [item('Beer bucket (6 cans)', 1), item('Fried rice with chicken', 2), item('Drinking water', 2)],
    ago,
    -30,
  );
  await kitchenServed(trx, r.waiter.businessId, d5, ago(-15).clock.now().toISOString(), ago(-14).clock.now().toISOString());
  await orderLinesService(ago(-2)).add(trx, r.waiter, d5, { lines: asLines([item('Potato chips', 2)]) }, crypto.randomUUID());

  const t1 = await seatAndSend(
    trx,
    r,
    'T1',
    3,
    [item('Cambodia beer can', 4), item('Beef lok lak', 2), item('Coca-Cola can', 1)],
    ago,
    -75,
  );
  await kitchenServed(trx, r.waiter.businessId, t1, ago(-50).clock.now().toISOString(), ago(-45).clock.now().toISOString());
  await orderBillsService(ago(-3)).preBill(trx, r.waiter, t1, { bill: 1 }, true);

  await seatAndSend(
    trx,
    r,
    'D7',
    6,
    [item('Angkor beer can', 6), item('Beef lok lak', 3), item('Fried rice with chicken', 2, 'One without egg')],
    ago,
    -8,
  );
}

/**
 * Demo Coffee's one table in service: the owner has seated two at C1 and sent two drinks to the coffee bar, so its
 * floor, its order list and its kitchen display are not empty (and every table-service route has a row to be tried
 * on, test/access.test.ts). No sale: the books of Demo Coffee stay the till's.
 */
export async function seedCafeOrder(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness) {
  // C1 of the branch the floor shows first (a shop-level user's floor opens on the first branch by name).
  const table = await trx
    .selectFrom('floor_tables as t')
    .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 't.business_id').onRef('b.id', '=', 't.branch_id'))
    .select('t.id')
    .where('t.business_id', '=', shop.businessId)
    .where('t.name', '=', 'C1')
    .orderBy('b.name')
    .orderBy('b.id')
    .executeTakeFirst();
  if (!table) throw new Error('The demo café has no table C1');
  const tableId = table.id;
  const products = await trx
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', shop.businessId)
    .where('type', '=', 'single')
    .where('status', '=', 1)
    .where('all_branches', '=', 1)
    .orderBy('product_name')
    .limit(2)
    .execute();
  const owner: RequestContext = {
    businessId: shop.businessId,
    userId: shop.ownerId,
    branchId: null,
    permissions: new Set(BUSINESS_PERMISSIONS),
    sessionId: 'demo-seed',
    ip: null,
  };
  const { id } = await orderTableService(deps).open(trx, owner, { table_id: tableId, guests: 2 });
  await orderLinesService(deps).add(
    trx,
    owner,
    id,
    { lines: products.map((p) => ({ product_id: p.id, quantity: '1' })) },
    crypto.randomUUID(),
  );
  await sendOrder(trx, deps, owner, id, crypto.randomUUID());
}
