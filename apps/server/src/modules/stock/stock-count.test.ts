import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parseQuantity } from '@posauto/shared/money/index';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { addShopUser, createShop } from '../../../test/factories';

let t: TestContext;
let owner: string;
let coffee: string;
let branches: { id: string; name: string }[];
let items: string[];
let latte: { id: string; variant: string };
let unmanaged: string;
let found: string;
let damaged: string;

const en = { 'accept-language': 'en' };
const count = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/stock-adjustments/count', headers: { ...bearer(token), ...en }, payload: body });
const body = (lines: object[], extra: object = {}) => ({
  branch_id: branches[0]!.id,
  adjusted_on: '2026-11-26',
  reason: 'Monthly stocktake',
  addition_type_id: found,
  subtraction_type_id: damaged,
  lines,
  ...extra,
});
/** On hand at the first branch, in thousandths. */
const onHand = async (productId: string, variantId = '') =>
  Number(
    (
      await t.deps.db
        .selectFrom('stock_levels')
        .select('on_hand')
        .where('business_id', '=', coffee)
        .where('branch_id', '=', branches[0]!.id)
        .where('product_id', '=', productId)
        .where('variant_id', '=', variantId)
        .executeTakeFirst()
    )?.on_hand ?? 0,
  );
const documents = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('stock_movements')
        .select(sql<number>`count(*)`.as('n'))
        .where('business_id', '=', coffee)
        .executeTakeFirstOrThrow()
    ).n,
  ) +
  1000 *
    Number(
      (
        await t.deps.db
          .selectFrom('stock_adjustments')
          .select(sql<number>`count(*)`.as('n'))
          .where('business_id', '=', coffee)
          .executeTakeFirstOrThrow()
      ).n,
    );
const units = (thousandths: number) => String(thousandths / 1000);

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, OWNER);
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branches = await db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', coffee).orderBy('created_at').execute();
  const singles = await db
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', coffee)
    .where('type', '=', 'single')
    .where('is_stock_manage', '=', 1)
    .orderBy('product_name')
    .limit(3)
    .execute();
  items = singles.map((p) => p.id);
  const variation = await db
    .selectFrom('products as p')
    .innerJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'p.business_id').onRef('v.product_id', '=', 'p.id'))
    .select(['p.id', 'v.id as variant'])
    .where('p.business_id', '=', coffee)
    .where('p.type', '=', 'variation')
    .executeTakeFirstOrThrow();
  latte = { id: variation.id, variant: variation.variant };
  // The demo's variation products are made to order: one keeps stock here, each variant its own.
  await db.updateTable('products').set({ is_stock_manage: 1 }).where('business_id', '=', coffee).where('id', '=', latte.id).execute();
  unmanaged = (
    await db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', coffee)
      .where('is_stock_manage', '=', 0)
      .executeTakeFirstOrThrow()
  ).id;
  const types = await db.selectFrom('adjustment_types').select(['id', 'name', 'direction']).where('business_id', '=', coffee).execute();
  found = types.find((x) => x.direction === 'addition')!.id;
  damaged = types.find((x) => x.direction === 'subtraction')!.id;
});
afterAll(() => t.close());

