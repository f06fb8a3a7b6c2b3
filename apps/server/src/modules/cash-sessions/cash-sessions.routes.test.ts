import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CashSession, CashSessionDetail } from '@posauto/shared/schemas/cash-sessions';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { addShopUser, createShop } from '../../../test/factories';
import { newId } from '../../lib/ids';

const BASE = '/api/v1/cash-sessions';
const MISSING = '01890a5d-ac96-774b-bcce-b302099a8057';
type Method = 'GET' | 'POST';

let t: TestContext;
let coffee: string;
let branches: string[];
let owner: string;
/** The demo cashier: a branch user of the first branch whose role also manages sales. */
let manager: string;
/** sale-pos and sale-list only, first branch: sees its own sessions alone. */
let plain: { token: string; userId: string };
let plain2: { token: string; userId: string };
/** A plain cashier of the second branch. */
let plainB: { token: string; userId: string };
let stockClerk: string;
let other: string;
let otherBranch: string;

const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token === null ? {} : bearer(token)), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const open = (token: string, body: object = {}) =>
  call(token, 'POST', `${BASE}/open`, { opening_usd: '20', opening_khr: '40000', ...body });
const move = (token: string, id: string, body: object) => call(token, 'POST', `${BASE}/${id}/cash-movements`, body);
const close = (token: string, id: string, body: object) => call(token, 'POST', `${BASE}/${id}/close`, body);
const detail = async (token: string, id: string) => (await call(token, 'GET', `${BASE}/${id}`)).json() as CashSessionDetail;
const list = async (token: string, query = '') => (await call(token, 'GET', `${BASE}?per_page=all${query}`)).json().data as CashSession[];
const figure = (d: CashSessionDetail, currency: 'USD' | 'KHR') => d.figures.find((f) => f.currency === currency)!;

async function role(name: string, permissions: string[]) {
  const id = newId();
  const at = t.clock.now().toISOString();
  await t.deps.db
    .insertInto('roles')
    .values({ business_id: coffee, id, name, permissions: JSON.stringify(permissions), is_preset: 0, created_at: at, updated_at: at })
    .execute();
  return id;
}
async function user(roleId: string, branchId: string | null) {
  const u = await addShopUser(t.deps, { businessId: coffee, roleId, branchId });
  return { token: await loginAs(t.app, u.login), userId: u.userId };
}

/** The sums of a session's entries per currency, read straight from the table. */
async function entrySums(sessionId: string) {
  const rows = await t.deps.db
    .selectFrom('cash_session_entries')
    .select(['currency', sql<number>`sum(amount)`.as('total')])
    .where('session_id', '=', sessionId)
    .groupBy('currency')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.currency, Number(r.total)]));
}
const counts = async () => {
  const n = async (table: 'cash_sessions' | 'cash_session_entries') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { sessions: await n('cash_sessions'), entries: await n('cash_session_entries') };
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branches = (
    await db.selectFrom('branches').select('id').where('business_id', '=', coffee).orderBy('created_at').orderBy('id').execute()
  ).map((b) => b.id);
  const cashierBranch = (await db.selectFrom('users').select('branch_id').where('email', '=', CASHIER.email).executeTakeFirstOrThrow())
    .branch_id!;
  // Keep "first branch" meaning the demo cashier's branch.
  branches = [cashierBranch, ...branches.filter((b) => b !== cashierBranch)];
  owner = await loginAs(t.app, OWNER);
  manager = await loginAs(t.app, CASHIER);
  const till = await role('Till only', ['sale-pos', 'sale-list']);
  plain = await user(till, branches[0]!);
  plain2 = await user(till, branches[0]!);
  plainB = await user(till, branches[1]!);
  stockClerk = (await user(await role('Stock clerk', ['stock-listing']), null)).token;
  const shop = await createShop(t.deps, { shopName: 'Rival Tea House' });
  other = await loginAs(t.app, shop.login);
  otherBranch = shop.branchIds[0]!;
});
afterAll(() => t.close());

