import type { Kysely } from 'kysely';
import { lineAmount } from '@posauto/shared/money/index';
import type { Floor, TableOrderSummary } from '@posauto/shared/schemas/restaurant';
import type { Database } from '../../db/types';
import { whereBranch, type RequestContext } from '../../http/context';
import { floorAreasOf, floorBranch, floorTablesOf, kitchenStationsOf } from '../floor/index';
import { moneyOut } from '../sales/index';
import { shopCurrency } from '../settings/index';
import { orderLines, stateOf } from './order-core';

/**
 * The live floor of a branch: its areas and tables, each table with the order it holds (open, or paid and not yet
 * cleared): state, guests, waiter, since when, amount so far, and how many lines the kitchen has ready. Four reads
 * whatever the number of tables.
 */
export async function readFloor(db: Kysely<Database>, ctx: RequestContext, requested?: string | null): Promise<Floor> {
  const branch = await floorBranch(db, ctx, requested);
  const [areas, tables, stations, currency] = await Promise.all([
    floorAreasOf(db, ctx.businessId, branch.id),
    floorTablesOf(db, ctx.businessId, branch.id),
    kitchenStationsOf(db, ctx.businessId, branch.id),
    shopCurrency(db, ctx.businessId),
  ]);
  const orders = await db
    .selectFrom('table_orders as o')
    .leftJoin('users as w', (j) => j.onRef('w.business_id', '=', 'o.business_id').onRef('w.id', '=', 'o.waiter_id'))
    .select([
      'o.id',
      'o.table_id',
      'o.status',
      'o.guests',
      'o.opened_at',
      'o.bill_printed_at',
      'o.changed_at',
      'w.first_name',
      'w.last_name',
    ])
    .where('o.business_id', '=', ctx.businessId)
    .where('o.branch_id', '=', branch.id)
    .where('o.cleared_at', 'is', null)
    .execute();
  const lines = await orderLines(
    db,
    ctx.businessId,
    orders.map((o) => o.id),
  );
  const ready = orders.length
    ? await db
        .selectFrom('kitchen_ticket_lines as l')
        .innerJoin('kitchen_tickets as k', (j) => j.onRef('k.business_id', '=', 'l.business_id').onRef('k.id', '=', 'l.ticket_id'))
        .select(['k.order_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('l.business_id', '=', ctx.businessId)
        .where(
          'k.order_id',
          'in',
          orders.map((o) => o.id),
        )
        .where('l.ready_at', 'is not', null)
        .where('k.status', '!=', 'done')
        .groupBy('k.order_id')
        .execute()
    : [];
  const readyOf = new Map(ready.map((r) => [r.order_id, Number(r.n)]));
  const byTable = new Map(orders.filter((o) => o.table_id).map((o) => [o.table_id!, o]));
  return {
    branch_id: branch.id,
    branch_name: branch.name,
    areas,
    stations,
    tables: tables.map((t) => {
      const o = byTable.get(t.id);
      if (!o)
        return { ...t, state: 'free', order_id: null, guests: null, waiter_name: null, opened_at: null, amount: null, ready_count: 0 };
      const mine = lines.filter((l) => l.order_id === o.id);
      const amount = mine
        .filter((l) => l.status === 'active')
        .reduce((s, l) => s + lineAmount(Number(l.quantity), Number(l.unit_price)), 0);
      return {
        ...t,
        state: stateOf(o, mine),
        order_id: o.id,
        guests: Number(o.guests),
        waiter_name: o.first_name ? `${o.first_name} ${o.last_name ?? ''}`.trim() : null,
        opened_at: o.opened_at,
        amount: moneyOut(amount, currency),
        ready_count: readyOf.get(o.id) ?? 0,
      };
    }),
  };
}

/** The orders on tables now (open, or paid and not yet cleared) of a branch, or of every branch; oldest first. */
export async function listOpenOrders(db: Kysely<Database>, ctx: RequestContext, requested?: string | null): Promise<TableOrderSummary[]> {
  const q = db
    .selectFrom('table_orders as o')
    .leftJoin('floor_tables as t', (j) => j.onRef('t.business_id', '=', 'o.business_id').onRef('t.id', '=', 'o.table_id'))
    .leftJoin('users as w', (j) => j.onRef('w.business_id', '=', 'o.business_id').onRef('w.id', '=', 'o.waiter_id'))
    .select([
      'o.id',
      'o.order_number',
      'o.table_id',
      't.name as table_name',
      'o.status',
      'o.guests',
      'o.opened_at',
      'w.first_name',
      'w.last_name',
    ])
    .where('o.business_id', '=', ctx.businessId)
    .where('o.cleared_at', 'is', null);
  const rows = await whereBranch(q, 'o.branch_id', ctx, requested).orderBy('o.opened_at').orderBy('o.id').execute();
  return rows.map((o) => ({
    id: o.id,
    order_number: o.order_number,
    table_id: o.table_id,
    table_name: o.table_name ?? null,
    status: o.status,
    guests: Number(o.guests),
    waiter_name: o.first_name ? `${o.first_name} ${o.last_name ?? ''}`.trim() : null,
    opened_at: o.opened_at,
  }));
}