describe('POST /api/v1/stock-adjustments/count', () => {
  it('posts what was counted as the differences from on hand: found, missing, and nothing for a match', async () => {
    const [a, b, c] = await Promise.all(items.map((id) => onHand(id)));
    const res = await count(
      owner,
      body([
        { product_id: items[0], counted: units(a! + 3000) },
        { product_id: items[1], counted: units(b! - 2500) },
        { product_id: items[2], counted: units(c!) },
        { product_id: latte.id, variant_id: latte.variant, counted: '5' },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const [missing, extra] = res.json().data.adjustments;
    expect(res.json().data.adjustments).toHaveLength(2);
    expect(missing).toMatchObject({ direction: 'subtraction', adjustment_type_id: damaged, reason: 'Monthly stocktake', line_count: 1 });
    expect(missing.lines.map((l: { product_id: string; base_quantity: string }) => [l.product_id, l.base_quantity])).toEqual([
      [items[1], '2.5'],
    ]);
    expect(extra).toMatchObject({ direction: 'addition', adjustment_type_id: found, line_count: 2 });
    const moved = extra.lines.map((l: { product_id: string; variant_id: string | null; base_quantity: string }) => [
      l.product_id,
      l.variant_id,
      l.base_quantity,
    ]);
    expect(moved).toEqual([
      [items[0], null, '3'],
      [latte.id, latte.variant, '5'],
    ]);
    // On hand is now what was counted.
    expect([await onHand(items[0]!), await onHand(items[1]!), await onHand(items[2]!), await onHand(latte.id, latte.variant)]).toEqual([
      a! + 3000,
      b! - 2500,
      c,
      5000,
    ]);
    // Each is a real adjustment: listed, numbered, and cancelled like any other.
    const listed = await t.app.inject({ url: `/api/v1/stock-adjustments/${extra.id}`, headers: bearer(owner) });
    expect(listed.json().adjustment_number).toMatch(/^ADJ-\d{6}$/);
  });

  it('answers what a count is counted against: one product’s on hand at the branch, per variant', async () => {
    const get = (token: string, branch: string, product: string) =>
      t.app.inject({ url: `/api/v1/stock-adjustments/on-hand?branch_id=${branch}&product_id=${product}`, headers: bearer(token) });
    const res = await get(owner, branches[0]!.id, items[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ variant_id: null, on_hand: expect.any(String) }]);
    expect(parseQuantity(res.json().data[0].on_hand)).toBe(await onHand(items[0]!));
    expect((await get(owner, branches[0]!.id, latte.id)).json().data).toEqual([{ variant_id: latte.variant, on_hand: '5' }]);
    expect((await get(await loginAs(t.app, CASHIER), branches[0]!.id, items[0]!)).statusCode).toBe(403);
  });

  it('needs only the type of the differences it has: a count that only finds stock needs no subtraction type', async () => {
    const a = await onHand(items[0]!);
    const res = await count(owner, body([{ product_id: items[0], counted: units(a + 1000) }], { subtraction_type_id: null }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.adjustments.map((d: { direction: string }) => d.direction)).toEqual(['addition']);
  });

  it('refuses a count that changes nothing, a missing or wrong type, an item that keeps no stock or is counted twice; nothing saved', async () => {
    const a = await onHand(items[0]!);
    const before = await documents();
    const cases: Array<[object, number, string, string]> = [
      [
        body([{ product_id: items[0], counted: units(a) }]),
        422,
        'lines',
        'Every count matches what is on hand: there is nothing to adjust',
      ],
      [
        body([{ product_id: items[0], counted: units(a + 1000) }], { addition_type_id: null }),
        422,
        'addition_type_id',
        'Choose the adjustment type for this difference',
      ],
      [
        body([{ product_id: items[0], counted: '0' }], { subtraction_type_id: found }),
        422,
        'subtraction_type_id',
        'Choose a type that adds for stock found and one that takes away for stock missing',
      ],
      [
        body([{ product_id: unmanaged, counted: '4' }]),
        422,
        'lines.0.product_id',
        'This product does not keep stock: there is nothing to count',
      ],
      [
        body([
          { product_id: items[0], counted: '4' },
          { product_id: items[0], counted: '5' },
        ]),
        422,
        'lines.1.product_id',
        'This item is counted twice: enter one count per item',
      ],
      [body([{ product_id: latte.id, counted: '4' }]), 422, 'lines.0.variant_id', 'Choose a variant of this product'],
      [body([{ product_id: items[0], counted: '-1' }]), 400, 'lines.0.counted', ''],
      [body([]), 400, 'lines', 'Add at least one item'],
    ];
    for (const [payload, status, field, message] of cases) {
      const res = await count(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().errors?.[field], JSON.stringify(res.json())).toBeTruthy();
      if (message) expect(res.json().errors[field]).toBe(message);
    }
    expect(await documents()).toBe(before);
  });

  it('answers 401 and 403, keeps a branch user to its branch, and takes another shop’s product as not counted', async () => {
    const payload = body([{ product_id: items[0], counted: '1' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/stock-adjustments/count', payload })).statusCode).toBe(401);
    expect((await count(await loginAs(t.app, CASHIER), payload)).statusCode).toBe(403);
    const managerRole = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', coffee)
      .where('name', '=', 'Manager')
      .executeTakeFirstOrThrow();
    const branchUser = await loginAs(
      t.app,
      (await addShopUser(t.deps, { businessId: coffee, roleId: managerRole.id, branchId: branches[1]!.id })).login,
    );
    const before = await documents();
    const elsewhere = await count(branchUser, payload);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.branch_id).toBe('You can only move stock of your own branch');
    const other = await createShop(t.deps);
    const theirs = await count(await loginAs(t.app, other.login), { ...payload, branch_id: other.branchIds[0], addition_type_id: null });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors['lines.0.product_id']).toBeTruthy();
    expect(await documents()).toBe(before);
  });
});
