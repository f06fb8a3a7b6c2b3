import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addShopUser, createShop, ownerRoleId } from '../../../test/factories';
import { loginAs } from '../../../test/harness';
import { call, en, openCashSession, saleCounts, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

let w: SaleWorld;
let main: string;
let second: string;
/** A shop-level user of the Owner role with no cash session of its own (yet). */
let manager: { token: string; userId: string };

const line = (i: number, quantity: string) => ({ product_id: w.items[i]!, quantity });
const cashUsd = (amount: string) => ({ payment_method_id: w.cash, currency: 'USD', amount });
const preview = (token: string, body: object) => call(w.t.app, token, 'POST', '/api/v1/sale-returns/preview', body);
const post = (token: string, body: object) => call(w.t.app, token, 'POST', '/api/v1/sale-returns', body);
/** What the counters of the return series hold: a preview must not take a number. */
const numbers = () => w.t.deps.db.selectFrom('tenant_counters').selectAll().where('business_id', '=', w.biz).orderBy('name').execute();

beforeAll(async () => {
  w = await saleWorld();
  main = w.branches[0]!.id;
  second = w.branches[1]!.id;
  for (const item of w.items) await stockUp(w, item, main, '100');
  await openCashSession(w, w.ownerId, main);
  const added = await addShopUser(w.t.deps, { businessId: w.biz, roleId: await ownerRoleId(w.t.deps, w.biz), branchId: null });
  manager = { token: await loginAs(w.t.app, added.login), userId: added.userId };
});
afterAll(() => w.t.close());

describe('POST /api/v1/sale-returns/preview', () => {
  it('answers the refund the return would give, exactly as saving it does, and saves nothing', async () => {
    const sold = await sell(w.t.app, w.owner, { customer_id: w.customer, lines: [line(0, '3')], payments: [cashUsd('10')] });
    expect(sold.statusCode).toBe(201);
    const sale = sold.json().data;
    const body = {
      sale_id: sale.id,
      refund_method: 'cash',
      refund_currency: 'KHR',
      lines: [{ sale_line_id: sale.lines[0].id, quantity: '2' }],
    };
    const [counts, series] = [await saleCounts(w), await numbers()];
    const seen = await preview(w.owner, body);
    expect(seen.statusCode).toBe(200);
    // Two of three at 2.75 with VAT: 5.50, refunded as 22,550 riel at the sale's 4,100, to the 100-riel note.
    expect(seen.json()).toMatchObject({
      currency: 'USD',
      total: '5.50',
      settled_amount: '0.00',
      refund_value: '5.50',
      refund_method: 'cash',
      refund_currency: 'KHR',
      refund_amount: '22600',
      lines: [{ sale_line_id: sale.lines[0].id, quantity: '2', amount: '5.50' }],
      refund_session: { branch_id: main, branch_name: w.branches[0]!.name },
      refund_problem: null,
    });
    expect([await saleCounts(w), await numbers()]).toEqual([counts, series]);
    // Dollars instead: the same value, in the sale's currency.
    expect((await preview(w.owner, { ...body, refund_currency: 'USD' })).json()).toMatchObject({ refund_amount: '5.50' });

    const saved = await post(w.owner, body);
    expect(saved.statusCode).toBe(201);
    const { total, settled_amount, refund_currency, refund_amount } = saved.json().data;
    expect({ total, settled_amount, refund_currency, refund_amount }).toEqual({
      total: seen.json().total,
      settled_amount: seen.json().settled_amount,
      refund_currency: seen.json().refund_currency,
      refund_amount: seen.json().refund_amount,
    });
    // What is left of the line: one, and a preview of two more is refused as the return would be.
    const over = await preview(w.owner, body);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('You cannot return more than was sold minus what was already returned');
  });

  it('first settles what the customer still owes on an invoice, then refunds only what was paid', async () => {
    const invoice = await sell(
      w.t.app,
      w.owner,
      {
        document: 'invoice',
        sale_type: 'general',
        branch_id: main,
        customer_id: w.customer,
        lines: [line(2, '2')],
        payments: [{ payment_method_id: w.bank, currency: 'USD', amount: '5' }],
      },
      null,
    );
    expect(invoice.statusCode).toBe(201);
    const sale = invoice.json().data;
    expect(sale.grand_total).toBe('8.80');
    // One of two (4.40) against 3.80 still owed: 3.80 settles the debt, 0.60 of what was paid comes back.
    const body = { sale_id: sale.id, refund_method: 'balance', lines: [{ sale_line_id: sale.lines[0].id, quantity: '1' }] };
    const seen = await preview(w.owner, body);
    expect(seen.json()).toMatchObject({
      total: '4.40',
      settled_amount: '3.80',
      refund_value: '0.60',
      refund_currency: 'USD',
      refund_amount: '0.60',
      refund_session: null,
      refund_problem: null,
    });
    const saved = await post(w.owner, body);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({ total: '4.40', settled_amount: '3.80', refund_amount: '0.60' });
  });

  it('says, beside the figures, when the caller has no session at the sale’s branch; saving then refuses the same', async () => {
    const sold = await sell(w.t.app, w.owner, { lines: [line(1, '2')], payments: [cashUsd('5')] });
    const sale = sold.json().data;
    const body = {
      sale_id: sale.id,
      refund_method: 'cash',
      refund_currency: 'USD',
      lines: [{ sale_line_id: sale.lines[0].id, quantity: '1' }],
    };
    const noSession = "Open a cash session at the branch that made the sale to refund in cash, or refund to the customer's balance";
    const counts = await saleCounts(w);
    const none = await preview(manager.token, body);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ total: '1.93', refund_amount: '1.93', refund_session: null, refund_problem: noSession });
    const refused = await post(manager.token, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(noSession);

    // A session at the other branch is named, and refused as the save refuses it.
    await openCashSession(w, manager.userId, second);
    const elsewhere = await preview(manager.token, body);
    expect(elsewhere.json()).toMatchObject({
      refund_session: { branch_id: second, branch_name: w.branches[1]!.name },
      refund_problem: "Refund cash from a drawer of the branch that made the sale, or refund to the customer's balance",
    });
    expect((await post(manager.token, body)).json().message).toBe(elsewhere.json().refund_problem);
    const opened = 2; // the session's opening entries, dollars and riel
    // To the balance needs no drawer (the walk-in customer has none: refused as the save refuses it).
    const balance = await preview(manager.token, { ...body, refund_method: 'balance' });
    expect(balance.statusCode).toBe(422);
    expect(balance.json().message).toBe((await post(manager.token, { ...body, refund_method: 'balance' })).json().message);
    expect(await saleCounts(w)).toEqual({ ...counts, cash_session_entries: counts.cash_session_entries + opened });
  });

  it('reprints a return receipt with the return’s detail, written to the audit log; another shop’s is not found', async () => {
    const sold = await sell(w.t.app, w.owner, { lines: [line(0, '1')], payments: [cashUsd('5')] });
    const saved = await post(w.owner, {
      sale_id: sold.json().data.id,
      refund_method: 'cash',
      lines: [{ sale_line_id: sold.json().data.lines[0].id, quantity: '1' }],
    });
    const id = saved.json().data.id as string;
    const again = await call(w.t.app, w.owner, 'POST', `/api/v1/sale-returns/${id}/reprint`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual((await call(w.t.app, w.owner, 'GET', `/api/v1/sale-returns/${id}`)).json());
    const logged = await w.t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('business_id', '=', w.biz)
      .where('entity_id', '=', id)
      .execute();
    expect(logged).toEqual(expect.arrayContaining([{ action: 'reprint', user_id: w.ownerId }]));
    const other = await createShop(w.t.deps);
    expect((await call(w.t.app, await loginAs(w.t.app, other.login), 'POST', `/api/v1/sale-returns/${id}/reprint`)).statusCode).toBe(404);
  });

  it('answers 401, 403, 400, and another shop’s sale as unknown, in the caller’s language', async () => {
    const sold = await sell(w.t.app, w.owner, { lines: [line(1, '1')], payments: [cashUsd('5')] });
    const body = {
      sale_id: sold.json().data.id,
      refund_method: 'cash',
      lines: [{ sale_line_id: sold.json().data.lines[0].id, quantity: '1' }],
    };
    expect((await w.t.app.inject({ method: 'POST', url: '/api/v1/sale-returns/preview', headers: en, payload: body })).statusCode).toBe(
      401,
    );
    const clerkRole = await addRole(w.t.deps, w.biz, 'Stock clerk', ['stock-listing']);
    const clerk = await loginAs(w.t.app, (await addShopUser(w.t.deps, { businessId: w.biz, roleId: clerkRole, branchId: null })).login);
    expect((await preview(clerk, body)).statusCode).toBe(403);
    const bad = await preview(w.owner, { ...body, lines: [{ sale_line_id: body.lines[0]!.sale_line_id, quantity: 'two' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['lines.0.quantity']).toBeTruthy();
    const other = await createShop(w.t.deps);
    const theirs = await preview(await loginAs(w.t.app, other.login), body);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().message).toBe('Choose a sale of your shop');
  });
});
