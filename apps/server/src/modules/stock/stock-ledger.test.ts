import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FACTOR_SCALE } from '@posauto/shared/money/index';
import type { MovementType } from '@posauto/shared/schemas/stock';
import { createTestApp, type TestContext } from '../../../test/harness';
import { createShop } from '../../../test/factories';
import { newId } from '../../lib/ids';
import { AppError } from '../../http/errors';
import { postMovements, type LedgerLine } from './stock-ledger';
import { assertLedgerBalanced } from './stock-invariants';

let t: TestContext;
let shop: Awaited<ReturnType<typeof createShop>>;
let main: string;
let second: string;
const who = () => ({ businessId: shop.businessId, userId: null });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  shop = await createShop(t.deps, { branches: ['Main', 'Second'] });
  const branches = await t.deps.db
    .selectFrom('branches')
    .select(['id', 'name'])
    .where('business_id', '=', shop.businessId)
    .orderBy('name')
    .execute();
  main = branches.find((b) => b.name === 'Main')!.id;
  second = branches.find((b) => b.name === 'Second')!.id;
});
afterAll(async () => {
  await assertLedgerBalanced(t.deps.db);
  await t.close();
});

async function addProduct(opts: { type?: 'single' | 'variation' | 'combo'; manage?: boolean; alert?: number | null } = {}) {
  const id = newId();
  const at = t.clock.now().toISOString();
  await t.deps.db
    .insertInto('products')
    .values({
      business_id: shop.businessId,
      id,
      type: opts.type ?? 'single',
      product_name: `Item ${id.slice(-6)}`,
      sku_code: `SKU-${id.slice(-12)}`,
      currency: 'USD',
      purchase_cost: 0,
      sale_cost: 0,
      discount_cost: 0,
      stock_alert: opts.alert ?? null,
      is_stock_manage: opts.manage === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  return id;
}

async function setOutOfStockSale(on: boolean) {
  await t.deps.db
    .updateTable('general_settings')
    .set({ out_of_stock_sale: on ? 1 : 0 })
    .where('business_id', '=', shop.businessId)
    .execute();
}

const post = (type: MovementType, lines: LedgerLine[]) =>
  t.deps.db
    .transaction()
    .execute((trx) => postMovements(trx, t.deps.kind, t.clock.now(), who(), { type, docType: 'test', docId: newId(), lines }));

async function level(productId: string, branchId = main, variantId = '') {
  return t.deps.db
    .selectFrom('stock_levels')
    .select(['on_hand', 'stock_value', 'avg_cost'])
    .where('business_id', '=', shop.businessId)
    .where('branch_id', '=', branchId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
}

const movementCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('stock_movements')
        .select((e) => e.fn.countAll().as('n'))
        .where('business_id', '=', shop.businessId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const BOX = { id: 'box-of-24', factor: 24 * FACTOR_SCALE };

describe('the stock ledger', () => {
  it('receives two boxes of 24 as 48 cans in the base unit, with the unit and factor frozen on the movement', async () => {
    const can = await addProduct();
    const [m] = await post('purchase_in', [{ branchId: main, productId: can, variantId: null, quantity: 2000, unit: BOX, cost: 2000 }]);
    expect(m!.quantity).toBe(48_000);
    expect(await level(can)).toEqual({ on_hand: 48_000, stock_value: 2000, avg_cost: 41_666_667 });
    const row = await t.deps.db.selectFrom('stock_movements').selectAll().where('id', '=', m!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      unit_id: 'box-of-24',
      unit_factor: 24 * FACTOR_SCALE,
      unit_quantity: 2000,
      cost_total: 2000,
      on_hand_after: 48_000,
    });
  });

  it('freezes the moving average cost on what goes out, and taking everything takes the whole value', async () => {
    const can = await addProduct();
    await post('purchase_in', [{ branchId: main, productId: can, variantId: null, quantity: 3000, cost: 1000 }]);
    await post('purchase_in', [{ branchId: main, productId: can, variantId: null, quantity: 1000, cost: 600 }]);
    const [out] = await post('sale_out', [{ branchId: main, productId: can, variantId: null, quantity: 1000 }]);
    expect(out!.costTotal).toBe(-400); // 1,600 for 4 units: 400 each
    const [rest] = await post('sale_out', [{ branchId: main, productId: can, variantId: null, quantity: 3000 }]);
    expect(rest!.costTotal).toBe(-1200);
    expect(await level(can)).toMatchObject({ on_hand: 0, stock_value: 0 });
  });

  it('refuses to take more than on hand while out_of_stock_sale is off, and saves nothing of the document', async () => {
    await setOutOfStockSale(false);
    const a = await addProduct();
    const b = await addProduct();
    await post('purchase_in', [
      { branchId: main, productId: a, variantId: null, quantity: 5000, cost: 500 },
      { branchId: main, productId: b, variantId: null, quantity: 1000, cost: 100 },
    ]);
    const before = await movementCount();
    const err = await post('sale_out', [
      { branchId: main, productId: a, variantId: null, quantity: 2000 },
      { branchId: main, productId: b, variantId: null, quantity: 2000 },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(422);
    // The spec's message names the item that is short (b), on its line.
    expect((err as AppError).messageKey).toBe('stock.errors.not_enough_item');
    expect((err as AppError).vars).toEqual({ name: `Item ${b.slice(-6)}` });
    expect((err as AppError).fieldErrors).toEqual({ 'lines.1.quantity': 'stock.errors.not_enough_item' });
    expect(await movementCount()).toBe(before);
    expect(await level(a)).toMatchObject({ on_hand: 5000 });
    expect(await level(b)).toMatchObject({ on_hand: 1000 });
  });

  it('lets stock go below zero when the shop sells out of stock, costed at the last average', async () => {
    await setOutOfStockSale(true);
    const a = await addProduct();
    await post('purchase_in', [{ branchId: main, productId: a, variantId: null, quantity: 2000, cost: 300 }]);
    const [m] = await post('sale_out', [{ branchId: main, productId: a, variantId: null, quantity: 3000 }]);
    expect(m!.onHandAfter).toBe(-1000);
    expect(m!.costTotal).toBe(-450);
    await setOutOfStockSale(false);
  });

  it('moves the components of a combo and nothing for a product that does not manage stock', async () => {
    const cup = await addProduct();
    const bean = await addProduct();
    const service = await addProduct({ manage: false });
    const combo = await addProduct({ type: 'combo' });
    await t.deps.db
      .insertInto('combo_items')
      .values([
        { business_id: shop.businessId, product_id: combo, item_product_id: cup, item_variant_id: '', quantity: 2000, sort_order: 0 },
        { business_id: shop.businessId, product_id: combo, item_product_id: bean, item_variant_id: '', quantity: 500, sort_order: 1 },
        { business_id: shop.businessId, product_id: combo, item_product_id: service, item_variant_id: '', quantity: 1000, sort_order: 2 },
      ] as never)
      .execute();
    await post('purchase_in', [
      { branchId: main, productId: cup, variantId: null, quantity: 10_000, cost: 1000 },
      { branchId: main, productId: bean, variantId: null, quantity: 10_000, cost: 5000 },
    ]);
    const moved = await post('sale_out', [
      { branchId: main, productId: combo, variantId: null, quantity: 3000 },
      { branchId: main, productId: service, variantId: null, quantity: 1000 },
    ]);
    expect(moved.map((m) => [m.productId, m.quantity]).sort()).toEqual(
      [
        [bean, -1500],
        [cup, -6000],
      ].sort(),
    );
    expect(await level(service)).toBeUndefined();
    expect(await level(combo)).toBeUndefined();
  });

  it('refuses a zero quantity and a variation product without its variant', async () => {
    const a = await addProduct();
    const v = await addProduct({ type: 'variation' });
    await expect(post('adjustment_in', [{ branchId: main, productId: a, variantId: null, quantity: 0, cost: 0 }])).rejects.toMatchObject({
      messageKey: 'stock.errors.quantity_positive',
    });
    await expect(post('adjustment_in', [{ branchId: main, productId: v, variantId: null, quantity: 1000, cost: 0 }])).rejects.toMatchObject(
      {
        messageKey: 'stock.errors.variant_required',
      },
    );
  });

  it('raises one low-stock alert per crossing, and again only after stock went back above', async () => {
    const a = await addProduct({ alert: 2000 });
    const alerts = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('stock_notifications')
            .select((e) => e.fn.countAll().as('n'))
            .where('business_id', '=', shop.businessId)
            .where('product_id', '=', a)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await post('purchase_in', [{ branchId: main, productId: a, variantId: null, quantity: 5000, cost: 500 }]);
    await post('sale_out', [{ branchId: main, productId: a, variantId: null, quantity: 3000 }]);
    expect(await alerts()).toBe(1);
    await post('sale_out', [{ branchId: main, productId: a, variantId: null, quantity: 1000 }]);
    expect(await alerts()).toBe(1);
    await post('purchase_in', [{ branchId: main, productId: a, variantId: null, quantity: 5000, cost: 500 }]);
    await post('sale_out', [{ branchId: main, productId: a, variantId: null, quantity: 4500 }]);
    expect(await alerts()).toBe(2);
  });

  it('lets exactly five of twenty concurrent subtractions take the last five units', async () => {
    await setOutOfStockSale(false);
    const a = await addProduct();
    await post('purchase_in', [{ branchId: second, productId: a, variantId: null, quantity: 5000, cost: 500 }]);
    // Open the pool's connections first, so that the twenty really run side by side on PostgreSQL.
    await Promise.all(
      Array.from({ length: 8 }, () => t.deps.db.transaction().execute((trx) => trx.selectFrom('branches').select('id').execute())),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => post('adjustment_out', [{ branchId: second, productId: a, variantId: null, quantity: 1000 }])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).messageKey).toBe('stock.errors.not_enough_item');
    expect(await level(a, second)).toMatchObject({ on_hand: 0, stock_value: 0 });
  });

  it('never deadlocks: documents naming the same items, stocked and new, in opposite orders all post at once', async () => {
    await setOutOfStockSale(true);
    const stocked = [await addProduct(), await addProduct()];
    for (const p of stocked) await post('purchase_in', [{ branchId: main, productId: p, variantId: null, quantity: 50_000, cost: 500 }]);
    // Never moved in the branch: the documents below make their level rows, all at the same moment.
    const fresh = [await addProduct(), await addProduct()];
    const items = [stocked[0]!, fresh[0]!, stocked[1]!, fresh[1]!];
    await Promise.all(
      Array.from({ length: 8 }, () => t.deps.db.transaction().execute((trx) => trx.selectFrom('branches').select('id').execute())),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) => {
        const incoming = i % 2 === 0;
        const order = i % 4 < 2 ? items : [...items].reverse();
        return post(
          incoming ? 'adjustment_in' : 'adjustment_out',
          order.map((productId) => ({ branchId: main, productId, variantId: null, quantity: 1000, cost: incoming ? 100 : undefined })),
        );
      }),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // Eight in and eight out of each item: the stocked ones are back where they were, the new ones at zero.
    for (const p of stocked) expect(await level(p)).toMatchObject({ on_hand: 50_000 });
    for (const p of fresh) expect(await level(p)).toMatchObject({ on_hand: 0 });
    // One level row per item, and the stock listing's counter counted each new one once.
    const levels = await t.deps.db
      .selectFrom('stock_levels')
      .select((e) => e.fn.countAll().as('n'))
      .where('business_id', '=', shop.businessId)
      .executeTakeFirstOrThrow();
    const counter = await t.deps.db
      .selectFrom('tenant_counters')
      .select('value')
      .where('business_id', '=', shop.businessId)
      .where('name', '=', 'stock_levels')
      .executeTakeFirstOrThrow();
    expect(Number(counter.value)).toBe(Number(levels.n));
    await assertLedgerBalanced(t.deps.db);
  });

  it('keeps on hand equal to the sum of movements, and never below zero, over random documents', async () => {
    await setOutOfStockSale(false);
    const items = [await addProduct(), await addProduct()];
    const branches = [main, second];
    const op = fc.record({
      type: fc.constantFrom<MovementType>('purchase_in', 'sale_out', 'adjustment_in', 'adjustment_out', 'purchase_return', 'transfer_out'),
      item: fc.nat(1),
      branch: fc.nat(1),
      qty: fc.integer({ min: 1, max: 5000 }),
      cost: fc.integer({ min: 0, max: 10_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), async (batches) => {
        for (const batch of batches) {
          // Each batch runs concurrently, as several tills and back offices would.
          await Promise.allSettled(
            batch.map((o) =>
              post(o.type, [
                {
                  branchId: branches[o.branch]!,
                  productId: items[o.item]!,
                  variantId: null,
                  quantity: o.qty,
                  cost: o.type.endsWith('_in') ? o.cost : undefined,
                },
              ]),
            ),
          );
        }
        await assertLedgerBalanced(t.deps.db);
        const negative = await t.deps.db
          .selectFrom('stock_levels')
          .select('on_hand')
          .where('business_id', '=', shop.businessId)
          .where('product_id', 'in', items)
          .where('on_hand', '<', 0)
          .execute();
        expect(negative).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });

  it('keeps another shop out: a movement into another shop is not possible with this shop as caller', async () => {
    const other = await createShop(t.deps, { branches: ['Elsewhere'] });
    const a = await addProduct();
    // The product belongs to `shop`; posted as `other`, the ledger does not find it and saves nothing.
    const before = await movementCount();
    await expect(
      t.deps.db.transaction().execute((trx) =>
        postMovements(
          trx,
          t.deps.kind,
          t.clock.now(),
          { businessId: other.businessId, userId: null },
          {
            type: 'adjustment_in',
            docType: 'test',
            docId: newId(),
            lines: [{ branchId: main, productId: a, variantId: null, quantity: 1000, cost: 1 }],
          },
        ),
      ),
    ).rejects.toBeInstanceOf(AppError);
    expect(await movementCount()).toBe(before);
  });
});
