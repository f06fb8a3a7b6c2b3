/**
 * The offline till's rules on the server (issue #26), on both databases: a till registers while online and numbers its
 * own receipts; an offline sale keeps the till's number and time, and what would refuse an online sale (its session
 * closed since, stock run out, a price the cashier may not give) is accepted and flagged, because the goods and the
 * money have already changed hands. What says the sale is not this cashier's or this shop's is refused, and a refused
 * sale changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../../../test/factories';
import { bearer, loginAs } from '../../../test/harness';
import { call, cashierDiscountLimit, en, onHand, saleCounts, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

let w: SaleWorld;
let main: string;

const HOUR = 3_600_000;
/** "53.00" plus 300 cents: "56.00" (exact, in cents). */
const cents = (usd: string, add: number) => {
  const [whole = '0', frac = '00'] = usd.split('.');
  const total = Number(whole) * 100 + Number(frac.padEnd(2, '0')) + add;
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
};
const cashUsd = (amount: string) => ({ payment_method_id: w.cash, currency: 'USD', amount });
const settings = (values: Record<string, number>) =>
  w.t.deps.db.updateTable('general_settings').set(values).where('business_id', '=', w.biz).execute();
const tillCount = async () =>
  Number(
    (
      await w.t.deps.db
        .selectFrom('tills')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('business_id', '=', w.biz)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The cashier's session: the open one, else a new one with $50 and 100,000 riel (the module's own routes). */
async function cashierSession(): Promise<string> {
  const current = (await call(w.t.app, w.cashier, 'GET', '/api/v1/cash-sessions/current')).json().data as { id: string } | null;
  if (current) return current.id;
  const res = await call(w.t.app, w.cashier, 'POST', '/api/v1/cash-sessions/open', { opening_usd: '50', opening_khr: '100000' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function registerTill(name: string): Promise<{ id: string; code: string; branch_id: string; last_number: number }> {
  const res = await call(w.t.app, w.cashier, 'POST', '/api/v1/pos/tills', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A till sale as the till sends it from its waiting list: one item (2.50 + 10% VAT = 2.75), paid $3 in cash. */
const offlineSale = (till: string, number: number, session: string, soldAt: Date, extra: object = {}, queued = true) => ({
  lines: [{ product_id: w.items[0]!, quantity: '1' }],
  payments: [cashUsd('3')],
  offline: { till_id: till, till_number: number, sold_at: soldAt.toISOString(), cash_session_id: session, queued },
  ...extra,
});
/** The till's first attempt at the same sale, the cashier still at the payment: the online rules, the till's number. */
const firstAttempt = (till: string, number: number, session: string, extra: object) =>
  offlineSale(till, number, session, w.t.clock.now(), extra, false);

beforeAll(async () => {
  w = await saleWorld();
  main = w.branches[0]!.id;
  for (const item of w.items) await stockUp(w, item, main, '100');
});
afterAll(() => w.t.close());

describe('a till registers while online and numbers its own receipts', () => {
  it('gets a code of the shop series in the branch of its cashier’s session, and reads itself back', async () => {
    const session = await cashierSession();
    const branch = (await call(w.t.app, w.cashier, 'GET', `/api/v1/cash-sessions/${session}`)).json().branch_id as string;
    const a = await registerTill('Counter 1');
    const b = await registerTill('Counter 2');
    // The demo's counter is T01: the shop's series goes on.
    expect([a.code, b.code]).toEqual(['T02', 'T03']);
    expect(a.branch_id).toBe(branch);
    const read = await call(w.t.app, w.cashier, 'GET', `/api/v1/pos/tills/${a.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: a.id, code: 'T02', name: 'Counter 1', last_number: 0 });
    const list = (await call(w.t.app, w.cashier, 'GET', '/api/v1/pos/tills')).json().data as { code: string }[];
    expect(list.map((x) => x.code)).toEqual(['T01', 'T02', 'T03']);
  });

  it('refuses a till without a name and changes nothing; another shop’s till answers 404', async () => {
    const before = await tillCount();
    const bad = await call(w.t.app, w.cashier, 'POST', '/api/v1/pos/tills', { name: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('name');
    expect(await tillCount()).toBe(before);

    const rival = await createShop(w.t.deps, { shopName: 'Rival Till Shop' });
    const rivalOwner = await loginAs(w.t.app, rival.login);
    const opened = await call(w.t.app, rivalOwner, 'POST', '/api/v1/cash-sessions/open', {
      branch_id: rival.branchIds[0]!,
      opening_usd: '0',
      opening_khr: '0',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const theirs = (await call(w.t.app, rivalOwner, 'POST', '/api/v1/pos/tills', { name: 'Theirs' })).json();
    expect(theirs.code).toBe('T01');
    expect((await call(w.t.app, w.cashier, 'GET', `/api/v1/pos/tills/${theirs.id}`)).statusCode).toBe(404);

    // A sale naming their till books nothing here.
    const session = await cashierSession();
    const counts = await saleCounts(w);
    const res = await sell(w.t.app, w.cashier, offlineSale(theirs.id, 1, session, w.t.clock.now()));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/not registered/);
    expect(await saleCounts(w)).toEqual(counts);
  });
});

describe('an offline sale keeps the till’s number and time', () => {
  it('is numbered by its till, dated when it was made, received now, once however often it is sent', async () => {
    const session = await cashierSession();
    const till = await registerTill('Front till');
    // Made twenty minutes ago, in the session's time; it reaches the server now.
    w.t.clock.advance(HOUR);
    const madeAt = new Date(w.t.clock.now().getTime() - 20 * 60_000);
    const key = randomUUID();
    const first = await sell(w.t.app, w.cashier, offlineSale(till.id, 1, session, madeAt), key);
    expect(first.statusCode, first.body).toBe(201);
    const sale = first.json().data;
    expect(sale.invoice_number).toBe(`${till.code}-000001`);
    expect(sale.till_number).toBe(1);
    expect(Date.parse(sale.sold_at)).toBe(madeAt.getTime());
    expect(Date.parse(sale.received_at)).toBe(w.t.clock.now().getTime());
    expect(sale.review).toEqual([]);
    expect(sale.cash_session_id).toBe(session);

    // The same sale again (the answer was lost): the first, nothing more.
    const counts = await saleCounts(w);
    const again = await sell(w.t.app, w.cashier, offlineSale(till.id, 1, session, madeAt), key);
    expect(again.json().data.id).toBe(sale.id);
    expect(await saleCounts(w)).toEqual(counts);

    // Another sale with a number the till already used: refused, nothing booked.
    const clash = await sell(w.t.app, w.cashier, offlineSale(till.id, 1, session, madeAt));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/already sent another sale with this receipt number/);
    expect(await saleCounts(w)).toEqual(counts);

    // Numbers out of order arrive as they come; the till reads back the highest.
    expect((await sell(w.t.app, w.cashier, offlineSale(till.id, 3, session, madeAt))).statusCode).toBe(201);
    expect((await sell(w.t.app, w.cashier, offlineSale(till.id, 2, session, madeAt))).statusCode).toBe(201);
    expect((await call(w.t.app, w.cashier, 'GET', `/api/v1/pos/tills/${till.id}`)).json().last_number).toBe(3);
  });

  it('keeps the server’s time when the till’s clock runs ahead, and flags it', async () => {
    const session = await cashierSession();
    const till = await registerTill('Fast clock');
    const res = await sell(w.t.app, w.cashier, offlineSale(till.id, 1, session, new Date(w.t.clock.now().getTime() + 24 * HOUR)));
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.parse(res.json().data.sold_at)).toBe(w.t.clock.now().getTime());
    expect(res.json().data.review).toEqual(['till_clock']);
  });
});

describe('what would refuse an online sale is accepted and flagged', () => {
  it('a sale that reaches the server after its session was closed counts in that session, whose difference follows', async () => {
    const session = await cashierSession();
    const till = await registerTill('Late till');
    const madeAt = w.t.clock.now();
    const before = (await call(w.t.app, w.cashier, 'GET', `/api/v1/cash-sessions/${session}`)).json();
    const closed = await call(w.t.app, w.cashier, 'POST', `/api/v1/cash-sessions/${session}/close`, {
      counted_usd: before.expected_usd,
      counted_khr: before.expected_khr,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.difference_usd).toBe('0.00');
    w.t.clock.advance(HOUR);

    const res = await sell(w.t.app, w.cashier, offlineSale(till.id, 1, session, madeAt));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.review).toEqual(['session_closed']);
    expect(res.json().data.cash_session_id).toBe(session);
    // $3 handed over, the $0.25 back in riel: the drawer should have held $3 more, and that much less riel, than counted.
    const sale = res.json().data;
    expect(sale.change_usd).toBe('0.00');
    const after = (await call(w.t.app, w.cashier, 'GET', `/api/v1/cash-sessions/${session}`)).json();
    expect(after.status).toBe('closed');
    expect(after.expected_usd).toBe(cents(before.expected_usd, 300));
    expect(after.difference_usd).toBe('-3.00');
    expect(Number(after.expected_khr.replace(/,/g, ''))).toBe(Number(before.expected_khr.replace(/,/g, '')) - Number(sale.change_khr));
  });

  it('a sale of more than the server has on hand goes below zero and is flagged; online it is refused', async () => {
    await settings({ out_of_stock_sale: 0 });
    const session = await cashierSession();
    const till = await registerTill('Busy till');
    const item = w.items[2]!;
    const had = await onHand(w, item, main);
    const more = String(had / 1_000 + 5);
    const lines = [{ product_id: item, quantity: more }];
    const online = await sell(w.t.app, w.cashier, { lines, payments: [cashUsd('1000')] });
    expect(online.statusCode).toBe(422);
    // The till's first attempt, the cashier still there: refused as online, nothing written, its number still free.
    const counts = await saleCounts(w);
    const first = await sell(w.t.app, w.cashier, firstAttempt(till.id, 1, session, { lines, payments: [cashUsd('1000')] }));
    expect(first.statusCode, first.body).toBe(422);
    expect(await saleCounts(w)).toEqual(counts);
    expect(await onHand(w, item, main)).toBe(had);
    const res = await sell(w.t.app, w.cashier, offlineSale(till.id, 1, session, w.t.clock.now(), { lines, payments: [cashUsd('1000')] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.review).toEqual(['stock_short']);
    expect(await onHand(w, item, main)).toBe(-5_000);
  });

  it('a price the cashier may not give is kept and flagged; online it is refused', async () => {
    await settings({ edit_cost: 0 });
    const session = await cashierSession();
    const till = await registerTill('Old catalogue');
    const lines = [{ product_id: w.items[0]!, quantity: '1', unit_price: '2.00' }];
    const online = await sell(w.t.app, w.cashier, { lines, payments: [cashUsd('3')] });
    expect(online.statusCode).toBe(422);
    const res = await sell(w.t.app, w.cashier, offlineSale(till.id, 1, session, w.t.clock.now(), { lines }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.review).toEqual(['price_mismatch']);
    expect(res.json().data.grand_total).toBe('2.20');

    // Beyond the cashier's discount limit (an approval needs the network): kept and flagged offline, refused online.
    await settings({ edit_cost: 1 });
    await cashierDiscountLimit(w, 1_000);
    const cheap = [{ product_id: w.items[0]!, quantity: '1', unit_price: '1.00' }];
    const refused = await sell(w.t.app, w.cashier, { lines: cheap, payments: [cashUsd('3')] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/above your limit/);
    // The till's first attempt asks for the approval as online (422 on the discount): the cashier is there.
    const first = await sell(w.t.app, w.cashier, firstAttempt(till.id, 2, session, { lines: cheap }));
    expect(first.statusCode, first.body).toBe(422);
    expect(first.json().errors).toHaveProperty('discount');
    const kept = await sell(w.t.app, w.cashier, offlineSale(till.id, 2, session, w.t.clock.now(), { lines: cheap }));
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().data.review).toEqual(['price_mismatch']);
    await cashierDiscountLimit(w, 10_000);
  });
});

describe('the sales a manager must look at', () => {
  it('are the flagged ones, listed by the review filter with their reasons', async () => {
    const res = await call(w.t.app, w.owner, 'GET', '/api/v1/sales?review=needed&per_page=100');
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data as { review: string[]; invoice_number: string }[];
    expect(listed.map((s) => s.review).sort()).toEqual([
      ['price_mismatch'],
      ['price_mismatch'],
      ['session_closed'],
      ['stock_short'],
      ['till_clock'],
    ]);
    const all = (await call(w.t.app, w.owner, 'GET', '/api/v1/sales?per_page=100')).json().data as { review: string[] }[];
    expect(all.filter((s) => s.review.length > 0)).toHaveLength(5);
  });
});

describe('a waiting sale belongs to the cashier who made it', () => {
  it('another user sending it (the next cashier signed in on that till) is refused and nothing changes', async () => {
    const session = await cashierSession();
    const till = await registerTill('Shared till');
    const counts = await saleCounts(w);
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: { ...bearer(w.owner), ...en, 'idempotency-key': randomUUID() },
      payload: offlineSale(till.id, 1, session, w.t.clock.now()),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/another cashier/);
    expect(await saleCounts(w)).toEqual(counts);
  });

  it('an offline mark on anything but a till sale is refused', async () => {
    const session = await cashierSession();
    const till = await registerTill('Wrong kind');
    const counts = await saleCounts(w);
    const res = await sell(
      w.t.app,
      w.owner,
      offlineSale(till.id, 1, session, w.t.clock.now(), { document: 'invoice', sale_type: 'general', branch_id: main, payments: [] }),
    );
    expect(res.statusCode).toBe(422);
    expect(await saleCounts(w)).toEqual(counts);
  });
});
