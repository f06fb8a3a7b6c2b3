import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { addShopUser, createShop } from '../../../test/factories';
import { newId } from '../../lib/ids';

let t: TestContext;
let owner: string;
let cashier: string;
let coffee: string;
let branches: { id: string; name: string }[];
let cola: { id: string };
let box: string;
let addition: string;
let subtraction: string;
const nameOf = async (id: string) =>
  (await t.deps.db.selectFrom('products').select('product_name').where('id', '=', id).executeTakeFirstOrThrow()).product_name;

const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, OWNER);
  cashier = await loginAs(t.app, CASHIER);
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branches = await db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', coffee).orderBy('created_at').execute();
  const can = await db
    .selectFrom('units')
    .select('id')
    .where('business_id', '=', coffee)
    .where('name', '=', 'Can')
    .executeTakeFirstOrThrow();
  cola = await db
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', coffee)
    .where('unit_id', '=', can.id)
    .where('type', '=', 'single')
    .where('is_stock_manage', '=', 1)
    .executeTakeFirstOrThrow();
  box = (
    await db.selectFrom('units').select('id').where('business_id', '=', coffee).where('name', '=', 'Box of 24').executeTakeFirstOrThrow()
  ).id;
  const types = await db.selectFrom('adjustment_types').select(['id', 'direction']).where('business_id', '=', coffee).execute();
  addition = types.find((x) => x.direction === 'addition')!.id;
  subtraction = types.find((x) => x.direction === 'subtraction')!.id;
});
afterAll(() => t.close());

const adjust = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/stock-adjustments', headers: { ...bearer(token), ...en }, payload: body });

