import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Expense, ExpenseListResponse, ExpenseOptions } from '@posauto/shared/schemas/expenses';
import { addBranchOwner, createShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { MISSING_ID } from '../../../test/setting-list-routes';

const BASE = '/api/v1/expenses';
/** A multipart/form-data body with one file part. */
function multipartBody(bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----posauto${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('expense routes', () => {
  let t: TestContext;
  let owner: string;
  let cashier: string;
  let other: string;
  let branchUser: string;
  let opts: ExpenseOptions;
  let foreign: { category: string; branch: string; method: string };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { ...(token === null ? {} : bearer(token)), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (query = '', token = owner) =>
    (await call('GET', `${BASE}?per_page=all${query}`, token)).json() as ExpenseListResponse;
  const upload = (token: string, bytes: Buffer, name = 'receipt.pdf', type = 'application/pdf') => {
    const body = multipartBody(bytes, name, type);
    return t.app.inject({
      method: 'POST',
      url: `${BASE}/attachments`,
      headers: { ...bearer(token), ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
  };
  const category = (name: string) => opts.categories.find((c) => c.name === name)!.id;
  const refused = (res: LightMyRequestResponse, status: number, field: string, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message, errors: { [field]: message } });
  };

  beforeAll(async () => {
    t = await createTestApp({ demoSales: true });
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
    const shop = await createShop(t.deps, { shopName: 'Rival Tea House' });
    other = await loginAs(t.app, shop.login);
    branchUser = await loginAs(t.app, (await addBranchOwner(t.deps, CASHIER.email)).login);
    opts = (await call('GET', `${BASE}/options`, owner)).json();
    const cat = (await call('POST', '/api/v1/expense-categories', other, { name: 'Rent' })).json().data;
    const method = (await call('POST', '/api/v1/payment-methods', other, { name: 'Cash', type: 'cash' })).json().data;
    foreign = { category: cat.id, branch: shop.branchIds[0]!, method: method.id };
  });
  afterAll(() => t.close());

  it('answers 401 without a token and 403 to the demo cashier', async () => {
    expect((await call('GET', BASE, null)).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/options`],
      ['GET', `${BASE}/export?format=csv`],
      ['POST', BASE],
      ['DELETE', `${BASE}/${MISSING_ID}`],
    ] as const) {
      const res = await call(method, url, cashier, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists the demo expenses of both branches with the totals of every filtered row', async () => {
    const all = await list();
    expect(all.data.length).toBeGreaterThan(30);
    expect(new Set(all.data.map((e) => e.branch_id)).size).toBe(2);
    expect(all.data.some((e) => e.currency === 'KHR')).toBe(true);
    expect(all.data.some((e) => e.payment_method_id !== null)).toBe(true);
    // Newest first, and the totals are of every row, not of the page.
    expect(all.data[0]!.expense_date >= all.data[all.data.length - 1]!.expense_date).toBe(true);
    const page = (await call('GET', `${BASE}?per_page=10`, owner)).json() as ExpenseListResponse;
    expect(page.data).toHaveLength(10);
    expect(page.totals).toEqual(all.totals);
    const cents = all.data.reduce((s, e) => s + Math.round(Number(e.amount) * 100), 0);
    expect(all.totals).toMatchObject({ count: all.data.length, currency: 'USD', amount: (cents / 100).toFixed(2), exchange_rate: '4100' });
    expect(all.totals.amount_riel).toBe(String(cents * 41));

    const rent = await list(`&category_id=${category('Rent')}`);
    expect(rent.data.every((e) => e.category_name === 'Rent')).toBe(true);
    expect(rent.totals.count).toBe(rent.data.length);
    const month = await list(`&from=${opts.today.slice(0, 8)}01&to=${opts.today}`);
    expect(month.data.every((e) => e.expense_date >= `${opts.today.slice(0, 8)}01` && e.expense_date <= opts.today)).toBe(true);
    const searched = await list('&search=electricity');
    expect(searched.data.length).toBeGreaterThan(0);
    expect(searched.data.every((e) => e.note.includes('electricity'))).toBe(true);
    expect(searched.totals.count).toBe(searched.data.length);
  });

  it('records an expense in riel at the frozen rate, on the shop-local today by default, and keeps that rate when corrected', async () => {
    const cash = opts.payment_methods.find((m) => m.name.toLowerCase().includes('cash'))!.id;
    const res = await call('POST', BASE, owner, {
      category_id: category('Utilities'),
      branch_id: opts.branches[1]!.id,
      currency: 'KHR',
      expend_cost: '41000',
      payment_method_id: cash,
      note: 'Water bill',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as Expense;
    expect(made).toMatchObject({
      expense_date: opts.today,
      currency: 'KHR',
      expend_cost: '41000',
      exchange_rate: '4100',
      amount: '10.00',
      shop_currency: 'USD',
      payment_method_id: cash,
      branch_id: opts.branches[1]!.id,
      category_name: 'Utilities',
    });
    const stored = await t.deps.db.selectFrom('expenses').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect([Number(stored.expend_cost), Number(stored.exchange_rate), Number(stored.amount)]).toEqual([41000, 41_000_000, 1000]);

    // The shop's rate moves; the expense keeps the rate of its day, also when corrected.
    await t.deps.db
      .updateTable('general_settings')
      .set({ exchange_rate: 4000 * 10_000 })
      .execute();
    try {
      const fixed = await call('PUT', `${BASE}/${made.id}`, owner, {
        category_id: category('Utilities'),
        branch_id: opts.branches[1]!.id,
        currency: 'KHR',
        expend_cost: '82000',
        expense_date: '2026-11-20',
        note: 'Water bill (two months)',
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json().data).toMatchObject({
        amount: '20.00',
        exchange_rate: '4100',
        expense_date: '2026-11-20',
        payment_method_id: null,
      });
      const usd = await call('POST', BASE, owner, {
        category_id: category('Utilities'),
        branch_id: opts.branches[0]!.id,
        currency: 'USD',
        expend_cost: '12.345',
      });
      refused(usd, 422, 'expend_cost', 'Too many decimals for this currency');
    } finally {
      await t.deps.db
        .updateTable('general_settings')
        .set({ exchange_rate: 4100 * 10_000 })
        .execute();
    }
  });

  it("refuses another shop's category, branch or payment method, and unknown ones, with a translated message and saves nothing", async () => {
    const before = (await list()).totals.count;
    const good = { category_id: category('Rent'), branch_id: opts.branches[0]!.id, currency: 'USD', expend_cost: '5' };
    refused(
      await call('POST', BASE, owner, { ...good, category_id: foreign.category }),
      422,
      'category_id',
      'Choose an active expense category of your shop',
    );
    refused(
      await call('POST', BASE, owner, { ...good, category_id: MISSING_ID }),
      422,
      'category_id',
      'Choose an active expense category of your shop',
    );
    refused(await call('POST', BASE, owner, { ...good, branch_id: foreign.branch }), 422, 'branch_id', 'Please select branch');
    refused(await call('POST', BASE, owner, { ...good, branch_id: null }), 422, 'branch_id', 'Please select branch');
    refused(
      await call('POST', BASE, owner, { ...good, payment_method_id: foreign.method }),
      422,
      'payment_method_id',
      'Choose an active payment method of your shop',
    );
    const km = await call('POST', BASE, owner, { ...good, category_id: foreign.category }, 'km');
    expect(km.json().message).toBe('សូមជ្រើសរើសប្រភេទចំណាយសកម្មរបស់ហាងអ្នក');
    const bad = await call('POST', BASE, owner, { category_id: '', currency: 'EUR', expend_cost: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      category_id: 'Please select a category',
      currency: 'Choose US dollars or riel',
      expend_cost: 'Enter an amount greater than zero',
    });
    expect((await list()).totals.count).toBe(before);
  });

  it("answers 404 for another shop's expense on every route, and never lists it", async () => {
    const theirs = (
      await call('POST', BASE, other, { category_id: foreign.category, branch_id: foreign.branch, currency: 'USD', expend_cost: '9' })
    ).json().data as Expense;
    const body = { category_id: category('Rent'), branch_id: opts.branches[0]!.id, currency: 'USD', expend_cost: '1' };
    for (const [method, url, payload] of [
      ['GET', `${BASE}/${theirs.id}`],
      ['GET', `${BASE}/${theirs.id}/attachment`],
      ['PUT', `${BASE}/${theirs.id}`, body],
      ['DELETE', `${BASE}/${theirs.id}`],
    ] as const) {
      const res = await call(method, url, owner, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await list()).data.map((e) => e.id)).not.toContain(theirs.id);
    expect((await call('GET', `${BASE}/${theirs.id}`, other)).json()).toEqual(theirs);
  });

  it('shows a branch user its own branch only, and records its expenses there whatever it names', async () => {
    const mine = (await call('GET', `${BASE}/options`, branchUser)).json() as ExpenseOptions;
    expect(mine.branches).toHaveLength(1);
    const own = mine.branches[0]!.id;
    const seen = await list('', branchUser);
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((e) => e.branch_id === own)).toBe(true);
    expect(seen.totals.count).toBe(seen.data.length);
    const elsewhere = opts.branches.find((b) => b.id !== own)!.id;
    expect((await list(`&branch_id=${elsewhere}`, branchUser)).data.every((e) => e.branch_id === own)).toBe(true);
    const made = await call('POST', BASE, branchUser, {
      category_id: category('Maintenance'),
      branch_id: elsewhere,
      currency: 'USD',
      expend_cost: '7.50',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.branch_id).toBe(own);
    const theirs = (await list(`&branch_id=${elsewhere}`)).data[0]!;
    expect((await call('GET', `${BASE}/${theirs.id}`, branchUser)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${theirs.id}`, branchUser)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${theirs.id}`, owner)).statusCode).toBe(200);
  });

  it('takes a photo or a PDF receipt checked by its bytes, once, serves it to who may see the expense, and drops it with the expense', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 200, b: 90 } } })
      .jpeg()
      .toBuffer();
    const img = await upload(owner, photo, 'receipt.jpg', 'image/jpeg');
    expect(img.statusCode, img.body).toBe(201);
    expect(img.json()).toMatchObject({ type: 'image' });
    // The declared type is not trusted: text named .pdf is refused, a PDF named .png is a PDF.
    refused(
      await upload(owner, Buffer.from('not a receipt'), 'fake.pdf'),
      422,
      'file',
      'The receipt must be a photo (PNG, JPEG or WebP) or a PDF',
    );
    const pdf = await upload(owner, PDF, 'receipt.png', 'image/png');
    expect(pdf.json()).toMatchObject({ type: 'pdf', size: PDF.length });
    const tooBig = await upload(owner, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The receipt is larger than 5 MB');

    const body = { category_id: category('Ingredients'), branch_id: opts.branches[0]!.id, currency: 'KHR', expend_cost: '20500' };
    const made = await call('POST', BASE, owner, { ...body, attachment: pdf.json().key });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ attachment: pdf.json().key, attachment_type: 'pdf', amount: '5.00' });
    const id = made.json().data.id as string;
    const file = await call('GET', `${BASE}/${id}/attachment`, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', `${BASE}/${id}/attachment`, other)).statusCode).toBe(404);

    // A key is taken once; another shop cannot take this shop's upload.
    refused(await call('POST', BASE, owner, { ...body, attachment: pdf.json().key }), 422, 'attachment', 'Upload the attachment again');
    const count = (await list()).totals.count;
    refused(
      await call('POST', BASE, other, {
        category_id: foreign.category,
        branch_id: foreign.branch,
        currency: 'USD',
        expend_cost: '1',
        attachment: img.json().key,
      }),
      422,
      'attachment',
      'Upload the attachment again',
    );
    // Replacing the receipt drops the old one; deleting the expense drops its receipt.
    const replaced = await call('PUT', `${BASE}/${id}`, owner, { ...body, attachment: img.json().key });
    expect(replaced.json().data).toMatchObject({ attachment: img.json().key, attachment_type: 'image' });
    const file2 = await call('GET', `${BASE}/${id}/attachment`, owner);
    expect(file2.headers['content-type']).toBe('image/webp');
    const keys = async () => (await t.deps.db.selectFrom('expense_attachments').select('key').execute()).map((r) => r.key);
    expect(await keys()).not.toContain(pdf.json().key);
    expect((await call('DELETE', `${BASE}/${id}`, owner)).json()).toEqual({ message: 'You have successfully deleted' });
    expect(await keys()).not.toContain(img.json().key);
    expect((await list()).totals.count).toBe(count - 1);
  });

  it('exports exactly the filtered rows with a totals row last', async () => {
    const rent = await list(`&category_id=${category('Rent')}`);
    const csv = (await call('GET', `${BASE}/export?format=csv&category_id=${category('Rent')}`, owner)).body.replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Category,Branch,Expense cost,Currency,Exchange rate,Amount (shop currency),Shop currency,Payment method,Note,Recorded by',
    );
    expect(lines).toHaveLength(rent.data.length + 2);
    expect(lines[lines.length - 1]).toBe(`Total,,,,,,${rent.totals.amount},USD,,,`);
    const xlsx = await call('GET', `${BASE}/export?format=xlsx`, owner);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});
