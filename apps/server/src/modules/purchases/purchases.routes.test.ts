import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { addShopUser, createShop } from '../../../test/factories';

let t: TestContext;
let owner: string;
let cashier: string;
let coffee: string;
let branches: { id: string; name: string }[];
let can: { id: string };
let milk: { id: string };
let box: string;
let supplier: string;
let method: string;

const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, OWNER);
  cashier = await loginAs(t.app, CASHIER);
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branches = await db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', coffee).orderBy('created_at').execute();
  const canUnit = await db
    .selectFrom('units')
    .select('id')
    .where('business_id', '=', coffee)
    .where('name', '=', 'Can')
    .executeTakeFirstOrThrow();
  const cans = db
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', coffee)
    .where('unit_id', '=', canUnit.id)
    .where('type', '=', 'single')
    .where('is_stock_manage', '=', 1);
  // Every demo can tracks expiry; one of them stops doing so here, so the plain cases need no expiry date.
  const [first, second] = await cans.where('has_expiry', '=', 1).orderBy('product_name').limit(2).execute();
  milk = first!;
  can = second!;
  await db.updateTable('products').set({ has_expiry: 0 }).where('business_id', '=', coffee).where('id', '=', can.id).execute();
  box = (
    await db.selectFrom('units').select('id').where('business_id', '=', coffee).where('name', '=', 'Box of 24').executeTakeFirstOrThrow()
  ).id;
  supplier = (
    await db.selectFrom('suppliers').select('id').where('business_id', '=', coffee).where('status', '=', 1).executeTakeFirstOrThrow()
  ).id;
  method = (
    await db.selectFrom('payment_methods').select('id').where('business_id', '=', coffee).where('status', '=', 1).executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const body = (extra: object = {}) => ({
  supplier_id: supplier,
  branch_id: branches[0]!.id,
  purchase_date: '2026-11-20',
  status: 'received',
  lines: [{ product_id: can.id, unit_id: box, quantity: '2', unit_cost: '9.60' }],
  ...extra,
});
const create = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/purchases', headers: { ...bearer(token), ...en }, payload });
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...en }, ...(payload ? { payload } : {}) });
const returnGoods = (token: string, payload: object) => call(token, 'POST', '/api/v1/purchase-returns', payload);

const onHand = async (productId: string, branchId: string) => {
  const res = await call(owner, 'GET', `/api/v1/stock?product_id=${productId}&branch_id=${branchId}`);
  return Number((res.json() as { data: { on_hand: string }[] }).data[0]?.on_hand ?? '0');
};

const counts = async () => {
  const n = async (table: 'purchases' | 'purchase_lines' | 'purchase_payments' | 'purchase_returns' | 'stock_movements') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .where('business_id', '=', coffee)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    purchases: await n('purchases'),
    lines: await n('purchase_lines'),
    payments: await n('purchase_payments'),
    returns: await n('purchase_returns'),
    moves: await n('stock_movements'),
  };
};

const movements = (docId: string) =>
  t.deps.db
    .selectFrom('stock_movements')
    .select(['movement_type', 'quantity', 'cost_total', 'doc_line_id', 'branch_id'])
    .where('business_id', '=', coffee)
    .where('doc_id', '=', docId)
    .orderBy('id')
    .execute();

