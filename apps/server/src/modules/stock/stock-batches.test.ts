import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MovementType } from '@posauto/shared/schemas/stock';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { newId } from '../../lib/ids';
import { postMovements, reverseDocument, type LedgerLine } from './stock-ledger';
import { batchMismatches } from './stock-invariants';

let t: TestContext;
let owner: string;
let biz: string;
let main: string;
let second: string;
let addition: string;
let subtraction: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, OWNER);
  const db = t.deps.db;
  biz = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  const branches = await db.selectFrom('branches').select('id').where('business_id', '=', biz).orderBy('created_at').execute();
  main = branches[0]!.id;
  second = branches[1]!.id;
  const types = await db.selectFrom('adjustment_types').select(['id', 'direction']).where('business_id', '=', biz).execute();
  addition = types.find((x) => x.direction === 'addition')!.id;
  subtraction = types.find((x) => x.direction === 'subtraction')!.id;
});
afterAll(() => t.close());

async function addProduct(hasExpiry = true) {
  const id = newId();
  const at = t.clock.now().toISOString();
  await t.deps.db
    .insertInto('products')
    .values({
      business_id: biz,
      id,
      type: 'single',
      product_name: `Milk ${id.slice(-6)}`,
      sku_code: `MILK-${id.slice(-12)}`,
      currency: 'USD',
      purchase_cost: 100,
      sale_cost: 150,
      discount_cost: 0,
      is_stock_manage: 1,
      has_expiry: hasExpiry ? 1 : 0,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  return id;
}

const who = () => ({ businessId: biz, userId: null });
const q = (n: number) => n * 1000;

/** Posts one document straight through the ledger (purchases and sales are not built yet). */
async function post(type: MovementType, lines: Omit<LedgerLine, 'variantId'>[], docId = newId()) {
  await t.deps.db.transaction().execute((trx) =>
    postMovements(trx, t.deps.kind, t.clock.now(), who(), {
      type,
      docType: 'test',
      docId,
      lines: lines.map((l) => ({ variantId: null, ...l })),
    }),
  );
  return docId;
}

/** The item's batches in a branch with stock left: date → quantity (whole units); undated as 'none'. */
async function batches(productId: string, branchId = main) {
  const rows = await t.deps.db
    .selectFrom('stock_batches')
    .select(['expiry_date', 'quantity_left'])
    .where('business_id', '=', biz)
    .where('branch_id', '=', branchId)
    .where('product_id', '=', productId)
    .where('quantity_left', '>', 0)
    .orderBy('expiry_date')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.expiry_date ?? 'none', Number(r.quantity_left) / 1000]));
}

async function onHand(productId: string, branchId = main) {
  const row = await t.deps.db
    .selectFrom('stock_levels')
    .select('on_hand')
    .where('business_id', '=', biz)
    .where('branch_id', '=', branchId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.on_hand ?? 0) / 1000;
}

/** The batches hold exactly what is on hand (never below zero). */
async function expectBatched(productId: string, branchId = main) {
  const held = Object.values(await batches(productId, branchId)).reduce((s, n) => s + n, 0);
  expect(held).toBe(Math.max(await onHand(productId, branchId), 0));
  expect(await batchMismatches(t.deps.db)).toEqual([]);
}

const adjust = (branchId: string, type: string, productId: string, quantity: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/stock-adjustments',
    headers: { ...bearer(owner), ...en },
    payload: { branch_id: branchId, adjustment_type_id: type, adjusted_on: '2026-11-21', lines: [{ product_id: productId, quantity }] },
  });

const setOutOfStockSale = (on: boolean) =>
  t.deps.db
    .updateTable('general_settings')
    .set({ out_of_stock_sale: on ? 1 : 0 })
    .where('business_id', '=', biz)
    .execute();