const onHand = async (branchId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/stock?product_id=${cola.id}&branch_id=${branchId}`,
    headers: bearer(owner),
  });
  return (res.json() as { data: { on_hand: string }[] }).data[0]?.on_hand ?? '0';
};

const counts = async () => {
  const n = async (table: 'stock_adjustments' | 'stock_movements' | 'stock_levels') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .where('business_id', '=', coffee)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { docs: await n('stock_adjustments'), moves: await n('stock_movements'), levels: await n('stock_levels') };
};

/** A variation product of the demo shop with one variant (written directly: the demo has none that manages stock). */
async function variationProduct() {
  const at = new Date().toISOString();
  const id = newId();
  const variantId = newId();
  const unitId = (await t.deps.db.selectFrom('products').select('unit_id').where('id', '=', cola.id).executeTakeFirstOrThrow()).unit_id;
  await t.deps.db
    .insertInto('products')
    .values({
      business_id: coffee,
      id,
      type: 'variation',
      product_name: `Shirt ${id.slice(-6)}`,
      sku_code: `SHIRT-${id.slice(-12)}`,
      unit_id: unitId,
      currency: 'USD',
      purchase_cost: 0,
      sale_cost: 0,
      discount_cost: 0,
      stock_alert: null,
      is_stock_manage: 1,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  await t.deps.db
    .insertInto('product_variants')
    .values({
      business_id: coffee,
      id: variantId,
      product_id: id,
      name: 'Red / L',
      sku_code: `RED-${id.slice(-12)}`,
      purchase_cost: 250,
      sale_cost: 500,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  return { productId: id, variantId };
}

describe('stock adjustments', () => {
  it('adds two boxes of 24 as 48 cans and shows them on hand', async () => {
    const before = Number(await onHand(branches[0]!.id));
    const res = await adjust(owner, {
      branch_id: branches[0]!.id,
      adjustment_type_id: addition,
      adjusted_on: '2026-11-21',
      reason: 'Found in the back store',
      lines: [{ product_id: cola.id, unit_id: box, quantity: '2' }],
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc.adjustment_number).toMatch(/^ADJ-\d{6}$/);
    expect(doc.lines[0]).toMatchObject({ quantity: '2', base_quantity: '48', unit_id: box });
    expect(Number(await onHand(branches[0]!.id))).toBe(before + 48);
    // The product list's stock column and the product detail show the same quantity.
    const product = await t.app.inject({ method: 'GET', url: `/api/v1/products/${cola.id}`, headers: bearer(owner) });
    const stock = (product.json() as { stock: { branch_id: string; quantity: string }[] }).stock;
    expect(stock.find((s) => s.branch_id === branches[0]!.id)?.quantity).toBe(await onHand(branches[0]!.id));
  });

  it('answers a new adjustment exactly as reading it back does (the answer is built, not re-read)', async () => {
    const db = t.deps.db;
    const product = (type: 'single' | 'combo', manage: number) =>
      db
        .selectFrom('products')
        .select('id')
        .where('business_id', '=', coffee)
        .where('type', '=', type)
        .where('is_stock_manage', '=', manage)
        .orderBy('id')
        .executeTakeFirst();
    const shirt = await variationProduct();
    const combo = await product('combo', 1);
    const unmanaged = await product('single', 0);
    const lines = [
      { product_id: cola.id, unit_id: box, quantity: '1' },
      { product_id: cola.id, quantity: '2.5' },
      { product_id: shirt.productId, variant_id: shirt.variantId, quantity: '3' },
      ...(combo ? [{ product_id: combo.id, quantity: '1' }] : []),
      ...(unmanaged ? [{ product_id: unmanaged.id, quantity: '1' }] : []),
    ];
    expect(lines.length).toBeGreaterThanOrEqual(4); // a unit, the base unit, a variant, and a combo or an unmanaged item
    const res = await adjust(owner, {
      branch_id: branches[0]!.id,
      adjustment_type_id: addition,
      adjusted_on: '2026-11-22',
      reason: '  Stocktake  ',
      lines,
    });
    expect(res.statusCode).toBe(201);
    const posted = res.json().data;
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/stock-adjustments/${posted.id}`, headers: bearer(owner) });
    expect(read.statusCode).toBe(200);
    expect(posted).toEqual(read.json());
    expect(posted.lines).toHaveLength(lines.length);
  });

  it('lists levels with their branch, variant and unit names and the low flag (names looked up per row)', async () => {
    const db = t.deps.db;
    const shirt = await variationProduct();
    const someVariant = { product_id: shirt.productId, id: shirt.variantId };
    const added = await adjust(owner, {
      branch_id: branches[1]!.id,
      adjustment_type_id: addition,
      adjusted_on: '2026-11-22',
      lines: [{ product_id: someVariant.product_id, variant_id: someVariant.id, quantity: '1' }],
    });
    expect(added.statusCode).toBe(201);
    const variant = await db
      .selectFrom('stock_levels as l')
      .innerJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'l.business_id').onRef('v.id', '=', 'l.variant_id'))
      .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'l.business_id').onRef('p.id', '=', 'l.product_id'))
      .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'l.business_id').onRef('b.id', '=', 'l.branch_id'))
      .leftJoin('units as u', (j) => j.onRef('u.business_id', '=', 'p.business_id').onRef('u.id', '=', 'p.unit_id'))
      .select([
        'l.product_id',
        'l.variant_id',
        'l.branch_id',
        'p.product_name',
        'v.name',
        'v.sku_code',
        'b.name as branch_name',
        'u.name as unit',
      ])
      .where('l.business_id', '=', coffee)
      .where('l.variant_id', '=', someVariant.id)
      .where('l.branch_id', '=', branches[1]!.id)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stock?product_id=${variant.product_id}&branch_id=${variant.branch_id}&per_page=100`,
      headers: bearer(owner),
    });
    const row = (res.json() as { data: Record<string, unknown>[] }).data.find((r) => r.variant_id === variant.variant_id);
    expect(row).toMatchObject({
      product_name: `${variant.product_name} - ${variant.name}`,
      sku_code: variant.sku_code,
      branch_name: variant.branch_name,
      unit_name: variant.unit,
    });
    const colaRows = (await t.app.inject({ method: 'GET', url: `/api/v1/stock?product_id=${cola.id}`, headers: bearer(owner) })).json() as {
      data: { product_name: string; unit_name: string; variant_id: string | null }[];
    };
    expect(colaRows.data.length).toBeGreaterThan(0);
    for (const r of colaRows.data) expect(r).toMatchObject({ unit_name: 'Can', variant_id: null });
    // The low filter keeps exactly the rows the unfiltered list flags as low.
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/stock?per_page=all', headers: bearer(owner) })).json() as {
      data: { product_id: string; variant_id: string | null; branch_id: string; low: boolean }[];
    };
    const low = (await t.app.inject({ method: 'GET', url: '/api/v1/stock?per_page=all&low=1', headers: bearer(owner) })).json() as {
      data: typeof all.data;
    };
    const key = (r: (typeof all.data)[number]) => `${r.product_id}/${r.variant_id}/${r.branch_id}`;
    expect(low.data.map(key).sort()).toEqual(
      all.data
        .filter((r) => r.low)
        .map(key)
        .sort(),
    );
    expect(low.data.length).toBeGreaterThan(0);
  });

  it('posts adjustments sent together each as if alone: failures change nothing, numbers stay gapless', async () => {
    const before = await counts();
    const last = await t.deps.db
      .selectFrom('stock_adjustments')
      .select((e) => e.fn.max('adjustment_number').as('n'))
      .where('business_id', '=', coffee)
      .executeTakeFirstOrThrow();
    const ok = (i: number) => ({
      branch_id: branches[0]!.id,
      adjustment_type_id: addition,
      adjusted_on: '2026-11-22',
      reason: `together ${i}`,
      lines: [{ product_id: cola.id, quantity: '1' }],
    });
    const tooMuch = { ...ok(-1), adjustment_type_id: subtraction, lines: [{ product_id: cola.id, quantity: '100000' }] };
    // On SQLite these arrive in one turn of the event loop and are written in one group commit.
    const bodies = [ok(0), ok(1), tooMuch, ok(2), tooMuch, ok(3)];
    const answers = await Promise.all(bodies.map((b) => adjust(owner, b)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 422, 201, 422, 201]);
    const numbers = answers.filter((r) => r.statusCode === 201).map((r) => Number(r.json().data.adjustment_number.slice(4)));
    const first = Number(String(last.n).slice(4)) + 1;
    expect([...numbers].sort((a, b) => a - b)).toEqual([first, first + 1, first + 2, first + 3]);
    expect(await counts()).toEqual({ ...before, docs: before.docs + 4, moves: before.moves + 4 });
    // All good (on SQLite: one group, one commit): the next numbers, none twice, none skipped.
    const more = await Promise.all([ok(4), ok(5), ok(6)].map((b) => adjust(owner, b)));
    expect(more.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const next = more.map((r) => Number(r.json().data.adjustment_number.slice(4)));
    expect(next.sort((a, b) => a - b)).toEqual([first + 4, first + 5, first + 6]);
  });

  it('refuses to take more than on hand, in the caller language, and saves nothing', async () => {
    const before = await counts();
    const res = await adjust(owner, {
      branch_id: branches[0]!.id,
      adjustment_type_id: subtraction,
      adjusted_on: '2026-11-21',
      lines: [{ product_id: cola.id, quantity: '100000' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`There is not enought stock or no item: ${await nameOf(cola.id)}`);
    expect(res.json().errors['lines.0.quantity']).toBe(`There is not enought stock or no item: ${await nameOf(cola.id)}`);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a translated message and saves nothing', async () => {
    const before = await counts();
    const kg = await t.deps.db
      .selectFrom('units')
      .select('id')
      .where('business_id', '=', coffee)
      .where('base_unit_id', 'is', null)
      .where('name', '!=', 'Can')
      .executeTakeFirstOrThrow();
    for (const [body, status] of [
      [{ lines: [{ product_id: cola.id, quantity: '0' }] }, 400],
      [{ lines: [{ product_id: cola.id, quantity: '-1' }] }, 400],
      [{ lines: [] }, 400],
      [{ lines: [{ product_id: cola.id, unit_id: kg.id, quantity: '1' }] }, 422],
      [{ adjusted_on: 'yesterday', lines: [{ product_id: cola.id, quantity: '1' }] }, 400],
    ] as const) {
      const res = await adjust(owner, { branch_id: branches[0]!.id, adjustment_type_id: addition, adjusted_on: '2026-11-21', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBeTruthy();
    }
    expect(await counts()).toEqual(before);
  });

  it('cancels an adjustment with reversing movements and keeps the document', async () => {
    const before = await onHand(branches[0]!.id);
    const made = await adjust(owner, {
      branch_id: branches[0]!.id,
      adjustment_type_id: subtraction,
      adjusted_on: '2026-11-21',
      lines: [{ product_id: cola.id, quantity: '5' }],
    });
    expect(made.statusCode).toBe(201);
    expect(Number(await onHand(branches[0]!.id))).toBe(Number(before) - 5);
    const id = made.json().data.id;
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/stock-adjustments/${id}/cancel`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('void');
    expect(await onHand(branches[0]!.id)).toBe(before);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stock-adjustments/${id}/cancel`,
      headers: { ...bearer(owner), ...en },
    });
    expect(again.statusCode).toBe(422);
    const moves = await t.app.inject({ method: 'GET', url: `/api/v1/stock-movements?product_id=${cola.id}`, headers: bearer(owner) });
    const types = (moves.json().data as { doc_id: string; movement_type: string }[])
      .filter((m) => m.doc_id === id)
      .map((m) => m.movement_type);
    expect(types.sort()).toEqual(['adjustment_in', 'adjustment_out']);
  });

  it('lists adjustments and answers 404 for another shop’s adjustment', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/stock-adjustments?per_page=100', headers: bearer(owner) });
    expect(list.statusCode).toBe(200);
    const id = list.json().data[0].id;
    const other = await createShop(t.deps);
    const stranger = await loginAs(t.app, other.login);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/stock-adjustments/${id}`, headers: bearer(stranger) });
    expect(res.statusCode).toBe(404);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/stock-adjustments/${id}/cancel`, headers: bearer(stranger) });
    expect(cancel.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stock-adjustments', headers: bearer(stranger) })).json().data).toEqual([]);
  });

  it('keeps a product that has moved stock: deleting it answers 409 and changes nothing', async () => {
    const kept = await t.deps.db
      .selectFrom('stock_levels as l')
      .select('l.product_id')
      .where('l.business_id', '=', coffee)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('combo_items as c').select('c.product_id').whereRef('c.item_product_id', '=', 'l.product_id'))),
      )
      .executeTakeFirstOrThrow();
    const before = await counts();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${kept.product_id}`, headers: { ...bearer(owner), ...en } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This product has stock history: deactivate it instead of deleting it');
    expect(await counts()).toEqual(before);
  });

  it('needs a session and the stock-adjustment permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stock-adjustments' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stock' })).statusCode).toBe(401);
    const before = await counts();
    const res = await adjust(cashier, {
      branch_id: branches[0]!.id,
      adjustment_type_id: addition,
      adjusted_on: '2026-11-21',
      lines: [{ product_id: cola.id, quantity: '1' }],
    });
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('keeps a branch user to its own branch', async () => {
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', coffee)
      .where('permissions', 'like', '%stock-adjustment%')
      .executeTakeFirstOrThrow();
    const user = await addShopUser(t.deps, { businessId: coffee, roleId: role.id, branchId: branches[1]!.id });
    const token = await loginAs(t.app, user.login);
    const before = await counts();
    const res = await adjust(token, {
      branch_id: branches[0]!.id,
      adjustment_type_id: addition,
      adjusted_on: '2026-11-21',
      lines: [{ product_id: cola.id, quantity: '1' }],
    });
    expect(res.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/stock-adjustments?per_page=100', headers: bearer(token) });
    for (const a of list.json().data as { branch_id: string }[]) expect(a.branch_id).toBe(branches[1]!.id);
    const options = await t.app.inject({ method: 'GET', url: '/api/v1/stock-adjustments/options', headers: bearer(token) });
    expect(options.json().branches).toEqual([{ id: branches[1]!.id, name: branches[1]!.name }]);
    expect(options.json().adjustment_types.length).toBeGreaterThan(0);
    const levels = await t.app.inject({ method: 'GET', url: `/api/v1/stock?branch_id=${branches[0]!.id}`, headers: bearer(token) });
    for (const l of levels.json().data as { branch_id: string }[]) expect(l.branch_id).toBe(branches[1]!.id);
  });
});