describe('purchases', () => {
  it('receives 2 boxes of 24 as 48 cans, numbered PO-000001 style, at the line cost', async () => {
    const before = await onHand(can.id, branches[0]!.id);
    const res = await create(owner, body());
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc.purchase_number).toMatch(/^PO-\d{6}$/);
    expect(doc).toMatchObject({ status: 'received', payment_status: 'unpaid', grand_total: '19.20', balance_due: '19.20' });
    expect(doc.lines[0]).toMatchObject({ quantity: '2', base_quantity: '48', unit_id: box, line_total: '19.20' });
    expect(await onHand(can.id, branches[0]!.id)).toBe(before + 48);
    const moved = await movements(doc.id);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ movement_type: 'purchase_in', quantity: 48_000, cost_total: 1920 });
  });

  it('moves no stock while pending or ordered, and receives later', async () => {
    const before = await onHand(can.id, branches[0]!.id);
    const res = await create(owner, body({ status: 'ordered' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(await movements(id)).toEqual([]);
    expect(await onHand(can.id, branches[0]!.id)).toBe(before);
    const received = await call(owner, 'POST', `/api/v1/purchases/${id}/receive`);
    expect(received.statusCode).toBe(200);
    expect(received.json().data.status).toBe('received');
    expect(await onHand(can.id, branches[0]!.id)).toBe(before + 48);
    const again = await call(owner, 'POST', `/api/v1/purchases/${id}/receive`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This purchase is already received');
  });

  it('numbers concurrent purchases without duplicates or gaps', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => create(owner, body({ status: 'pending' }))));
    expect(made.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const numbers = made.map((r) => Number(r.json().data.purchase_number.slice(3))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.at(-1)! - numbers[0]!).toBe(5);
  });

  it('spreads shipping over the lines by cost so that the shares add up exactly', async () => {
    const res = await create(
      owner,
      body({
        shipping_cost: '10.00',
        lines: [
          { product_id: can.id, quantity: '1', unit_cost: '1.00' },
          { product_id: can.id, quantity: '1', unit_cost: '1.00' },
          { product_id: can.id, quantity: '1', unit_cost: '1.00' },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    const shares = (doc.lines as { shipping_share: string }[]).map((l) => Math.round(Number(l.shipping_share) * 100));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(shares.sort()).toEqual([333, 333, 334]);
    expect(doc).toMatchObject({ subtotal: '3.00', shipping_cost: '10.00', grand_total: '13.00' });
    const moved = await movements(doc.id);
    expect(moved.reduce((s, m) => s + m.cost_total, 0)).toBe(1300);
  });

  it('tracks payments: partial, balance due, supplier balance, paid, refuses overpaying, and deletes', async () => {
    const made = await create(
      owner,
      body({ status: 'pending', payment: { payment_method_id: method, amount: '5.00', paid_on: '2026-11-20' } }),
    );
    expect(made.statusCode).toBe(201);
    const doc = made.json().data;
    expect(doc).toMatchObject({ payment_status: 'partial', paid: '5.00', balance_due: '14.20' });
    expect(doc.payments).toHaveLength(1);
    const balance = await call(owner, 'GET', `/api/v1/purchases/supplier-balance?supplier_id=${supplier}`);
    expect(balance.statusCode).toBe(200);
    expect(balance.json().balance_due).toBe(doc.supplier_balance_due);
    expect(Number(balance.json().balance_due)).toBeGreaterThanOrEqual(14.2);

    const before = await counts();
    const over = await call(owner, 'POST', `/api/v1/purchases/${doc.id}/payments`, {
      payment_method_id: method,
      amount: '14.21',
      paid_on: '2026-11-21',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('The payments would be more than the purchase total');
    expect(await counts()).toEqual(before);

    const rest = await call(owner, 'POST', `/api/v1/purchases/${doc.id}/payments`, {
      payment_method_id: method,
      amount: '14.20',
      paid_on: '2026-11-21',
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({ payment_status: 'paid', balance_due: '0.00' });
    const paymentId = rest.json().data.payments[1].id;
    const removed = await call(owner, 'DELETE', `/api/v1/purchases/${doc.id}/payments/${paymentId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ payment_status: 'partial', paid: '5.00' });
    const filtered = await call(owner, 'GET', `/api/v1/purchases?payment_status=partial&supplier_id=${supplier}&per_page=100`);
    expect((filtered.json().data as { id: string }[]).map((p) => p.id)).toContain(doc.id);
    for (const p of filtered.json().data as { payment_status: string }[]) expect(p.payment_status).toBe('partial');
  });

  it('corrects a received purchase by reversing and reposting its movements, never rewriting them', async () => {
    const made = await create(owner, body());
    const id = made.json().data.id;
    const before = await onHand(can.id, branches[0]!.id);
    const first = await movements(id);
    const res = await call(
      owner,
      'PUT',
      `/api/v1/purchases/${id}`,
      body({ lines: [{ product_id: can.id, unit_id: box, quantity: '3', unit_cost: '9.60' }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'received', grand_total: '28.80' });
    expect(await onHand(can.id, branches[0]!.id)).toBe(before + 24);
    const after = await movements(id);
    // The first movement is still there as it was; a reversal and a new receipt follow it.
    expect(after[0]).toEqual(first[0]);
    expect(after.map((m) => [m.movement_type, m.quantity])).toEqual([
      ['purchase_in', 48_000],
      ['purchase_return', -48_000],
      ['purchase_in', 72_000],
    ]);
    expect(after[1]!.cost_total).toBe(-first[0]!.cost_total);
    // Moving it to the other branch takes it out of the first and into the second.
    const b1 = await onHand(can.id, branches[1]!.id);
    const moved = await call(owner, 'PUT', `/api/v1/purchases/${id}`, body({ branch_id: branches[1]!.id }));
    expect(moved.statusCode).toBe(200);
    expect(await onHand(can.id, branches[0]!.id)).toBe(before - 48);
    expect(await onHand(can.id, branches[1]!.id)).toBe(b1 + 48);
    const pending = await call(owner, 'PUT', `/api/v1/purchases/${id}`, body({ branch_id: branches[1]!.id, status: 'pending' }));
    expect(pending.statusCode).toBe(422);
  });

  it('edits a pending purchase freely and cancels a received one with reversing movements', async () => {
    const made = await create(owner, body({ status: 'pending' }));
    const id = made.json().data.id;
    const edited = await call(owner, 'PUT', `/api/v1/purchases/${id}`, body({ status: 'ordered', note: 'Call before delivery' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ status: 'ordered', note: 'Call before delivery' });
    expect(await movements(id)).toEqual([]);

    const received = await create(owner, body());
    const rid = received.json().data.id;
    const before = await onHand(can.id, branches[0]!.id);
    const cancelled = await call(owner, 'POST', `/api/v1/purchases/${rid}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('void');
    expect(await onHand(can.id, branches[0]!.id)).toBe(before - 48);
    const again = await call(owner, 'POST', `/api/v1/purchases/${rid}/cancel`);
    expect(again.statusCode).toBe(422);
    expect((await call(owner, 'PUT', `/api/v1/purchases/${rid}`, body())).statusCode).toBe(422);
  });

  it('refuses every bad input with a translated message and saves nothing', async () => {
    const kg = await t.deps.db
      .selectFrom('units')
      .select('id')
      .where('business_id', '=', coffee)
      .where('base_unit_id', 'is', null)
      .where('name', '!=', 'Can')
      .executeTakeFirstOrThrow();
    const before = await counts();
    const line = { product_id: can.id, quantity: '1', unit_cost: '1.00' };
    const cases: Array<[object, number, string?]> = [
      [{ lines: [{ ...line, quantity: '0' }] }, 400],
      [{ lines: [{ ...line, quantity: '-2' }] }, 400],
      [{ lines: [{ ...line, unit_cost: '-1' }] }, 400],
      [{ lines: [] }, 400],
      [{ status: 'shipped' }, 400],
      [{ purchase_date: 'today' }, 400],
      [{ lines: [{ ...line, unit_id: kg.id }] }, 422, 'This unit does not measure this product'],
      [{ lines: [{ ...line, unit_cost: '1.005' }] }, 422],
      [{ lines: [{ ...line, product_id: milk.id, expiry_date: '2026-11-19' }] }, 400],
      [{ lines: [{ ...line, product_id: milk.id }] }, 422, 'Enter the expiry date of this item'],
      [{ supplier_id: branches[0]!.id }, 422, 'Choose an active supplier'],
      [{ payment: { payment_method_id: method, amount: '999', paid_on: '2026-11-20' } }, 422],
    ];
    for (const [extra, status, message] of cases) {
      const res = await create(owner, body({ lines: [line], ...extra }));
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(res.json().message).toBeTruthy();
      if (message) expect(res.json().message).toBe(message);
    }
    const early = await create(owner, body({ lines: [{ ...line, product_id: milk.id, expiry_date: '2026-11-19' }] }));
    expect(early.json().errors['lines.0.expiry_date']).toBe('The expiry date cannot be before the purchase date');
    expect(await counts()).toEqual(before);
  });

  it('passes the expiry date of an expiry-tracked product on to the ledger', async () => {
    const res = await create(
      owner,
      body({ lines: [{ product_id: milk.id, quantity: '6', unit_cost: '0.50', expiry_date: '2026-12-31' }] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lines[0]).toMatchObject({ expiry_date: '2026-12-31', has_expiry: true });
  });

  it('keeps a photographed invoice as its attachment: only an upload made for a purchase, once', async () => {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c85028' } })
      .png()
      .toBuffer();
    const upload = async (purpose: string) => {
      const boundary = `----purch${Date.now()}`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.png"\r\nContent-Type: image/png\r\n\r\n`;
      const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/media/images?purpose=${purpose}`,
        headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json().key as string;
    };
    const key = await upload('purchase');
    const made = await create(owner, body({ status: 'pending', attachment: key }));
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ attachment: key, attachment_url: expect.stringContaining(key) });
    const before = await counts();
    // The same upload cannot go on a second purchase, nor a product image on a purchase.
    expect((await create(owner, body({ attachment: key }))).statusCode).toBe(422);
    const productImage = await upload('product');
    const wrong = await create(owner, body({ attachment: productImage }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.attachment).toBe('Upload the attachment again');
    expect(await counts()).toEqual(before);
    // Editing without naming the attachment keeps it; null removes it.
    const kept = await call(owner, 'PUT', `/api/v1/purchases/${made.json().data.id}`, body({ status: 'pending' }));
    expect(kept.json().data.attachment).toBe(key);
    const removed = await call(owner, 'PUT', `/api/v1/purchases/${made.json().data.id}`, body({ status: 'pending', attachment: null }));
    expect(removed.json().data.attachment).toBeNull();
  });
});

describe('purchase returns', () => {
  let purchase: { id: string; lines: { id: string }[] };
  beforeAll(async () => {
    const res = await create(owner, body({ shipping_cost: '1.00' }));
    purchase = res.json().data;
  });

  it('returns part of a line at the purchase cost and records the refund', async () => {
    const before = await onHand(can.id, branches[0]!.id);
    const res = await returnGoods(owner, {
      purchase_id: purchase.id,
      returned_on: '2026-11-21',
      refund_amount: '5.00',
      refund_method_id: method,
      lines: [{ purchase_line_id: purchase.lines[0]!.id, quantity: '0.5' }],
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc.return_number).toMatch(/^PRT-\d{6}$/);
    // Half a box of a two-box line that cost 19.20 plus 1.00 shipping: a quarter of 20.20.
    expect(doc).toMatchObject({ total_cost: '5.05', refund_amount: '5.00', state: 'posted' });
    expect(await onHand(can.id, branches[0]!.id)).toBe(before - 12);
    const moved = await movements(doc.id);
    expect(moved).toEqual([expect.objectContaining({ movement_type: 'purchase_return', quantity: -12_000, cost_total: -505 })]);
    const detail = await call(owner, 'GET', `/api/v1/purchases/${purchase.id}`);
    expect(detail.json()).toMatchObject({ lines: [expect.objectContaining({ returned_quantity: '0.5', returnable_quantity: '1.5' })] });
    const list = await call(owner, 'GET', `/api/v1/purchase-returns?purchase_id=${purchase.id}`);
    expect((list.json().data as { id: string }[]).map((r) => r.id)).toEqual([doc.id]);
  });

  it('refuses a return over what was received minus returned, and saves nothing', async () => {
    const before = await counts();
    const res = await returnGoods(owner, {
      purchase_id: purchase.id,
      returned_on: '2026-11-21',
      lines: [{ purchase_line_id: purchase.lines[0]!.id, quantity: '1.501' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You cannot return more than was received minus what was already returned');
    const ordered = await create(owner, body({ status: 'ordered' }));
    const afterOrder = await counts();
    const notReceived = await returnGoods(owner, {
      purchase_id: ordered.json().data.id,
      returned_on: '2026-11-21',
      lines: [{ purchase_line_id: ordered.json().data.lines[0].id, quantity: '1' }],
    });
    expect(notReceived.statusCode).toBe(422);
    expect(notReceived.json().message).toBe('Only a received purchase can be returned');
    expect(afterOrder.returns).toBe(before.returns);
    expect(await counts()).toEqual(afterOrder);
  });

  it('refuses a return of stock that is no longer on hand (sold or taken out since), saving nothing', async () => {
    const made = await create(owner, body({ branch_id: branches[1]!.id }));
    const doc = made.json().data;
    const subtraction = await t.deps.db
      .selectFrom('adjustment_types')
      .select('id')
      .where('business_id', '=', coffee)
      .where('direction', '=', 'subtraction')
      .executeTakeFirstOrThrow();
    const all = await onHand(can.id, branches[1]!.id);
    const out = await call(owner, 'POST', '/api/v1/stock-adjustments', {
      branch_id: branches[1]!.id,
      adjustment_type_id: subtraction.id,
      adjusted_on: '2026-11-21',
      lines: [{ product_id: can.id, quantity: String(all) }],
    });
    expect(out.statusCode).toBe(201);
    const before = await counts();
    const res = await returnGoods(owner, {
      purchase_id: doc.id,
      returned_on: '2026-11-21',
      lines: [{ purchase_line_id: doc.lines[0].id, quantity: '1' }],
    });
    expect(res.statusCode).toBe(422);
    const { product_name } = await t.deps.db
      .selectFrom('products')
      .select('product_name')
      .where('id', '=', can.id)
      .executeTakeFirstOrThrow();
    expect(res.json().message).toBe(`There is not enought stock or no item: ${product_name}`);
    expect(res.json().errors['lines.0.quantity']).toBe(`There is not enought stock or no item: ${product_name}`);
    expect(await counts()).toEqual(before);
  });

  it('lets only one of two concurrent returns of the rest pass', async () => {
    const made = await create(owner, body());
    const doc = made.json().data;
    const payload = { purchase_id: doc.id, returned_on: '2026-11-21', lines: [{ purchase_line_id: doc.lines[0].id, quantity: '1.5' }] };
    const results = await Promise.all([returnGoods(owner, payload), returnGoods(owner, payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const detail = await call(owner, 'GET', `/api/v1/purchases/${doc.id}`);
    expect(detail.json().lines[0]).toMatchObject({ returned_quantity: '1.5', returnable_quantity: '0.5' });
  });

  it('blocks editing or cancelling a purchase with returns, and cancelling the return puts the stock back', async () => {
    const made = await create(owner, body());
    const doc = made.json().data;
    const before = await onHand(can.id, branches[0]!.id);
    const ret = await returnGoods(owner, {
      purchase_id: doc.id,
      returned_on: '2026-11-21',
      lines: [{ purchase_line_id: doc.lines[0].id, quantity: '2' }],
    });
    expect(ret.statusCode).toBe(201);
    expect(ret.json().data.total_cost).toBe('19.20');
    expect(await onHand(can.id, branches[0]!.id)).toBe(before - 48);
    expect((await call(owner, 'PUT', `/api/v1/purchases/${doc.id}`, body())).statusCode).toBe(422);
    expect((await call(owner, 'POST', `/api/v1/purchases/${doc.id}/cancel`)).statusCode).toBe(422);
    const cancelled = await call(owner, 'POST', `/api/v1/purchase-returns/${ret.json().data.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.state).toBe('void');
    expect(await onHand(can.id, branches[0]!.id)).toBe(before);
    expect((await call(owner, 'POST', `/api/v1/purchases/${doc.id}/cancel`)).statusCode).toBe(200);
  });
});

describe('access', () => {
  it('needs a session and the purchase permissions', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/purchases' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/purchase-returns' })).statusCode).toBe(401);
    const before = await counts();
    expect((await create(cashier, body())).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another shop's purchase and return", async () => {
    const made = await create(owner, body());
    const doc = made.json().data;
    const ret = await returnGoods(owner, {
      purchase_id: doc.id,
      returned_on: '2026-11-21',
      lines: [{ purchase_line_id: doc.lines[0].id, quantity: '1' }],
    });
    const other = await createShop(t.deps);
    const stranger = await loginAs(t.app, other.login);
    const before = await counts();
    expect((await call(stranger, 'GET', `/api/v1/purchases/${doc.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', `/api/v1/purchases/${doc.id}`, body())).statusCode).toBe(404);
    for (const action of ['receive', 'cancel'])
      expect((await call(stranger, 'POST', `/api/v1/purchases/${doc.id}/${action}`)).statusCode).toBe(404);
    const pay = await call(stranger, 'POST', `/api/v1/purchases/${doc.id}/payments`, {
      payment_method_id: method,
      amount: '1',
      paid_on: '2026-11-21',
    });
    expect(pay.statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/v1/purchase-returns/${ret.json().data.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/v1/purchase-returns/${ret.json().data.id}/cancel`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/v1/purchases/supplier-balance?supplier_id=${supplier}`)).statusCode).toBe(404);
    const theirs = await returnGoods(stranger, {
      purchase_id: doc.id,
      returned_on: '2026-11-21',
      lines: [{ purchase_line_id: doc.lines[0].id, quantity: '1' }],
    });
    expect(theirs.statusCode).toBe(422);
    expect((await call(stranger, 'GET', '/api/v1/purchases')).json().data).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('keeps a branch user to its own branch', async () => {
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', coffee)
      .where('permissions', 'like', '%stock-purchase%')
      .executeTakeFirstOrThrow();
    const user = await addShopUser(t.deps, { businessId: coffee, roleId: role.id, branchId: branches[1]!.id });
    const token = await loginAs(t.app, user.login);
    const theirs = await create(owner, body());
    const before = await counts();
    const res = await create(token, body());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You can only move stock of your own branch');
    expect((await call(token, 'GET', `/api/v1/purchases/${theirs.json().data.id}`)).statusCode).toBe(404);
    expect((await call(token, 'PUT', `/api/v1/purchases/${theirs.json().data.id}`, body({ branch_id: branches[1]!.id }))).statusCode).toBe(
      404,
    );
    expect(await counts()).toEqual(before);
    const own = await create(token, body({ branch_id: branches[1]!.id }));
    expect(own.statusCode).toBe(201);
    const list = await call(token, 'GET', `/api/v1/purchases?per_page=100&branch_id=${branches[0]!.id}`);
    for (const p of list.json().data as { branch_id: string }[]) expect(p.branch_id).toBe(branches[1]!.id);
    const options = await call(token, 'GET', '/api/v1/purchases/options');
    expect(options.json().branches).toEqual([{ id: branches[1]!.id, name: branches[1]!.name }]);
    expect(options.json().suppliers.length).toBeGreaterThan(0);
  });
});