describe('expiry batches', () => {
  it('keeps one batch per date and takes the earliest-expiring batch first, undated last', async () => {
    const milk = await addProduct();
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(10), cost: 1000, expiryDate: '2026-12-10' }]);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(5), cost: 500, expiryDate: '2026-12-01' }]);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(2), cost: 200, expiryDate: '2026-12-10' }]);
    expect(await adjust(main, addition, milk, '3').then((r) => r.statusCode)).toBe(201);
    expect(await batches(milk)).toEqual({ '2026-12-01': 5, '2026-12-10': 12, none: 3 });
    const rows = await t.deps.db.selectFrom('stock_batches').select('quantity_in').where('product_id', '=', milk).execute();
    expect(rows.map((r) => Number(r.quantity_in) / 1000).sort((a, b) => a - b)).toEqual([3, 5, 12]);

    await post('sale_out', [{ branchId: main, productId: milk, quantity: q(7) }]);
    expect(await batches(milk)).toEqual({ '2026-12-10': 10, none: 3 });
    expect(await adjust(main, subtraction, milk, '11').then((r) => r.statusCode)).toBe(201);
    expect(await batches(milk)).toEqual({ none: 2 });
    await expectBatched(milk);
  });

  it('records which batches each movement took, so a cancel puts back the same dates', async () => {
    const milk = await addProduct();
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(4), cost: 400, expiryDate: '2026-12-01' }]);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(6), cost: 600, expiryDate: '2026-12-20' }]);
    const res = await adjust(main, subtraction, milk, '5');
    expect(res.statusCode).toBe(201);
    expect(await batches(milk)).toEqual({ '2026-12-20': 5 });
    // Meanwhile a later sale empties more of the later batch.
    await post('sale_out', [{ branchId: main, productId: milk, quantity: q(2) }]);
    expect(await batches(milk)).toEqual({ '2026-12-20': 3 });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stock-adjustments/${res.json().data.id}/cancel`,
      headers: { ...bearer(owner), ...en },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await batches(milk)).toEqual({ '2026-12-01': 4, '2026-12-20': 4 });
    await expectBatched(milk);

    // An addition cancelled takes back from the batch it made.
    const add = await adjust(main, addition, milk, '2');
    expect(await batches(milk)).toEqual({ '2026-12-01': 4, '2026-12-20': 4, none: 2 });
    await t.app.inject({ method: 'POST', url: `/api/v1/stock-adjustments/${add.json().data.id}/cancel`, headers: bearer(owner) });
    expect(await batches(milk)).toEqual({ '2026-12-01': 4, '2026-12-20': 4 });
    await expectBatched(milk);
  });

  it('reverses a sale into the batches it took from (reverseDocument)', async () => {
    const milk = await addProduct();
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(3), cost: 300, expiryDate: '2026-12-01' }]);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(3), cost: 300, expiryDate: '2026-12-05' }]);
    const sale = await post('sale_out', [{ branchId: main, productId: milk, quantity: q(4) }]);
    expect(await batches(milk)).toEqual({ '2026-12-05': 2 });
    await t.deps.db
      .transaction()
      .execute((trx) => reverseDocument(trx, t.deps.kind, t.clock.now(), who(), { docType: 'test', docId: sale, reversal: 'sale_return' }));
    expect(await batches(milk)).toEqual({ '2026-12-01': 3, '2026-12-05': 3 });
    await expectBatched(milk);
  });

  it('returns to the supplier from the batches of the purchase named (takeFrom), then earliest first', async () => {
    const milk = await addProduct();
    const late = await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(4), cost: 400, expiryDate: '2026-12-20' }]);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(4), cost: 400, expiryDate: '2026-12-01' }]);
    await post('purchase_return', [
      { branchId: main, productId: milk, quantity: q(3), cost: 300, takeFrom: { docType: 'test', docId: late } },
    ]);
    expect(await batches(milk)).toEqual({ '2026-12-01': 4, '2026-12-20': 1 });
    await post('purchase_return', [
      { branchId: main, productId: milk, quantity: q(2), cost: 200, takeFrom: { docType: 'test', docId: late } },
    ]);
    expect(await batches(milk)).toEqual({ '2026-12-01': 3 });
    await expectBatched(milk);
  });

  it('carries the dates that left the source to the destination of a transfer, and back on cancel', async () => {
    const milk = await addProduct();
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(2), cost: 200, expiryDate: '2026-12-01' }]);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(8), cost: 800, expiryDate: '2026-12-15' }]);
    const send = (receive_now: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/stock-transfers',
        headers: { ...bearer(owner), ...en },
        payload: {
          from_branch_id: main,
          to_branch_id: second,
          sent_on: '2026-11-21',
          receive_now,
          lines: [{ product_id: milk, quantity: '5' }],
        },
      });
    const done = await send(true);
    expect(done.statusCode).toBe(201);
    expect(await batches(milk)).toEqual({ '2026-12-15': 5 });
    expect(await batches(milk, second)).toEqual({ '2026-12-01': 2, '2026-12-15': 3 });

    // In transit: nothing is batched until it arrives; then the same dates.
    const sent = await send(false);
    expect(await batches(milk)).toEqual({});
    expect(await batches(milk, second)).toEqual({ '2026-12-01': 2, '2026-12-15': 3 });
    const recv = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stock-transfers/${sent.json().data.id}/receive`,
      headers: bearer(owner),
    });
    expect(recv.statusCode).toBe(200);
    expect(await batches(milk, second)).toEqual({ '2026-12-01': 2, '2026-12-15': 8 });

    // Cancelling the first transfer: what arrived leaves the destination, the source gets its dates back.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stock-transfers/${done.json().data.id}/cancel`,
      headers: bearer(owner),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await batches(milk)).toEqual({ '2026-12-01': 2, '2026-12-15': 3 });
    expect(await batches(milk, second)).toEqual({ '2026-12-15': 5 });
    await expectBatched(milk);
    await expectBatched(milk, second);
  });

  it('batches nothing beyond on hand when the shop sells out of stock, and refills the hole first', async () => {
    const milk = await addProduct();
    await setOutOfStockSale(true);
    try {
      await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(2), cost: 200, expiryDate: '2026-12-01' }]);
      const sale = await post('sale_out', [{ branchId: main, productId: milk, quantity: q(5) }]);
      expect(await onHand(milk)).toBe(-3);
      expect(await batches(milk)).toEqual({});
      await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(4), cost: 400, expiryDate: '2026-12-09' }]);
      expect(await batches(milk)).toEqual({ '2026-12-09': 1 });
      await expectBatched(milk);
      // Reversing the sale: 2 go back to the batch they came from, the 3 sold beyond stock come back undated.
      await t.deps.db
        .transaction()
        .execute((trx) =>
          reverseDocument(trx, t.deps.kind, t.clock.now(), who(), { docType: 'test', docId: sale, reversal: 'sale_return' }),
        );
      expect(await batches(milk)).toEqual({ '2026-12-01': 2, '2026-12-09': 1, none: 3 });
      await expectBatched(milk);
    } finally {
      await setOutOfStockSale(false);
    }
  });

  it('refuses to take more than on hand and leaves the batches as they were', async () => {
    const milk = await addProduct();
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(2), cost: 200, expiryDate: '2026-12-01' }]);
    const res = await adjust(main, subtraction, milk, '3');
    expect(res.statusCode).toBe(422);
    expect(await batches(milk)).toEqual({ '2026-12-01': 2 });
  });

  it('puts stock from before tracking into an undated batch, and empties batches after tracking stops', async () => {
    const milk = await addProduct(false);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(5), cost: 500, expiryDate: '2026-12-01' }]);
    expect(await batches(milk)).toEqual({});
    await t.deps.db.updateTable('products').set({ has_expiry: 1 }).where('id', '=', milk).execute();
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(1), cost: 100, expiryDate: '2026-11-30' }]);
    expect(await batches(milk)).toEqual({ '2026-11-30': 1, none: 5 });
    await expectBatched(milk);

    await t.deps.db.updateTable('products').set({ has_expiry: 0 }).where('id', '=', milk).execute();
    await post('sale_out', [{ branchId: main, productId: milk, quantity: q(2) }]);
    expect(await batches(milk)).toEqual({ none: 4 });
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(3), cost: 300 }]);
    expect(await batches(milk)).toEqual({ none: 4 });
    expect(await batchMismatches(t.deps.db)).toEqual([]);
  });

  it('takes earliest first under concurrent sales, and never sells a unit twice', async () => {
    const milk = await addProduct();
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(5), cost: 500, expiryDate: '2026-12-20' }]);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(5), cost: 500, expiryDate: '2026-12-02' }]);
    const sales = await Promise.allSettled(
      Array.from({ length: 12 }, () => post('sale_out', [{ branchId: main, productId: milk, quantity: q(1) }])),
    );
    expect(sales.filter((r) => r.status === 'fulfilled').length).toBe(10);
    expect(await batches(milk)).toEqual({});
    await expectBatched(milk);
    await post('purchase_in', [{ branchId: main, productId: milk, quantity: q(4), cost: 400, expiryDate: '2026-12-20' }]);
    const more = await Promise.allSettled(
      Array.from({ length: 3 }, () => post('sale_out', [{ branchId: main, productId: milk, quantity: q(1) }])),
    );
    expect(more.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await batches(milk)).toEqual({ '2026-12-20': 1 });
  });

  it('holds exactly what is on hand through any sequence of receipts, sales, additions, reversals and transfers', async () => {
    const DATES = ['2026-12-01', '2026-12-05', '2026-12-09', null] as const;
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('in' as const),
        date: fc.constantFrom(...DATES),
        qty: fc.integer({ min: 1, max: 6000 }),
        branch: fc.nat(1),
      }),
      fc.record({ kind: fc.constant('out' as const), qty: fc.integer({ min: 1, max: 6000 }), branch: fc.nat(1) }),
      fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(50) }),
      fc.record({
        kind: fc.constant('transfer' as const),
        qty: fc.integer({ min: 1, max: 4000 }),
        receive: fc.boolean(),
        cancel: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), fc.boolean(), async (ops, negative) => {
        const milk = await addProduct();
        const docs: { id: string; type: MovementType; reversed: boolean }[] = [];
        await setOutOfStockSale(negative);
        try {
          for (const o of ops) {
            if (o.kind === 'in' || o.kind === 'out') {
              const type: MovementType = o.kind === 'in' ? 'purchase_in' : 'sale_out';
              const branchId = o.branch ? second : main;
              try {
                const id = await post(type, [
                  { branchId, productId: milk, quantity: o.qty, cost: o.qty, expiryDate: o.kind === 'in' ? o.date : null },
                ]);
                docs.push({ id, type, reversed: false });
              } catch {
                // Not enough stock: refused, nothing moved.
              }
            } else if (o.kind === 'reverse') {
              const doc = docs.filter((d) => !d.reversed)[o.pick % Math.max(docs.length, 1)];
              if (!doc) continue;
              try {
                await t.deps.db.transaction().execute((trx) =>
                  reverseDocument(trx, t.deps.kind, t.clock.now(), who(), {
                    docType: 'test',
                    docId: doc.id,
                    reversal: doc.type === 'purchase_in' ? 'purchase_return' : 'sale_return',
                  }),
                );
                doc.reversed = true;
              } catch {
                // What came in has been sold since: refused while the shop does not sell out of stock.
              }
            } else {
              const res = await t.app.inject({
                method: 'POST',
                url: '/api/v1/stock-transfers',
                headers: bearer(owner),
                payload: {
                  from_branch_id: main,
                  to_branch_id: second,
                  sent_on: '2026-11-21',
                  receive_now: o.receive,
                  lines: [{ product_id: milk, quantity: (o.qty / 1000).toFixed(3) }],
                },
              });
              if (res.statusCode === 201 && o.cancel)
                await t.app.inject({ method: 'POST', url: `/api/v1/stock-transfers/${res.json().data.id}/cancel`, headers: bearer(owner) });
            }
            for (const branchId of [main, second]) {
              const held = Object.values(await batches(milk, branchId)).reduce((s, n) => s + Math.round(n * 1000), 0);
              expect(held).toBe(Math.max(Math.round((await onHand(milk, branchId)) * 1000), 0));
            }
          }
          const rows = await t.deps.db
            .selectFrom('stock_batches')
            .select(['quantity_in', 'quantity_left'])
            .where('product_id', '=', milk)
            .execute();
          for (const r of rows) expect(Number(r.quantity_left)).toBeLessThanOrEqual(Number(r.quantity_in));
        } finally {
          await setOutOfStockSale(false);
        }
      }),
      { numRuns: 25 },
    );
    expect(await batchMismatches(t.deps.db)).toEqual([]);
  });

  it('keeps no batches for products without expiry', async () => {
    const bread = await addProduct(false);
    await post('purchase_in', [{ branchId: main, productId: bread, quantity: q(5), cost: 500, expiryDate: '2026-12-01' }]);
    await post('sale_out', [{ branchId: main, productId: bread, quantity: q(2) }]);
    const n = await t.deps.db.selectFrom('stock_batches').select('id').where('product_id', '=', bread).execute();
    expect(n).toEqual([]);
  });
});
