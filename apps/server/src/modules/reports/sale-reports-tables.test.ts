import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemSaleResponse, SaleReportResponse } from '@posauto/shared/schemas/reports-sales';
import { newId } from '../../lib/ids';
import { addRole, addShopUser } from '../../../test/factories';
import { bearer, loginAs } from '../../../test/harness';
import { en, openCashSession, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

/**
 * The sale reports and table service (issue #24): a bill paid at a table is a sale that names its table and waiter;
 * the sale report and the item sale report show both, narrow to them, and export them; a counter sale names neither.
 */
let w: SaleWorld;
let branch: string;
let table: string;
let waiterId: string;
let tableSale: string;
let counterSale: string;
const MONTH = 'period=custom&from=2026-11-01&to=2026-11-30';

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  w.t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...en, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const report = async <T>(url: string) => ok<T>(await call(w.owner, 'GET', url));
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

beforeAll(async () => {
  w = await saleWorld();
  branch = w.branches[0]!.id;
  for (const item of w.items) await stockUp(w, item, branch, '100');
  await openCashSession(w, w.ownerId, branch);
  const area = ok<{ id: string }>(await call(w.owner, 'POST', '/api/v1/floor/areas', { branch_id: branch, name: 'Hall' }), 201);
  table = ok<{ id: string }>(await call(w.owner, 'POST', '/api/v1/floor/tables', { area_id: area.id, name: 'T7', seats: 4 }), 201).id;
  ok(await call(w.owner, 'POST', '/api/v1/kitchen/stations', { branch_id: branch, name: 'Kitchen', is_default: true }), 201);
  const role = await addRole(w.t.deps, w.biz, 'Waiter', ['table-service']);
  const u = await addShopUser(w.t.deps, { businessId: w.biz, roleId: role, branchId: branch });
  waiterId = u.userId;
  const waiter = await loginAs(w.t.app, u.login);

  // The waiter opens table T7 and orders 2 of the first item and 1 of the second; the owner takes the payment.
  const order = ok<{ id: string }>(await call(waiter, 'POST', '/api/v1/table-orders', { table_id: table, guests: 2 }), 201);
  const lines = [
    { product_id: w.items[0], quantity: '2' },
    { product_id: w.items[1], quantity: '1' },
  ];
  ok(await call(waiter, 'POST', `/api/v1/table-orders/${order.id}/lines`, { lines }, randomUUID()), 201);
  ok(await call(waiter, 'POST', `/api/v1/table-orders/${order.id}/send`));
  const pay = { payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '100' }] };
  tableSale = ok<{ sale_id: string }>(
    await call(w.owner, 'POST', `/api/v1/table-orders/${order.id}/bills/1/pay`, pay, randomUUID()),
    201,
  ).sale_id;

  // A counter sale of the first item, by the owner at the till.
  const counter = await sell(w.t.app, w.owner, {
    lines: [{ product_id: w.items[0], quantity: '1' }],
    payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '10' }],
  });
  expect(counter.statusCode, counter.body).toBe(201);
  counterSale = counter.json().data.id;
});
afterAll(() => w.t.close());

describe('the sale report and table sales', () => {
  it('shows the table and the waiter of a table sale, and none for a counter sale', async () => {
    const r = await report<SaleReportResponse>(`/api/v1/reports/sales?${MONTH}`);
    expect(r.table_sales).toBe(true);
    const at = r.rows.find((x) => x.id === tableSale)!;
    expect(at).toMatchObject({ table_name: 'T7', waiter_name: expect.stringMatching(/\S/) });
    const name = await w.t.deps.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', waiterId)
      .executeTakeFirstOrThrow();
    expect(at.waiter_name).toBe(`${name.first_name} ${name.last_name}`);
    expect(r.rows.find((x) => x.id === counterSale)).toMatchObject({ table_name: null, waiter_name: null });
  });

  it('narrows to a table and to a waiter, with the totals and the returns of those sales only', async () => {
    const all = await report<SaleReportResponse>(`/api/v1/reports/sales?${MONTH}`);
    const atTable = await report<SaleReportResponse>(`/api/v1/reports/sales?${MONTH}&table_id=${table}`);
    expect(atTable.rows.map((x) => x.id)).toEqual([tableSale]);
    expect(atTable.totals.count).toBe(1);
    expect(atTable.totals.grand_total).toBe(all.rows.find((x) => x.id === tableSale)!.grand_total);
    const byWaiter = await report<SaleReportResponse>(`/api/v1/reports/sales?${MONTH}&waiter_id=${waiterId}`);
    expect(byWaiter.rows.map((x) => x.id)).toEqual([tableSale]);
    const nobody = await report<SaleReportResponse>(`/api/v1/reports/sales?${MONTH}&waiter_id=${w.ownerId}`);
    expect(nobody.rows).toEqual([]);
    expect(nobody.table_sales).toBe(false);
    expect((await call(w.owner, 'GET', `/api/v1/reports/sales?${MONTH}&table_id=x`)).statusCode).toBe(400);
  });

  it('exports the Table and Waiter columns', async () => {
    const csv = await call(w.owner, 'GET', `/api/v1/reports/sales/export?${MONTH}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv.body);
    expect(lines[0]).toMatch(/Table,Waiter/);
    expect(lines.find((l) => l.includes(',T7,'))).toBeDefined();
  });
});

describe('the item sale report and table sales', () => {
  it('counts an item apart per table and waiter, with the same totals', async () => {
    const r = await report<ItemSaleResponse>(`/api/v1/reports/item-sales?${MONTH}`);
    const first = r.rows.filter((x) => x.product_id === w.items[0]);
    expect(first).toHaveLength(2);
    expect(first.find((x) => x.table_id === table)).toMatchObject({ table_name: 'T7', waiter_id: waiterId, sold_quantity: '2' });
    expect(first.find((x) => x.table_id === null)).toMatchObject({ table_name: null, waiter_name: null, sold_quantity: '1' });
    expect(r.rows.find((x) => x.product_id === w.items[1])).toMatchObject({ table_name: 'T7', sold_quantity: '1' });
    expect(r.totals.sold_quantity).toBe('4');
    const csv = csvLines((await call(w.owner, 'GET', `/api/v1/reports/item-sales/export?${MONTH}&format=csv`)).body);
    expect(csv[0]).toMatch(/Table,Waiter/);
    expect(csv).toHaveLength(r.rows.length + 2);
  });

  it('narrows the items to a table and to a waiter', async () => {
    const atTable = await report<ItemSaleResponse>(`/api/v1/reports/item-sales?${MONTH}&table_id=${table}`);
    expect(atTable.rows.map((x) => [x.product_id, x.sold_quantity]).sort()).toEqual(
      [
        [w.items[0], '2'],
        [w.items[1], '1'],
      ].sort(),
    );
    expect(atTable.totals.sold_quantity).toBe('3');
    const byWaiter = await report<ItemSaleResponse>(`/api/v1/reports/item-sales?${MONTH}&waiter_id=${waiterId}`);
    expect(byWaiter.totals).toEqual(atTable.totals);
    const other = await report<ItemSaleResponse>(`/api/v1/reports/item-sales?${MONTH}&table_id=${newId()}`);
    expect(other.rows).toEqual([]);
  });
});
