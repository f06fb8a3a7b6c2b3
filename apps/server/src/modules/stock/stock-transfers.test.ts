import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { addShopUser, createShop } from '../../../test/factories';

let t: TestContext;
let owner: string;
let cashier: string;
let coffee: string;
let branches: { id: string; name: string }[];
let cola: string;
let box: string;
let kg: string;

const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, OWNER);
  cashier = await loginAs(t.app, CASHIER);
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branches = await db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', coffee).orderBy('created_at').execute();
  const unit = (name: string) =>
    db.selectFrom('units').select('id').where('business_id', '=', coffee).where('name', '=', name).executeTakeFirstOrThrow();
  const can = await unit('Can');
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
  box = (await unit('Box of 24')).id;
  kg = (
    await db
      .selectFrom('units')
      .select('id')
      .where('business_id', '=', coffee)
      .where('base_unit_id', 'is', null)
      .where('name', '!=', 'Can')
      .executeTakeFirstOrThrow()
  ).id;
  // Enough cans in the first branch for every test below.
  const addition = await db
    .selectFrom('adjustment_types')
    .select('id')
    .where('business_id', '=', coffee)
    .where('direction', '=', 'addition')
    .executeTakeFirstOrThrow();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/stock-adjustments',
    headers: bearer(owner),
    payload: {
      branch_id: branches[0]!.id,
      adjustment_type_id: addition.id,
      adjusted_on: '2026-11-21',
      lines: [{ product_id: cola, quantity: '100' }],
    },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const send = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/stock-transfers', headers: { ...bearer(token), ...en }, payload: body });
const edit = (token: string, id: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/stock-transfers/${id}`, headers: { ...bearer(token), ...en }, payload: body });
const act = (token: string, id: string, action: 'receive' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/api/v1/stock-transfers/${id}/${action}`, headers: { ...bearer(token), ...en } });
const body = (extra: object = {}) => ({
  from_branch_id: branches[0]!.id,
  to_branch_id: branches[1]!.id,
  sent_on: '2026-11-21',
  lines: [{ product_id: cola, quantity: '10' }],
  ...extra,
});

/** On hand of the cola in a branch, in cans (the base unit). */
const onHand = async (branchId: string) => {
  const row = await t.deps.db
    .selectFrom('stock_levels')
    .select('on_hand')
    .where('business_id', '=', coffee)
    .where('branch_id', '=', branchId)
    .where('product_id', '=', cola)
    .executeTakeFirst();
  return (row?.on_hand ?? 0) / 1000;
};
const levels = async () => [await onHand(branches[0]!.id), await onHand(branches[1]!.id)];

/** Everything a refused request must leave as it was. */
const snapshot = async () => {
  const db = t.deps.db;
  const n = async (table: 'stock_transfers' | 'stock_transfer_lines' | 'stock_movements' | 'stock_notifications') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .where('business_id', '=', coffee)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const transfers = await db
    .selectFrom('stock_transfers')
    .select(['id', 'from_branch_id', 'to_branch_id', 'sent_on', 'note', 'state', 'line_count'])
    .where('business_id', '=', coffee)
    .orderBy('id')
    .execute();
  const lines = await db
    .selectFrom('stock_transfer_lines')
    .select(['id', 'transfer_id', 'product_id', 'unit_id', 'quantity'])
    .where('business_id', '=', coffee)
    .orderBy('id')
    .execute();
  return {
    transfers,
    lines,
    counts: [await n('stock_transfers'), await n('stock_transfer_lines'), await n('stock_movements'), await n('stock_notifications')],
    levels: await levels(),
  };
};