describe('stock transfers', () => {
  const transfer = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/stock-transfers', headers: { ...bearer(token), ...en }, payload: body });
  const body = (extra: object = {}) => ({
    from_branch_id: branches[0]!.id,
    to_branch_id: branches[1]!.id,
    sent_on: '2026-11-21',
    lines: [{ product_id: cola.id, quantity: '10' }],
    ...extra,
  });

  it('sends 10 cans: they leave the source at once and arrive when received, at the cost that left', async () => {
    const [a0, b0] = [Number(await onHand(branches[0]!.id)), Number(await onHand(branches[1]!.id))];
    const sent = await transfer(owner, body());
    expect(sent.statusCode).toBe(201);
    const doc = sent.json().data;
    expect(doc).toMatchObject({ state: 'sent', transfer_number: expect.stringMatching(/^TRF-\d{6}$/) });
    expect([Number(await onHand(branches[0]!.id)), Number(await onHand(branches[1]!.id))]).toEqual([a0 - 10, b0]);
    const received = await t.app.inject({ method: 'POST', url: `/api/v1/stock-transfers/${doc.id}/receive`, headers: bearer(owner) });
    expect(received.statusCode).toBe(200);
    expect(received.json().data.state).toBe('received');
    expect([Number(await onHand(branches[0]!.id)), Number(await onHand(branches[1]!.id))]).toEqual([a0 - 10, b0 + 10]);
    const moves = await t.deps.db
      .selectFrom('stock_movements')
      .select(['movement_type', 'cost_total'])
      .where('doc_id', '=', doc.id)
      .execute();
    const out = moves.find((m) => m.movement_type === 'transfer_out')!;
    const into = moves.find((m) => m.movement_type === 'transfer_in')!;
    expect(into.cost_total).toBe(-out.cost_total);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stock-transfers/${doc.id}/receive`,
      headers: { ...bearer(owner), ...en },
    });
    expect(again.statusCode).toBe(422);
  });

  it('completes in one step with receive_now, and cancelling puts both branches back', async () => {
    const [a0, b0] = [await onHand(branches[0]!.id), await onHand(branches[1]!.id)];
    const done = await transfer(owner, body({ receive_now: true, lines: [{ product_id: cola.id, unit_id: box, quantity: '1' }] }));
    expect(done.statusCode).toBe(201);
    expect(done.json().data.state).toBe('received');
    expect(Number(await onHand(branches[1]!.id))).toBe(Number(b0) + 24);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stock-transfers/${done.json().data.id}/cancel`,
      headers: bearer(owner),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.state).toBe('void');
    expect([await onHand(branches[0]!.id), await onHand(branches[1]!.id)]).toEqual([a0, b0]);
  });

  it('refuses a transfer to the same branch, more than on hand, and another branch for a branch user; nothing saved', async () => {
    const before = await counts();
    const same = await transfer(owner, body({ to_branch_id: branches[0]!.id }));
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.to_branch_id).toBe('Choose another branch to send to');
    const tooMany = await transfer(owner, body({ lines: [{ product_id: cola.id, quantity: '999999' }] }));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(`There is not enought stock or no item: ${await nameOf(cola.id)}`);
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', coffee)
      .where('permissions', 'like', '%stock-transfer%')
      .executeTakeFirstOrThrow();
    const user = await addShopUser(t.deps, { businessId: coffee, roleId: role.id, branchId: branches[1]!.id });
    const token = await loginAs(t.app, user.login);
    expect((await transfer(token, body())).statusCode).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another shop's transfer", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/stock-transfers', headers: bearer(owner) });
    const id = list.json().data[0].id;
    const other = await createShop(t.deps);
    const stranger = await loginAs(t.app, other.login);
    for (const url of [`/api/v1/stock-transfers/${id}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(stranger) })).statusCode).toBe(404);
    }
    for (const action of ['receive', 'cancel']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/stock-transfers/${id}/${action}`, headers: bearer(stranger) });
      expect(res.statusCode).toBe(404);
    }
  });
});
