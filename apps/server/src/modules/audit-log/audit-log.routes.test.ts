import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from '@posauto/shared/schemas/audit-log';
import { newId } from '../../lib/ids';
import { writeAudit } from '../../kernel/audit';
import { addShopUser, createShop } from '../../../test/factories';
import { bearer, CASHIER, loginAs } from '../../../test/harness';
import { call, en, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

const BASE = '/api/v1/audit-log';
const HOUR = 60 * 60 * 1000;

let w: SaleWorld;
let main: string;
let second: string;
/** What the test did through the API, to be found in the log. */
let voided: { id: string; number: string };
let reprinted: { id: string; number: string };
let returned: { id: string; number: string };
let cashierSession: { id: string; number: string; difference: string };
let exactSession: string;
let laterReprint: string;

const entries = async (token: string, query = '') => {
  const res = await call(w.t.app, token, 'GET', `${BASE}?per_page=all${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditEntry[];
};
/** An entry of that branch: its own, or a transfer into it (shown "From → To"). */
const ofBranch = (e: AuditEntry, branch: { id: string; name: string }) =>
  e.branch_id === branch.id || (e.entity === 'stock_transfer' && e.branch_name?.endsWith(`→ ${branch.name}`) === true);
const cashUsd = (amount: string) => ({ payment_method_id: w.cash, currency: 'USD', amount });
async function sale(token: string): Promise<{ id: string; number: string; line: string }> {
  const res = await sell(w.t.app, token, { lines: [{ product_id: w.items[0]!, quantity: '1' }], payments: [cashUsd('5')] });
  expect(res.statusCode, res.body).toBe(201);
  const s = res.json().data;
  return { id: s.id, number: s.invoice_number, line: s.lines[0].id };
}

beforeAll(async () => {
  w = await saleWorld();
  main = w.branches[0]!.id;
  second = w.branches[1]!.id;
  await stockUp(w, w.items[0]!, main, '50');
  await stockUp(w, w.items[0]!, second, '50');

  // The cashier's day at the first branch, all through the API: open, sell, void, reprint, take back, cash out, close short.
  const opened = await call(w.t.app, w.cashier, 'POST', '/api/v1/cash-sessions/open', { opening_usd: '20', opening_khr: '40000' });
  expect(opened.statusCode, opened.body).toBe(201);
  cashierSession = { id: opened.json().data.id, number: opened.json().data.session_number, difference: '' };
  const first = await sale(w.cashier);
  expect((await call(w.t.app, w.cashier, 'POST', `/api/v1/sales/${first.id}/void`, {})).statusCode).toBe(200);
  voided = first;
  reprinted = await sale(w.cashier);
  expect((await call(w.t.app, w.cashier, 'POST', `/api/v1/sales/${reprinted.id}/reprint`)).statusCode).toBe(200);
  const third = await sale(w.cashier);
  const ret = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', {
    sale_id: third.id,
    refund_method: 'cash',
    refund_currency: 'USD',
    lines: [{ sale_line_id: third.line, quantity: '1' }],
  });
  expect(ret.statusCode, ret.body).toBe(201);
  returned = { id: ret.json().data.id, number: ret.json().data.return_number };
  const out = await call(w.t.app, w.cashier, 'POST', `/api/v1/cash-sessions/${cashierSession.id}/cash-movements`, {
    type: 'out',
    currency: 'USD',
    amount: '5',
    reason: 'Ice delivery',
  });
  expect(out.statusCode, out.body).toBe(201);
  const short = await call(w.t.app, w.cashier, 'POST', `/api/v1/cash-sessions/${cashierSession.id}/close`, {
    counted_usd: '1',
    counted_khr: '40000',
  });
  expect(short.statusCode, short.body).toBe(200);
  // The difference per currency as the session report gives it, signed, zero left out.
  const diff = short.json().data as { difference_usd: string; difference_khr: string };
  cashierSession.difference = [
    [diff.difference_usd, 'USD'],
    [diff.difference_khr, 'KHR'],
  ]
    .filter(([v]) => /[1-9]/.test(v!))
    .map(([v, c]) => `${v!.startsWith('-') ? v : `+${v}`} ${c}`)
    .join(', ');

  // The owner's drawer at the second branch, closed exactly as expected: a close, but not one with a difference.
  const own = await call(w.t.app, w.owner, 'POST', '/api/v1/cash-sessions/open', {
    branch_id: second,
    opening_usd: '10',
    opening_khr: '0',
  });
  expect(own.statusCode, own.body).toBe(201);
  exactSession = own.json().data.id;
  const exact = await call(w.t.app, w.owner, 'POST', `/api/v1/cash-sessions/${exactSession}/close`, {
    counted_usd: '10',
    counted_khr: '0',
  });
  expect(exact.statusCode, exact.body).toBe(200);

  // Ten hours later, past midnight in Phnom Penh (01:00 on 2026-11-22), the owner reprints the same receipt.
  w.t.clock.advance(10 * HOUR);
  expect((await call(w.t.app, w.owner, 'POST', `/api/v1/sales/${reprinted.id}/reprint`)).statusCode).toBe(200);
  laterReprint = reprinted.id;
});
afterAll(() => w.t.close());

describe('audit log access', () => {
  const paths = [BASE, `${BASE}/export?format=csv`, `${BASE}/options`];

  it('answers 401 without a session', async () => {
    for (const url of paths) expect((await w.t.app.inject({ method: 'GET', url, headers: en })).statusCode, url).toBe(401);
  });

  it('answers 403 to the demo cashier and to a preset Manager, who are among those it watches', async () => {
    const managerRole = await w.t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', w.biz)
      .where('name', '=', 'Manager')
      .executeTakeFirstOrThrow();
    const manager = await addShopUser(w.t.deps, { businessId: w.biz, roleId: managerRole.id, branchId: null });
    const managerToken = await loginAs(w.t.app, manager.login);
    for (const token of [w.cashier, managerToken])
      for (const url of paths) expect((await call(w.t.app, token, 'GET', url)).statusCode, url).toBe(403);
  });

  it('refuses a kind it does not know and a period that ends before it starts, with translated messages', async () => {
    const kind = await call(w.t.app, w.owner, 'GET', `${BASE}?kind=everything`);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors.kind).toBe('Choose a kind from the list');
    const period = await call(w.t.app, w.owner, 'GET', `${BASE}?from=2026-11-22&to=2026-11-21`);
    expect(period.statusCode).toBe(400);
    expect(period.json().errors.to).toBe('The end date is before the start date');
    expect((await call(w.t.app, w.owner, 'GET', `${BASE}/export?format=pdf`)).statusCode).toBe(400);
  });
});

describe('the list', () => {
  it('lists newest first, each entry with its user, labels, document and branch', async () => {
    const all = await entries(w.owner);
    const times = all.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const v = all.find((e) => e.action === 'void' && e.entity_id === voided.id)!;
    expect(v).toMatchObject({
      user_id: w.cashierId,
      user_name: 'Dara Kim',
      action_label: 'Voided',
      entity: 'sale',
      entity_label: 'Sale',
      kind: 'voids',
      document_number: voided.number,
      link: `/sales-listing/create-sale/${voided.id}`,
      link_route: 'edit-sale',
      branch_id: main,
      branch_name: w.branches[0]!.name,
    });
    // Pages: the same entries, ten at a time, counted.
    const page = await call(w.t.app, w.owner, 'GET', `${BASE}?per_page=10&page=2`);
    expect(page.json().meta).toMatchObject({ page: 2, per_page: '10', total: all.length });
    expect(page.json().data.map((e: AuditEntry) => e.id)).toEqual(all.slice(10, 20).map((e) => e.id));
  });

  it('finds each action made through the API under its kind, and only entries of that kind there', async () => {
    const expected: Array<[AuditKind, (e: AuditEntry) => boolean]> = [
      ['voids', (e) => e.action === 'void' && e.entity_id === voided.id],
      [
        'returns',
        (e) =>
          e.entity === 'sale_return' &&
          e.entity_id === returned.id &&
          e.document_number === returned.number &&
          // One 2.50 item with 10% VAT, refunded in cash dollars: the amounts read as money, not minor units.
          e.summary.includes('Refunded: 2.75 USD'),
      ],
      ['reprints', (e) => e.action === 'reprint' && e.entity_id === reprinted.id && e.user_id === w.cashierId],
      [
        'cash_moves',
        (e) => e.action === 'cash_out' && e.entity_id === cashierSession.id && e.summary === 'Amount: 5.00 USD · Reason: Ice delivery',
      ],
      [
        'close_differences',
        (e) =>
          e.action === 'close' &&
          e.entity_id === cashierSession.id &&
          e.summary.endsWith(`Counted: 1.00 USD, 40000 KHR · Difference: ${cashierSession.difference}`) &&
          cashierSession.difference.startsWith('-'),
      ],
      ['sign_ins', (e) => e.action === 'login' && e.user_id === w.cashierId && e.branch_id === main],
      ['other', (e) => e.action === 'close' && e.entity_id === exactSession],
    ];
    for (const [kind, isIt] of expected) {
      const found = await entries(w.owner, `&kind=${kind}`);
      expect(found.some(isIt), kind).toBe(true);
      expect(
        found.every((e) => e.kind === kind),
        kind,
      ).toBe(true);
    }
    // The exact close is no difference; every kind together is the whole log, each entry once.
    expect((await entries(w.owner, '&kind=close_differences')).some((e) => e.entity_id === exactSession)).toBe(false);
    let sum = 0;
    for (const kind of AUDIT_KINDS) sum += (await entries(w.owner, `&kind=${kind}`)).length;
    expect(sum).toBe((await entries(w.owner)).length);
  });

  it('links each document to its screen', async () => {
    const all = await entries(w.owner);
    const of = (pred: (e: AuditEntry) => boolean) => all.find(pred)!;
    expect(of((e) => e.entity === 'sale_return')).toMatchObject({ link: `/sale-return-listing?return=${returned.id}` });
    expect(of((e) => e.action === 'cash_out')).toMatchObject({
      document_number: cashierSession.number,
      link: `/open-cash-listing?search=${cashierSession.number}`,
      link_route: 'open-cash-listing',
    });
    expect(of((e) => e.entity === 'stock_adjustment')).toMatchObject({
      link: expect.stringMatching(/^\/stock-adjustment-listing\/listing\/[0-9a-f-]{36}$/),
      document_number: expect.stringMatching(/^[A-Z]+-\d+$/),
    });
    // A sign-in is no document.
    expect(of((e) => e.action === 'login')).toMatchObject({ link: null, link_route: null, document_number: null });
  });

  it('filters by user, branch, shop-local days and search', async () => {
    const cashier = await entries(w.owner, `&user_id=${w.cashierId}`);
    expect(cashier.length).toBeGreaterThan(5);
    expect(cashier.every((e) => e.user_id === w.cashierId)).toBe(true);

    const atSecond = await entries(w.owner, `&branch_id=${second}`);
    expect(atSecond.some((e) => e.entity_id === exactSession)).toBe(true);
    expect(atSecond.filter((e) => !ofBranch(e, w.branches[1]!))).toEqual([]);
    // The demo's transfers from the first branch to the second show both, under the sender.
    expect(atSecond.find((e) => e.entity === 'stock_transfer')).toMatchObject({
      branch_id: main,
      branch_name: `${w.branches[0]!.name} → ${w.branches[1]!.name}`,
    });

    // The cashier's day was 2026-11-21 in Phnom Penh (15:00); the later reprint the 22nd.
    const later = await entries(w.owner, '&from=2026-11-22&kind=reprints');
    expect(later.map((e) => [e.action, e.entity_id])).toEqual([['reprint', laterReprint]]);
    const before = await entries(w.owner, '&from=2026-11-20&to=2026-11-21');
    expect(before.some((e) => e.entity_id === voided.id)).toBe(true);
    expect(before.some((e) => e.created_at === later[0]!.created_at)).toBe(false);

    const searched = await entries(w.owner, `&search=${encodeURIComponent(voided.number)}`);
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((e) => e.document_number === voided.number)).toBe(true);
    expect((await entries(w.owner, '&search=Ice%20delivery')).map((e) => e.action)).toEqual(['cash_out']);
  });

  it('shows an action it has no label for as written, and a known new one with its label and details', async () => {
    const at = w.t.clock.now().toISOString();
    const ctx = { businessId: w.biz, userId: w.ownerId, ip: '10.0.0.7', at };
    // What the till's discount approvals and future modules write (modules/audit is the one writer).
    await w.t.deps.db.transaction().execute(async (trx) => {
      await writeAudit(trx, {
        ...ctx,
        action: 'discount_approved',
        entity: 'sale',
        entityId: reprinted.id,
        // A sale's discount in hundredths of a percent, as the sale writes it.
        detail: { approved_by: w.ownerId, approver_name: 'Sophea Chan', discount_percent: 1500 },
      });
      await writeAudit(trx, {
        ...ctx,
        action: 'price_edit',
        entity: 'sale',
        entityId: reprinted.id,
        detail: { invoice_number: reprinted.number, lines: [{ product_name: 'Iced latte', catalogue_price: 350, price: 300 }] },
      });
      await writeAudit(trx, { ...ctx, action: 'mystery_check', entity: 'gadget', entityId: newId(), detail: { level: 3 } });
    });
    const discount = (await entries(w.owner, '&kind=discounts')).find((e) => e.entity_id === reprinted.id)!;
    expect(discount).toMatchObject({
      action_label: 'Discount approved',
      summary: 'Approved by: Sophea Chan · Discount (%): 15.00',
      ip: '10.0.0.7',
      document_number: reprinted.number,
    });
    // A list of records, each with its money in the sale's currency.
    const edit = (await entries(w.owner, '&kind=price_edits')).find((e) => e.entity_id === reprinted.id)!;
    expect(edit).toMatchObject({
      action_label: 'Price edited',
      summary: 'Lines: (Product Iced latte, Catalogue price 3.50 USD, Price 3.00 USD)',
    });
    const mystery = (await entries(w.owner, '&kind=other')).find((e) => e.action === 'mystery_check')!;
    expect(mystery).toMatchObject({ action_label: 'mystery_check', entity_label: 'gadget', summary: 'level: 3', link: null });
    // In Khmer, the same entry speaks Khmer.
    const km = await w.t.app.inject({
      method: 'GET',
      url: `${BASE}?kind=discounts`,
      headers: { ...bearer(w.owner), 'accept-language': 'km' },
    });
    expect(km.json().data[0].action_label).toBe('បានអនុម័តការបញ្ចុះតម្លៃ');
    // Right to left, each value is isolated, so an amount keeps its number beside its currency.
    const ar = await w.t.app.inject({
      method: 'GET',
      url: `${BASE}?kind=cash_moves`,
      headers: { ...bearer(w.owner), 'accept-language': 'ar' },
    });
    expect(ar.json().data[0].summary).toBe('المبلغ: \u20685.00 USD\u2069 · السبب: \u2068Ice delivery\u2069');
  });
});

describe('tenant and branch isolation', () => {
  it("never shows another shop's entries, whatever the filters name", async () => {
    const other = await createShop(w.t.deps);
    const otherToken = await loginAs(w.t.app, other.login);
    const theirs = await entries(otherToken);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.user_id === other.ownerId)).toBe(true);
    const ours = await entries(w.owner);
    const ourIds = new Set(ours.map((e) => e.id));
    expect(theirs.some((e) => ourIds.has(e.id))).toBe(false);
    expect(ours.some((e) => e.user_id === other.ownerId)).toBe(false);
    // Their user and branch as our filters: nothing, not their entries.
    expect(await entries(w.owner, `&user_id=${other.ownerId}`)).toEqual([]);
    expect(await entries(w.owner, `&branch_id=${other.branchIds[0]}`)).toEqual([]);
    const options = (await call(w.t.app, w.owner, 'GET', `${BASE}/options`)).json();
    expect(options.users.map((u: { id: string }) => u.id)).not.toContain(other.ownerId);
    expect(options.branches.map((b: { id: string }) => b.id).sort()).toEqual([main, second].sort());
  });

  it('shows a branch user its own branch only, never entries of no branch, whatever branch it asks for', async () => {
    const ownerRole = await w.t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', w.biz)
      .where('name', '=', 'Owner')
      .executeTakeFirstOrThrow();
    const branchOwner = await addShopUser(w.t.deps, { businessId: w.biz, roleId: ownerRole.id, branchId: second });
    const token = await loginAs(w.t.app, branchOwner.login);
    for (const query of ['', `&branch_id=${main}`]) {
      const seen = await entries(token, query);
      expect(
        seen.some((e) => e.entity_id === exactSession),
        query,
      ).toBe(true);
      expect(
        seen.some((e) => e.action === 'login' && e.user_id === branchOwner.userId),
        query,
      ).toBe(true);
      expect(
        seen.filter((e) => !ofBranch(e, w.branches[1]!)),
        query,
      ).toEqual([]);
    }
    // The shop sees that a product, a role... changed; the branch does not (those entries have no branch).
    expect((await entries(w.owner)).some((e) => e.branch_id === null)).toBe(true);
    const options = (await call(w.t.app, token, 'GET', `${BASE}/options`)).json();
    expect(options.branches.map((b: { id: string }) => b.id)).toEqual([second]);
    expect(options.users.map((u: { id: string }) => u.id)).not.toContain(w.cashierId);
    expect(options.users.map((u: { id: string }) => u.id)).toContain(w.ownerId);
    // Its export is the same: the cashier's void at the other branch is not in it.
    const csv = await call(w.t.app, token, 'GET', `${BASE}/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(voided.number);
  });
});