describe('editing a transfer on its way', () => {
  it('returns what left and sends the new lines, writing movements and never rewriting them', async () => {
    const [a0, b0] = await levels();
    const sent = await send(owner, body());
    expect(sent.statusCode).toBe(201);
    const id = sent.json().data.id as string;
    const before = await t.deps.db.selectFrom('stock_movements').selectAll().where('doc_id', '=', id).orderBy('id').execute();
    expect(before.map((m) => m.movement_type)).toEqual(['transfer_out']);

    const res = await edit(owner, id, body({ note: 'Two more', lines: [{ product_id: cola, quantity: '12' }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('You have updated successfully');
    const doc = res.json().data;
    expect(doc).toMatchObject({ id, state: 'sent', note: 'Two more', line_count: 1 });
    expect(doc.lines.map((l: { quantity: string; base_quantity: string }) => [l.quantity, l.base_quantity])).toEqual([['12', '12']]);
    expect(await levels()).toEqual([a0! - 12, b0]);

    // The first movement is still there, unchanged; the correction is two new movements after it.
    const after = await t.deps.db.selectFrom('stock_movements').selectAll().where('doc_id', '=', id).orderBy('id').execute();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((m) => [m.movement_type, m.branch_id, m.quantity])).toEqual([
      ['transfer_in', branches[0]!.id, 10_000],
      ['transfer_out', branches[0]!.id, -12_000],
    ]);
    expect(after[1]!.cost_total).toBe(-before[0]!.cost_total);

    // Receiving brings the edited quantity, at the cost that left for it.
    const received = await act(owner, id, 'receive');
    expect(received.statusCode).toBe(200);
    expect(await levels()).toEqual([a0! - 12, b0! + 12]);
    const arrived = await t.deps.db
      .selectFrom('stock_movements')
      .select(['quantity', 'cost_total'])
      .where('doc_id', '=', id)
      .where('movement_type', '=', 'transfer_in')
      .where('branch_id', '=', branches[1]!.id)
      .execute();
    expect(arrived).toEqual([{ quantity: 12_000, cost_total: -after[2]!.cost_total }]);
  });

  it('edits the branches and the unit, and a cancel after the edit puts both branches back', async () => {
    const [a0, b0] = await levels();
    const id = (await send(owner, body())).json().data.id as string;
    const res = await edit(owner, id, body({ lines: [{ product_id: cola, unit_id: box, quantity: '2' }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lines[0]).toMatchObject({ unit_id: box, quantity: '2', base_quantity: '48' });
    expect(await levels()).toEqual([a0! - 48, b0]);
    // Sent back the other way: the new source is the second branch, which takes nothing it does not hold.
    const swapped = await edit(
      owner,
      id,
      body({ from_branch_id: branches[1]!.id, to_branch_id: branches[0]!.id, lines: [{ product_id: cola, quantity: String(b0) }] }),
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().data).toMatchObject({ from_branch_id: branches[1]!.id, to_branch_id: branches[0]!.id });
    expect(await levels()).toEqual([a0, 0]);
    const cancelled = await act(owner, id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.state).toBe('void');
    expect(await levels()).toEqual([a0, b0]);
  });

  it('completes in one step with receive_now on an edit', async () => {
    const [a0, b0] = await levels();
    const id = (await send(owner, body())).json().data.id as string;
    const res = await edit(owner, id, body({ receive_now: true, lines: [{ product_id: cola, quantity: '3' }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('received');
    expect(await levels()).toEqual([a0! - 3, b0! + 3]);
  });

  it('refuses to edit a received or a cancelled transfer, translated, and saves nothing', async () => {
    const received = (await send(owner, body({ receive_now: true }))).json().data.id as string;
    const cancelled = (await send(owner, body())).json().data.id as string;
    expect((await act(owner, cancelled, 'cancel')).statusCode).toBe(200);
    const before = await snapshot();
    for (const id of [received, cancelled]) {
      const res = await edit(owner, id, body({ lines: [{ product_id: cola, quantity: '1' }] }));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Only a transfer on its way can be edited');
    }
    expect(await snapshot()).toEqual(before);
    const km = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/stock-transfers/${received}`,
      headers: { ...bearer(owner), 'accept-language': 'km' },
      payload: body(),
    });
    expect(km.statusCode).toBe(422);
    expect(km.json().message).not.toBe('Only a transfer on its way can be edited');
  });

  it('refuses bad input on an edit with a translated message and saves nothing', async () => {
    const id = (await send(owner, body())).json().data.id as string;
    const before = await snapshot();
    const cases: [object, number, string, string][] = [
      [body({ to_branch_id: branches[0]!.id }), 400, 'to_branch_id', 'Choose another branch to send to'],
      [body({ lines: [{ product_id: cola, quantity: '0' }] }), 400, 'lines.0.quantity', ''],
      [body({ lines: [{ product_id: cola, quantity: '-3' }] }), 400, 'lines.0.quantity', ''],
      [
        body({ lines: [{ product_id: cola, quantity: '999999' }] }),
        422,
        'lines.0.quantity',
        `There is not enought stock or no item: ${(await t.deps.db.selectFrom('products').select('product_name').where('id', '=', cola).executeTakeFirstOrThrow()).product_name}`,
      ],
      [
        body({ lines: [{ product_id: cola, unit_id: kg, quantity: '1' }] }),
        422,
        'lines.0.unit_id',
        'This unit does not measure this product',
      ],
      [body({ lines: [] }), 400, 'lines', 'Add at least one item'],
    ];
    for (const [payload, status, field, message] of cases) {
      const res = await edit(owner, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      const answer = res.json() as { message: string; errors?: Record<string, string> };
      if (field) expect(answer.errors?.[field], JSON.stringify(answer)).toBeTruthy();
      if (message) expect(field ? answer.errors?.[field] : answer.message).toBe(message);
      expect(answer.message).not.toMatch(/^stock\.|^validation\./);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a zero quantity and a unit of another base when sending, and saves nothing', async () => {
    const before = await snapshot();
    const zero = await send(owner, body({ lines: [{ product_id: cola, quantity: '0' }] }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors['lines.0.quantity']).toBeTruthy();
    const negative = await send(owner, body({ lines: [{ product_id: cola, quantity: '-1' }] }));
    expect(negative.statusCode).toBe(400);
    const otherBase = await send(owner, body({ lines: [{ product_id: cola, unit_id: kg, quantity: '1' }] }));
    expect(otherBase.statusCode).toBe(422);
    expect(otherBase.json().errors['lines.0.unit_id']).toBe('This unit does not measure this product');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a branch user to transfers leaving its own branch, another shop gets 404, a cashier 403', async () => {
    const id = (await send(owner, body())).json().data.id as string;
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', coffee)
      .where('permissions', 'like', '%stock-transfer%')
      .executeTakeFirstOrThrow();
    // The destination's user sees the transfer but may not edit it, nor send it from its own branch instead.
    const there = await loginAs(
      t.app,
      (await addShopUser(t.deps, { businessId: coffee, roleId: role.id, branchId: branches[1]!.id })).login,
    );
    const other = await createShop(t.deps);
    const stranger = await loginAs(t.app, other.login);
    const before = await snapshot();
    const refused = await edit(there, id, body());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('You can only move stock of your own branch');
    expect((await edit(there, id, body({ from_branch_id: branches[1]!.id, to_branch_id: branches[0]!.id }))).statusCode).toBe(422);
    expect((await edit(stranger, id, body())).statusCode).toBe(404);
    expect((await edit(cashier, id, body())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/stock-transfers/${id}`, payload: body() })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);

    // The source's own user edits it, but cannot make it leave another branch.
    const here = await loginAs(
      t.app,
      (await addShopUser(t.deps, { businessId: coffee, roleId: role.id, branchId: branches[0]!.id })).login,
    );
    const moved = await edit(here, id, body({ from_branch_id: branches[1]!.id, to_branch_id: branches[0]!.id }));
    expect(moved.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    const ok = await edit(here, id, body({ lines: [{ product_id: cola, quantity: '4' }] }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.lines[0].quantity).toBe('4');
  });
});

describe('the transfer form options', () => {
  it('offers a branch user its own branch to send from and every branch to send to; a cashier gets 403', async () => {
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', coffee)
      .where('permissions', 'like', '%stock-transfer%')
      .executeTakeFirstOrThrow();
    const token = await loginAs(
      t.app,
      (await addShopUser(t.deps, { businessId: coffee, roleId: role.id, branchId: branches[1]!.id })).login,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/stock-transfers/options', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().from_branches).toEqual([branches[1]]);
    expect(
      res
        .json()
        .to_branches.map((b: { id: string }) => b.id)
        .sort(),
    ).toEqual(branches.map((b) => b.id).sort());
    expect(res.json().units.map((u: { id: string }) => u.id)).toContain(box);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/stock-transfers/options', headers: bearer(owner) });
    expect(all.json().from_branches).toHaveLength(branches.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stock-transfers/options', headers: bearer(cashier) })).statusCode).toBe(403);
  });
});