describe('cash session access', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/current`],
      ['GET', `${BASE}/options`],
      ['GET', `${BASE}/${MISSING}`],
      ['POST', `${BASE}/open`],
      ['POST', `${BASE}/${MISSING}/cash-movements`],
      ['POST', `${BASE}/${MISSING}/close`],
    ] as const) {
      const res = await call(null, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to a user without the sales permissions, and changes nothing', async () => {
    const before = await counts();
    for (const [method, url, body] of [
      ['GET', BASE],
      ['GET', `${BASE}/current`],
      ['GET', `${BASE}/options`],
      ['GET', `${BASE}/${MISSING}`],
      ['POST', `${BASE}/open`, { opening_usd: '1', opening_khr: '0', branch_id: branches[0] }],
      ['POST', `${BASE}/${MISSING}/cash-movements`, { type: 'in', currency: 'USD', amount: '1', reason: 'x' }],
      ['POST', `${BASE}/${MISSING}/close`, { counted_usd: '0', counted_khr: '0' }],
    ] as Array<[Method, string, object?]>) {
      const res = await call(stockClerk, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('opening a session', () => {
  it('refuses bad amounts with a message per field, and saves nothing', async () => {
    const before = await counts();
    const res = await open(plain.token, { opening_usd: '-1', opening_khr: '100.5', note: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      opening_usd: 'Enter dollars such as 20.50',
      opening_khr: 'Enter whole riel such as 40000',
      note: 'This text is too long',
    });
    expect((await open(plain.token, { opening_usd: '1.234' })).json().errors).toEqual({ opening_usd: 'Enter dollars such as 20.50' });
    // A shop-level user names the branch; another shop's branch is no branch at all.
    const none = await open(owner);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ message: 'Please select branch', errors: { branch_id: 'Please select branch' } });
    expect((await open(owner, { branch_id: otherBranch })).json().errors).toEqual({ branch_id: 'Please select branch' });
    expect(await counts()).toEqual(before);
  });

  it("opens the cashier's session at its own branch, numbered, with the opening cash as its first entries", async () => {
    // A branch user opens at its own branch whatever it sends.
    const res = await open(plain.token, { opening_usd: '20.50', opening_khr: '40000.00', branch_id: branches[1], note: 'Morning' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The cash session is open');
    const s = res.json().data as CashSessionDetail;
    expect(s).toMatchObject({
      session_number: 'CS-000001',
      branch_id: branches[0],
      user_id: plain.userId,
      cashier_name: 'Shop User',
      status: 'open',
      closed_at: null,
      opening_usd: '20.50',
      opening_khr: '40000',
      sales_usd: '0.00',
      expected_usd: '20.50',
      expected_khr: '40000',
      counted_usd: null,
      difference_usd: null,
      note: 'Morning',
      sales_count: 0,
      payments: [],
      movements: [],
    });
    expect(figure(s, 'USD')).toEqual({
      currency: 'USD',
      opening: '20.50',
      sales: '0.00',
      change: '0.00',
      refunds: '0.00',
      cash_in: '0.00',
      cash_out: '0.00',
      expected: '20.50',
      counted: null,
      difference: null,
    });
    expect(await entrySums(s.id)).toEqual({ USD: 2050, KHR: 40000 });
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'cash_session')
      .where('entity_id', '=', s.id)
      .execute();
    expect(audit).toEqual([{ action: 'open', user_id: plain.userId }]);

    const current = (await call(plain.token, 'GET', `${BASE}/current`)).json();
    expect(current.data).toEqual(s);
  });

  it('refuses a second open session of the same cashier with 409, and saves nothing', async () => {
    const before = await counts();
    const res = await open(plain.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You already have an open cash session. Close it before opening another.' });
    expect(await counts()).toEqual(before);
  });

  it('opens exactly one session when the same cashier opens five times at once', async () => {
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 5 }, () => open(plain2.token)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe('You already have an open cash session. Close it before opening another.');
    expect(await counts()).toEqual({ sessions: before.sessions + 1, entries: before.entries + 2 });
    const mine = await t.deps.db.selectFrom('cash_sessions').select('session_number').where('user_id', '=', plain2.userId).execute();
    // The refused opens gave their numbers back.
    expect(mine).toEqual([{ session_number: 'CS-000002' }]);
  });

  it('answers null as the current session of a cashier without one', async () => {
    expect((await call(manager, 'GET', `${BASE}/current`)).json()).toEqual({ data: null });
  });
});

describe('cash in and out', () => {
  let id: string;
  beforeAll(async () => {
    id = ((await call(plain.token, 'GET', `${BASE}/current`)).json().data as CashSessionDetail).id;
  });

  it('records cash in and cash out with their reason, signed in the entries', async () => {
    t.clock.advance(60_000);
    const res = await move(plain.token, id, { type: 'in', currency: 'USD', amount: '5', reason: 'Float top-up' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The cash movement has been recorded');
    t.clock.advance(60_000);
    const out = (await move(plain.token, id, { type: 'out', currency: 'KHR', amount: '10000', reason: 'Ice delivery' })).json()
      .data as CashSessionDetail;
    expect(out.movements.map((m) => [m.kind, m.currency, m.amount, m.reason, m.created_by_name])).toEqual([
      ['cash_in', 'USD', '5.00', 'Float top-up', 'Shop User'],
      ['cash_out', 'KHR', '10000', 'Ice delivery', 'Shop User'],
    ]);
    expect(figure(out, 'USD')).toMatchObject({ cash_in: '5.00', expected: '25.50' });
    expect(figure(out, 'KHR')).toMatchObject({ cash_out: '10000', expected: '30000' });
    expect(await entrySums(id)).toEqual({ USD: 2550, KHR: 30000 });
  });

  it('refuses cash out beyond what the drawer holds in that currency, and bad input, changing nothing', async () => {
    const before = await counts();
    const over = await move(plain.token, id, { type: 'out', currency: 'KHR', amount: '30001', reason: 'Too much' });
    expect(over.statusCode).toBe(422);
    // The message names what the drawer holds, so the cashier knows what can go out.
    const holds = 'The drawer holds $25.50 and 30,000 ៛: it cannot pay out 30,001 ៛';
    expect(over.json()).toEqual({ message: holds, errors: { amount: holds } });
    const bad = await move(plain.token, id, { type: 'sideways', currency: 'EUR', amount: '1', reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      type: 'Choose cash in or cash out',
      currency: 'Choose dollars or riel',
      reason: 'Please enter the reason',
    });
    for (const [currency, amount, message] of [
      ['USD', '0', 'Enter an amount greater than 0'],
      ['USD', '1.005', 'Enter dollars such as 20.50'],
      ['KHR', '500.5', 'Enter whole riel such as 40000'],
    ]) {
      const res = await move(plain.token, id, { type: 'in', currency, amount, reason: 'x' });
      expect(res.json().errors, amount).toEqual({ amount: message });
    }
    expect(await counts()).toEqual(before);
    // Everything the drawer holds may go out.
    expect((await move(plain.token, id, { type: 'out', currency: 'KHR', amount: '30000', reason: 'Bank deposit' })).statusCode).toBe(201);
    expect((await move(plain.token, id, { type: 'in', currency: 'KHR', amount: '30000', reason: 'Back from bank' })).statusCode).toBe(201);
  });

  it("keeps a session's cash movements to its own cashier", async () => {
    const before = await counts();
    // A manager sees the session but does not move cash through someone else's drawer.
    const res = await move(manager, id, { type: 'in', currency: 'USD', amount: '1', reason: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Only the cashier of this session can move cash in or out of it');
    // Another plain cashier does not even see it: 404, whatever the body.
    for (const token of [plain2.token, other]) {
      const r = await move(token, id, { type: 'nope' });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ message: 'We could not find what you asked for' });
    }
    expect((await move(plain.token, MISSING, { type: 'in', currency: 'USD', amount: '1', reason: 'x' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('closing a session', () => {
  let id: string;
  beforeAll(async () => {
    id = ((await call(plain.token, 'GET', `${BASE}/current`)).json().data as CashSessionDetail).id;
  });

  it('refuses a count whose notes do not add up, unknown notes and bad amounts, and closes nothing', async () => {
    const before = await counts();
    const res = await close(plain.token, id, {
      counted_usd: '25.50',
      counted_khr: '30000',
      counted_notes: { USD: { '20': 1, '5': 1 }, KHR: { '10000': 2, '5000': 2 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ counted_usd: 'The notes counted do not add up to this amount' });
    const odd = await close(plain.token, id, { counted_usd: '3', counted_khr: '0', counted_notes: { USD: { '3': 1 } } });
    expect(odd.json().errors).toEqual({ 'counted_notes.USD': 'This note is not counted at the till' });
    const neg = await close(plain.token, id, { counted_usd: '1', counted_khr: '1', counted_notes: { KHR: { '100': -1 } } });
    expect(neg.json().errors).toEqual({ 'counted_notes.KHR.100': 'Enter how many notes as a whole number' });
    expect((await close(plain.token, id, { counted_usd: 'ten', counted_khr: '' })).json().errors).toEqual({
      counted_usd: 'Enter dollars such as 20.50',
      counted_khr: 'Enter whole riel such as 40000',
    });
    expect(await counts()).toEqual(before);
    expect((await detail(plain.token, id)).status).toBe('open');
  });

  it('freezes expected, counted and the difference per currency, with the note-by-note count', async () => {
    t.clock.advance(3_600_000);
    const notes = { USD: { '20': 1, '5': 1 }, KHR: { '10000': 2, '5000': 1, '1000': 4, '100': 5 } };
    const res = await close(plain.token, id, { counted_usd: '25.00', counted_khr: '29500', counted_notes: notes, note: 'Short 50 cents' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The cash session is closed');
    const s = res.json().data as CashSessionDetail;
    expect(s).toMatchObject({
      status: 'closed',
      closed_at: t.clock.now().toISOString(),
      closed_by_name: 'Shop User',
      expected_usd: '25.50',
      expected_khr: '30000',
      counted_usd: '25.00',
      counted_khr: '29500',
      difference_usd: '-0.50',
      difference_khr: '-500',
      close_note: 'Short 50 cents',
      counted_notes: notes,
    });
    expect(figure(s, 'KHR')).toEqual({
      currency: 'KHR',
      opening: '40000',
      sales: '0',
      change: '0',
      refunds: '0',
      cash_in: '30000',
      cash_out: '40000',
      expected: '30000',
      counted: '29500',
      difference: '-500',
    });
    const row = await t.deps.db.selectFrom('cash_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.expected_usd, row.expected_khr, row.counted_usd, row.counted_khr].map(Number)).toEqual([2550, 30000, 2500, 29500]);
    expect((await call(plain.token, 'GET', `${BASE}/current`)).json()).toEqual({ data: null });
  });

  it('answers 409 to closing it again or moving cash through it, and changes nothing', async () => {
    const before = await counts();
    const again = await close(plain.token, id, { counted_usd: '0', counted_khr: '0' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This cash session is already closed' });
    const moved = await move(plain.token, id, { type: 'in', currency: 'USD', amount: '1', reason: 'late' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ message: 'This cash session is closed' });
    expect(await counts()).toEqual(before);
  });

  it('lets the cashier open a new session once the last one is closed', async () => {
    const res = await open(plain.token, { opening_usd: '10', opening_khr: '0' });
    expect(res.statusCode).toBe(201);
    const s = res.json().data as CashSessionDetail;
    expect(s.expected_usd).toBe('10.00');
    expect((await close(plain.token, s.id, { counted_usd: '10', counted_khr: '0' })).json().data).toMatchObject({
      difference_usd: '0.00',
      difference_khr: '0',
      counted_notes: null,
    });
  });

  it('lets a manager close a session of its branch, not one of another branch; a plain cashier closes only its own', async () => {
    const theirs = ((await call(plain2.token, 'GET', `${BASE}/current`)).json().data as CashSessionDetail).id;
    const b = ((await open(plainB.token)).json().data as CashSessionDetail).id;
    const before = await counts();
    // The demo cashier manages sales in the first branch only; a plain cashier sees no one else's session.
    expect((await close(manager, b, { counted_usd: '0', counted_khr: '0' })).statusCode).toBe(404);
    expect((await close(plain.token, theirs, { counted_usd: '0', counted_khr: '0' })).statusCode).toBe(404);
    expect((await close(other, theirs, { counted_usd: '0', counted_khr: '0' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    const closed = await close(manager, theirs, { counted_usd: '20', counted_khr: '40000' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      closed_by_name: 'Dara Kim',
      cashier_name: 'Shop User',
      difference_usd: '0.00',
    });
    expect((await close(owner, b, { counted_usd: '19', counted_khr: '40000' })).json().data).toMatchObject({
      closed_by_name: 'Sophea Chan',
      difference_usd: '-1.00',
    });
  });
});

describe("a session's sales", () => {
  /** Writes a sale and its cash entries the way the sales module does: cash taken positive, change negative. */
  async function sell(
    sessionId: string,
    branchId: string,
    userId: string,
    o: { total: number; usd: number; changeKhr: number; status?: 'completed' | 'void' },
  ) {
    const db = t.deps.db;
    const at = t.clock.now().toISOString();
    const customer = await db.selectFrom('customers').select('id').where('business_id', '=', coffee).executeTakeFirstOrThrow();
    const methods = await db.selectFrom('payment_methods').select(['id', 'type']).where('business_id', '=', coffee).execute();
    const cash = methods.find((m) => m.type === 'cash')!;
    const saleId = newId();
    await db
      .insertInto('sales')
      .values({
        business_id: coffee,
        id: saleId,
        invoice_number: `T-${saleId.slice(-8)}`,
        document: 'sale',
        sale_type: 'pos_retail',
        status: o.status ?? 'completed',
        branch_id: branchId,
        cash_session_id: sessionId,
        customer_id: customer.id,
        sale_date: at.slice(0, 10),
        sold_at: at,
        currency: 'USD',
        exchange_rate: 4_100_000_000,
        vat_rate: 0,
        vat_inclusive: 0,
        subtotal: o.total,
        tax: 0,
        grand_total: o.total,
        paid_amount: o.total,
        tendered_amount: o.usd,
        change_amount: o.usd - o.total,
        change_khr: o.changeKhr,
        payment_status: 'paid',
        line_count: 1,
        discount_type: null,
        discount_value: 0,
        discount_amount: 0,
        coupon_id: null,
        coupon_code: null,
        coupon_amount: 0,
        service_charge_id: null,
        service_type: null,
        service_value: 0,
        service_charge: 0,
        shipping: 0,
        change_usd: 0,
        returned_amount: 0,
        cost_total: 0,
        note: '',
        delivered_at: null,
        converted_from_id: null,
        idempotency_key: null,
        request_hash: null,
        voided_at: null,
        created_by: userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('sale_payments')
      .values({
        business_id: coffee,
        id: newId(),
        sale_id: saleId,
        payment_method_id: cash.id,
        method_type: 'cash',
        currency: 'USD',
        amount: o.usd,
        amount_in_sale_currency: o.usd,
        reference: '',
        khqr_md5: null,
        cash_session_id: sessionId,
        paid_on: at.slice(0, 10),
        created_by: userId,
        created_at: at,
      })
      .execute();
    if (o.status === 'void') return saleId;
    const entry = (kind: 'sale' | 'change' | 'refund' | 'payment', currency: 'USD' | 'KHR', amount: number) => ({
      business_id: coffee,
      id: newId(),
      session_id: sessionId,
      kind,
      currency,
      amount,
      sale_id: saleId,
      reason: '',
      created_by: userId,
      created_at: at,
    });
    await db
      .insertInto('cash_session_entries')
      .values([entry('sale', 'USD', o.usd), ...(o.changeKhr ? [entry('change', 'KHR', -o.changeKhr)] : [])])
      .execute();
    return saleId;
  }

  it("reports sales, change and refunds, and the closed session's expected cash equals the sum of its entries", async () => {
    const s = (await open(plain.token, { opening_usd: '50', opening_khr: '100000' })).json().data as CashSessionDetail;
    // $3.75 paid with a $5 note: $1.25 back as 5,100 riel at 4,100 (rounded to 100 riel in the shop's favour).
    await sell(s.id, branches[0]!, plain.userId, { total: 375, usd: 500, changeKhr: 5100 });
    await sell(s.id, branches[0]!, plain.userId, { total: 1000, usd: 1000, changeKhr: 0 });
    // A voided sale counts neither in the sales nor in the payments.
    await sell(s.id, branches[0]!, plain.userId, { total: 999, usd: 999, changeKhr: 0, status: 'void' });
    const at = t.clock.now().toISOString();
    const extra = (kind: 'refund' | 'payment', currency: 'USD' | 'KHR', amount: number) => ({
      business_id: coffee,
      id: newId(),
      session_id: s.id,
      kind,
      currency,
      amount,
      reason: '',
      created_by: plain.userId,
      created_at: at,
    });
    await t.deps.db
      .insertInto('cash_session_entries')
      .values([extra('refund', 'USD', -200), extra('payment', 'KHR', 8200)])
      .execute();
    await move(plain.token, s.id, { type: 'out', currency: 'USD', amount: '4', reason: 'Milk' });

    const running = await detail(plain.token, s.id);
    expect(figure(running, 'USD')).toEqual({
      currency: 'USD',
      opening: '50.00',
      sales: '15.00',
      change: '0.00',
      refunds: '2.00',
      cash_in: '0.00',
      cash_out: '4.00',
      expected: '59.00',
      counted: null,
      difference: null,
    });
    expect(figure(running, 'KHR')).toMatchObject({ opening: '100000', sales: '8200', change: '5100', expected: '103100' });
    expect(running).toMatchObject({
      sales_count: 2,
      sales_totals: [{ currency: 'USD', total: '13.75' }],
      sales_usd: '15.00',
      sales_khr: '3100',
    });
    expect(running.payments).toEqual([
      {
        payment_method_id: expect.any(String),
        payment_method_name: expect.any(String),
        method_type: 'cash',
        currency: 'USD',
        count: 2,
        total: '15.00',
      },
    ]);

    const closed = (await close(plain.token, s.id, { counted_usd: '59', counted_khr: '103000' })).json().data as CashSessionDetail;
    const sums = await entrySums(s.id);
    expect(closed).toMatchObject({ expected_usd: '59.00', expected_khr: '103100', difference_khr: '-100' });
    expect(sums).toEqual({ USD: 5900, KHR: 103_100 });
    // Entries written after the close (there should be none) would not change what was frozen.
    const row = await t.deps.db
      .selectFrom('cash_sessions')
      .select(['expected_usd', 'expected_khr'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.expected_usd), Number(row.expected_khr)]).toEqual([sums.USD, sums.KHR]);
  });

  it('closes a session of 2,000 sales with the exact sum of their entries', async () => {
    const s = (await open(plain.token, { opening_usd: '0', opening_khr: '0' })).json().data as CashSessionDetail;
    const at = t.clock.now().toISOString();
    const rows = Array.from({ length: 2000 }, (_, i) => [
      { kind: 'sale' as const, currency: 'USD' as const, amount: 100 + (i % 997) },
      { kind: 'change' as const, currency: 'KHR' as const, amount: -100 * (i % 13) },
    ])
      .flat()
      .map((e) => ({ business_id: coffee, id: newId(), session_id: s.id, ...e, reason: '', created_by: plain.userId, created_at: at }));
    for (let i = 0; i < rows.length; i += 500)
      await t.deps.db
        .insertInto('cash_session_entries')
        .values(rows.slice(i, i + 500))
        .execute();
    const usd = rows.filter((r) => r.currency === 'USD').reduce((n, r) => n + r.amount, 0);
    const khr = rows.filter((r) => r.currency === 'KHR').reduce((n, r) => n + r.amount, 0);
    const closed = (await close(plain.token, s.id, { counted_usd: '0', counted_khr: '0' })).json().data as CashSessionDetail;
    expect(closed.expected_usd).toBe((usd / 100).toFixed(2));
    expect(closed.expected_khr).toBe(String(khr));
    expect(closed.difference_usd).toBe((-usd / 100).toFixed(2));
  });
});

describe('the session list', () => {
  it('shows a plain cashier its own sessions only, whatever it filters by', async () => {
    const mine = await list(plain.token);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((s) => s.user_id))).toEqual(new Set([plain.userId]));
    expect(await list(plain.token, `&user_id=${plain2.userId}`)).toEqual([]);
    // Newest first.
    const opened = mine.map((s) => s.opened_at);
    expect(opened).toEqual([...opened].sort().reverse());
  });

  it("shows a manager every session of its branch, an owner the shop's, and never another shop's", async () => {
    const all = await list(owner);
    const inBranch = await list(manager);
    expect(new Set(inBranch.map((s) => s.branch_id))).toEqual(new Set([branches[0]]));
    expect(new Set(inBranch.map((s) => s.user_id))).toEqual(new Set([plain.userId, plain2.userId]));
    // A branch user asking for another branch still gets its own.
    expect(await list(manager, `&branch_id=${branches[1]}`)).toEqual(inBranch);
    expect(all.length).toBe(inBranch.length + 1);
    expect((await list(owner, `&branch_id=${branches[1]}`)).map((s) => s.user_id)).toEqual([plainB.userId]);
    expect(await list(other)).toEqual([]);
    for (const token of [other, plain2.token])
      expect((await call(token, 'GET', `${BASE}/${all.find((s) => s.user_id === plain.userId)!.id}`)).statusCode).toBe(404);
  });

  it('filters by status, cashier and shop-local days of opening', async () => {
    const open_ = await open(plain2.token);
    expect(open_.statusCode).toBe(201);
    expect((await list(owner, '&status=open')).map((s) => s.user_id)).toEqual([plain2.userId]);
    expect((await list(owner, '&status=closed')).every((s) => s.status === 'closed' && s.counted_usd !== null)).toBe(true);
    expect(new Set((await list(owner, `&user_id=${plainB.userId}`)).map((s) => s.user_id))).toEqual(new Set([plainB.userId]));
    // 2026-11-21T08:00Z is 15:00 in Phnom Penh; 17:30Z the next morning there (00:30 on the 22nd).
    t.clock.advance(Date.parse('2026-11-21T17:30:00Z') - t.clock.now().getTime());
    await close(plain2.token, (open_.json().data as CashSessionDetail).id, { counted_usd: '20', counted_khr: '40000' });
    const late = (await open(plain2.token)).json().data as CashSessionDetail;
    expect((await list(owner, '&from=2026-11-22&to=2026-11-22')).map((s) => s.id)).toEqual([late.id]);
    expect((await list(owner, '&to=2026-11-21')).map((s) => s.id)).not.toContain(late.id);
    expect((await list(owner, '&from=2026-11-21&to=2026-11-21')).length).toBe((await list(owner)).length - 1);
    const bad = await call(owner, 'GET', `${BASE}?status=active&from=yesterday`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers the list columns: open cash in, sale cash and total cash per currency', async () => {
    const rows = await list(owner, '&status=closed');
    const withSales = rows.find((s) => s.sales_usd === '15.00')!;
    expect(withSales).toMatchObject({
      opening_usd: '50.00',
      opening_khr: '100000',
      sales_khr: '3100',
      expected_usd: '59.00',
      expected_khr: '103100',
    });
  });

  it('offers the branches and cashiers of the caller’s scope', async () => {
    const mine = (await call(plain.token, 'GET', `${BASE}/options`)).json();
    expect(mine.branches.map((b: { id: string }) => b.id)).toEqual([branches[0]]);
    expect(mine.cashiers.map((c: { id: string }) => c.id)).toEqual([plain.userId]);
    const all = (await call(owner, 'GET', `${BASE}/options`)).json();
    expect(all.branches.length).toBe(2);
    expect(new Set(all.cashiers.map((c: { id: string }) => c.id))).toEqual(new Set([plain.userId, plain2.userId, plainB.userId]));
  });
});