describe('the export', () => {
  it('has the list’s columns in the caller’s language and the same rows, as CSV or XLSX', async () => {
    const voids = await entries(w.owner, '&kind=voids');
    const csv = await call(w.t.app, w.owner, 'GET', `${BASE}/export?format=csv&kind=voids`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFTime,User,Action,Record,Document,Kind,Branch,Details,IP address');
    expect(lines).toHaveLength(voids.length + 1);
    // The time on the shop's clock (Phnom Penh, UTC+7), the labels as on the screen.
    expect(lines.some((l) => l.startsWith('2026-11-21 15:00:00,Dara Kim,Voided,Sale,') && l.includes(voided.number))).toBe(true);
    const xlsx = await call(w.t.app, w.owner, 'GET', `${BASE}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('who holds the permission', () => {
  it('is given to the preset Owner role only', async () => {
    const roles = await w.t.deps.db.selectFrom('roles').select(['name', 'permissions']).where('business_id', '=', w.biz).execute();
    const holds = (name: string) => (JSON.parse(roles.find((r) => r.name === name)!.permissions) as string[]).includes('audit-log');
    expect([holds('Owner'), holds('Manager'), holds('Cashier')]).toEqual([true, false, false]);
    const me = async (token: string) => (await call(w.t.app, token, 'GET', '/api/v1/me')).json().permissions as string[];
    expect(await me(w.owner)).toContain('audit-log');
    expect(await me(await loginAs(w.t.app, CASHIER))).not.toContain('audit-log');
  });
});
