/**
 * The sales measurements of `npm run bench` (scripts/bench.mjs; see bench/README.md): 50 tills (cashiers of the
 * demo shop, each signed in with its own token and its own open cash session) committing five-line paid sales at
 * once, the raw durable transaction doing the same writes that they are compared with, and closing a session that
 * holds 2,000 sales.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { half, newId, openPgPool, openSqlite, placeholders, round2, summary } from './raw-transaction.mjs';

const require = createRequire(import.meta.url);

/** Tills selling at once: one connection, one cashier, one open cash session each. */
export const TILLS = 50;
/** Seeded products the sales rotate over, 5 distinct a sale: 100-199 units each in the branch outlast any run. */
export const SALE_PRODUCTS = 5000;
export const SALE_LINES = 5;
export const CLOSE_SALES = 2000;
/**
 * Each till opens with 20,000,000 riel: every sale gives under a dollar of its change in riel, and the server refuses
 * change in riel the drawer does not hold (issue #20), so a till opened empty would refuse its first sale.
 */
const OPENING_KHR = '20000000';
const CLOSE_CONCURRENCY = 10;
const QTY_SCALE = 1000;
const FACTOR_SCALE = 1_000_000;
const PASSWORD = 'bench-till-1234';
const CREATE_CONCURRENCY = 8; // each user costs an Argon2id hash, each sign-in a verification

/** Runs fn over items with at most `limit` calls in flight; answers the results in order. */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * What the sales need, read through the API as the owner: the first branch, the shop's "Cashier" role, its cash
 * payment method, and the ids of `count` seeded products (SKU BNC-…, stocked in every branch).
 */
export async function salesSetup(api, base, token, count = SALE_PRODUCTS) {
  const branches = await api(base, '/api/v1/branches/options', { token });
  const branch = branches[0];
  const roles = await api(base, '/api/v1/roles?page=1&per_page=100', { token });
  const role = roles.data.find((r) => r.name === 'Cashier');
  const methods = await api(base, '/api/v1/payment-methods?page=1&per_page=100', { token });
  const cash = methods.data.find((m) => m.type === 'cash' && m.status !== false);
  if (!branch || !role || !cash) throw new Error('The demo shop has no branch, no "Cashier" role or no cash payment method');
  const productIds = [];
  for (let page = 1; productIds.length < count; page++) {
    const res = await api(base, `/api/v1/products?per_page=100&page=${page}`, { token });
    for (const r of res.data) if (r.sku_code?.startsWith('BNC-') && r.status !== false && r.status !== 0) productIds.push(r.id);
    if (page >= res.meta.last_page) break;
  }
  if (productIds.length < count) throw new Error(`Only ${productIds.length} seeded products found (${count} wanted)`);
  return { branchId: branch.id, roleId: role.id, cashMethodId: cash.id, productIds: productIds.slice(0, count), next: 0 };
}

/**
 * `n` tills: cashiers created through the API as the owner (the shop's Cashier role, the first branch), each signed
 * in and with its own open cash session. `label` keeps the e-mail addresses of separate calls apart.
 */
export async function createTills(api, base, ownerToken, setup, n, label) {
  const nonce = randomBytes(3).toString('hex');
  return pool(
    Array.from({ length: n }, (_, i) => i),
    CREATE_CONCURRENCY,
    async (i) => {
      const email = `bench-${label}-${nonce}-${i}@posauto.local`;
      const created = await api(base, '/api/v1/users', {
        method: 'POST',
        token: ownerToken,
        body: {
          first_name: 'Till',
          last_name: `${label} ${i + 1}`,
          email,
          role_id: setup.roleId,
          branch_id: setup.branchId,
          status: true,
          password: PASSWORD,
          confirm_password: PASSWORD,
        },
      });
      const login = await api(base, '/api/v1/login', { method: 'POST', body: { email, password: PASSWORD } });
      const token = login.access_token;
      const open = await api(base, '/api/v1/cash-sessions/open', {
        method: 'POST',
        token,
        body: { branch_id: setup.branchId, opening_usd: '0', opening_khr: OPENING_KHR, note: '' },
      });
      return { email, userId: created.data?.id ?? open.data.user_id, token, sessionId: open.data.id, userData: JSON.stringify(login) };
    },
  );
}

/** The body of a five-line till sale on the next 5 products of the rotation, paid with $1,000 in cash. */
export function saleBody(setup) {
  const ids = setup.productIds;
  const k = setup.next++;
  const lines = [];
  for (let j = 0; j < SALE_LINES; j++) lines.push({ product_id: ids[(k * SALE_LINES + j) % ids.length], quantity: '1' });
  return JSON.stringify({ lines, payments: [{ payment_method_id: setup.cashMethodId, currency: 'USD', amount: '1000' }] });
}

/**
 * Autocannon `requests` for the sales: each connection takes the next till on its first request and keeps it (its
 * token), with a new Idempotency-Key a request. Autocannon clears a connection's context each time it has gone
 * through the whole list, so the list is one request repeated more often than one connection sends in a run (a till
 * sells a few a second here). Not far more: autocannon deep-copies its options, the list with them, for each of the
 * 50 connections as it opens them, and a list of 200,000 kept the load generator busy for 20 s at the start of every
 * run, while the first sale of each connection waited: that wait was the sale's p99 of 8 s (issue #22, item 8).
 */
export const REQUESTS_PER_CONNECTION = 1000;
export function saleRequests(setup, tills) {
  let nextTill = 0;
  const req = {
    method: 'POST',
    path: '/api/v1/sales',
    setupRequest: (r, context) => {
      context.till ??= tills[nextTill++ % tills.length];
      return {
        ...r,
        headers: {
          authorization: `Bearer ${context.till.token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: saleBody(setup),
      };
    },
  };
  return new Array(REQUESTS_PER_CONNECTION).fill(req);
}

// ---------------------------------------------------------------- raw transaction

/**
 * The writes of one five-line till sale paid in cash with change, as plain statements in the order commitSale
 * (apps/server/src/modules/sales/sale-commit.ts) ran them when issue #22 set the sale targets, kept so as the fixed
 * yardstick (the server now locks and writes a sale's levels in one statement each, and on PostgreSQL sends the rows
 * after the number as one statement: db/write-batch.ts): the session row locked, per line (in product order) the level read
 * for update and written, the movements in one statement, the batches read, then the invoice number (counter upsert,
 * its row locked to the end: taken last, as the server does), the sale with its frozen cost, its lines in one
 * statement with theirs, the payment, the drawer's entries (cash in, change in dollars and in riel) in one statement
 * and the audit line. Only the writes and the reads they depend on: the server's own checks (settings, branch,
 * customer, products, payment method) are not repeated. Placeholders `?` (SQLite) or `$n` (PostgreSQL).
 */
function statements(kind) {
  const p = placeholders(kind);
  const lock = kind === 'postgres' ? ' FOR UPDATE' : '';
  const movementRow = `(?, ?, ?, ?, '', 'sale_out', ${-QTY_SCALE}, NULL, ${FACTOR_SCALE}, ${QTY_SCALE}, ?, ?, ?, 'sale', ?, ?, ?, ?)`;
  const lineRow = `(?, ?, ?, ?, ?, '', ?, NULL, ${FACTOR_SCALE}, ${QTY_SCALE}, ?, NULL, 0, ?, 0, 0, ?, 0, ?)`;
  const entryRow = `(?, ?, ?, ?, ?, ?, ?, NULL, '', ?, ?)`;
  return {
    session: p(`SELECT id, branch_id FROM cash_sessions WHERE business_id = ? AND user_id = ? AND status = 'open'${lock}`),
    number: p(`INSERT INTO tenant_counters (business_id, name, value) VALUES (?, ?, 1)
      ON CONFLICT (business_id, name) DO UPDATE SET value = tenant_counters.value + 1 RETURNING value`),
    sale: p(`INSERT INTO sales (business_id, id, invoice_number, document, sale_type, status, branch_id, cash_session_id, customer_id,
      sale_date, currency, exchange_rate, vat_rate, vat_inclusive, discount_type, discount_value, discount_amount, coupon_id, coupon_code,
      coupon_amount, service_charge_id, service_type, service_value, service_charge, subtotal, tax, shipping, grand_total, paid_amount,
      tendered_amount, change_amount, change_usd, change_khr, payment_status, line_count, note, updated_at, sold_at, returned_amount,
      cost_total, delivered_at, converted_from_id, idempotency_key, request_hash, created_by, created_at, voided_at)
      VALUES (?, ?, ?, 'sale', 'pos_retail', 'completed', ?, ?, ?, ?, 'USD', ?, 0, 1, NULL, 0, 0, NULL, NULL, 0, NULL, NULL, 0, 0, ?, 0, 0, ?, ?,
      ?, ?, ?, ?, 'paid', ${SALE_LINES}, '', ?, ?, 0, ?, NULL, NULL, ?, ?, ?, ?, NULL)`),
    lines:
      p(`INSERT INTO sale_lines (business_id, id, sale_id, line_no, product_id, variant_id, product_name, unit_id, unit_factor, quantity,
      unit_price, discount_type, discount_value, gross_amount, line_discount, order_discount_share, net_amount, tax_amount, cost_amount)
      VALUES ${Array(SALE_LINES).fill(lineRow).join(', ')}`),
    level: p(`SELECT on_hand, stock_value, avg_cost, low_alerted FROM stock_levels
      WHERE business_id = ? AND branch_id = ? AND product_id = ? AND variant_id = ''${lock}`),
    update: p(`UPDATE stock_levels SET on_hand = ?, stock_value = ?, avg_cost = ?, low_alerted = 0, updated_at = ?
      WHERE business_id = ? AND branch_id = ? AND product_id = ? AND variant_id = ''`),
    movements: p(`INSERT INTO stock_movements (business_id, id, branch_id, product_id, variant_id, movement_type, quantity, unit_id,
      unit_factor, unit_quantity, cost_total, currency, on_hand_after, doc_type, doc_id, doc_line_id, user_id, created_at)
      VALUES ${Array(SALE_LINES).fill(movementRow).join(', ')}`),
    batches: p(`SELECT id, expiry_date, quantity_in, quantity_left FROM stock_batches
      WHERE business_id = ? AND branch_id = ? AND product_id = ? AND variant_id = '' AND quantity_left > 0
      ORDER BY CASE WHEN expiry_date IS NULL THEN 1 ELSE 0 END, expiry_date, id${lock}`),
    payment:
      p(`INSERT INTO sale_payments (business_id, id, sale_id, payment_method_id, method_type, currency, amount, amount_in_sale_currency,
      reference, khqr_md5, cash_session_id, paid_on, created_by, created_at)
      VALUES (?, ?, ?, ?, 'cash', 'USD', ?, ?, '', NULL, ?, ?, ?, ?)`),
    entries2:
      p(`INSERT INTO cash_session_entries (business_id, id, session_id, kind, currency, amount, sale_id, return_id, reason, created_by, created_at)
      VALUES ${entryRow}, ${entryRow}`),
    entries3:
      p(`INSERT INTO cash_session_entries (business_id, id, session_id, kind, currency, amount, sale_id, return_id, reason, created_by, created_at)
      VALUES ${entryRow}, ${entryRow}, ${entryRow}`),
    audit: p(`INSERT INTO audit_log (business_id, id, user_id, action, entity, entity_id, detail, ip, created_at)
      VALUES (?, ?, ?, 'create', 'sale', ?, ?, NULL, ?)`),
  };
}

/** The shop, what a sale's row names (walk-in customer, exchange rate, invoice prefix), read once by the raw runs. */
const SHOP_SQL = `SELECT b.id AS business_id, g.exchange_rate AS rate,
    (SELECT c.id FROM customers c WHERE c.business_id = b.id AND c.is_walk_in = 1 LIMIT 1) AS customer_id,
    (SELECT s.invoice_prefix FROM sale_settings s WHERE s.business_id = b.id) AS prefix
  FROM businesses b JOIN general_settings g ON g.business_id = b.id
  WHERE b.shop_name = 'Demo Coffee' ORDER BY b.created_at LIMIT 1`;

/** Five lines of $1.00 to $1.04, paid with $1,000: change $994 in dollars and 0.90 in riel at the shop's rate. */
const PRICES = [100, 101, 102, 103, 104];
const SUBTOTAL = PRICES.reduce((a, b) => a + b, 0);
const TENDERED = 100_000;
const CHANGE = TENDERED - SUBTOTAL;
const CHANGE_USD = Math.floor(CHANGE / 100) * 100;

/**
 * One sale's plan: its ids and the products of its lines, in line order and in the order the ledger locks them
 * (by product id, as postMovements sorts them, so that concurrent sales never deadlock).
 */
function plan(setup, k) {
  const ids = setup.productIds;
  const lines = PRICES.map((price, j) => ({ no: j, id: newId(), product: ids[(k * SALE_LINES + j) % ids.length], price }));
  return { saleId: newId(), lines, order: [...lines].sort((a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : 0)) };
}

/** The level after one unit leaves at its average (stock-ledger.ts outgoingCost): the cost that left, as positive. */
function taken(level) {
  const onHand = Number(level.on_hand);
  const value = BigInt(level.stock_value);
  const cost = onHand >= QTY_SCALE ? half(value * BigInt(QTY_SCALE), BigInt(onHand)) : Number(value);
  return { cost, after: onHand - QTY_SCALE, value: Number(value) - cost, avg: Number(level.avg_cost) };
}

/** The statements' arguments of one sale, shared by both databases (`q(name, args)` runs one, answers its rows). */
async function oneSale(q, shop, till, setup, k, rateKhr) {
  const p = plan(setup, k);
  const at = new Date().toISOString();
  const day = at.slice(0, 10);
  const b = shop.business_id;
  const session = (await q('session', [b, till.userId]))[0];
  if (!session) throw new Error(`raw sale: till ${till.email} has no open session`);
  const moved = [];
  let costTotal = 0;
  for (const l of p.order) {
    const next = taken((await q('level', [b, session.branch_id, l.product]))[0]);
    await q('update', [next.after, next.value, next.avg, at, b, session.branch_id, l.product]);
    moved.push([b, newId(), session.branch_id, l.product, -next.cost, 'USD', next.after, p.saleId, l.id, till.userId, at]);
    l.cost = next.cost;
    costTotal += next.cost;
  }
  await q('movements', moved.flat());
  for (const l of p.order) await q('batches', [b, session.branch_id, l.product]);
  const n = Number((await q('number', [b, 'sale']))[0].value);
  const number = `${shop.prefix ?? 'INV-'}${String(n).padStart(6, '0')}`;
  const changeKhr = Math.ceil(((CHANGE - CHANGE_USD) * rateKhr) / 100 / 100) * 100;
  await q(
    'sale',
    [b, p.saleId, number, session.branch_id, session.id, shop.customer_id, day, shop.rate, SUBTOTAL, SUBTOTAL, SUBTOTAL].concat([
      TENDERED,
      CHANGE,
      CHANGE_USD,
      changeKhr,
      at,
      at,
      costTotal,
      randomUUID(),
      null,
      till.userId,
      at,
    ]),
  );
  await q(
    'lines',
    p.lines.flatMap((l) => [b, l.id, p.saleId, l.no, l.product, 'Bench product', l.price, l.price, l.price, l.cost]),
  );
  await q('payment', [b, newId(), p.saleId, setup.cashMethodId, TENDERED, TENDERED, session.id, day, till.userId, at]);
  const entries = [
    [b, newId(), session.id, 'sale', 'USD', TENDERED, p.saleId, till.userId, at],
    [b, newId(), session.id, 'change', 'USD', -CHANGE_USD, p.saleId, till.userId, at],
  ];
  if (changeKhr > 0) entries.push([b, newId(), session.id, 'change', 'KHR', -changeKhr, p.saleId, till.userId, at]);
  await q(entries.length === 3 ? 'entries3' : 'entries2', entries.flat());
  await q('audit', [b, newId(), till.userId, p.saleId, JSON.stringify({ invoice_number: number, document: 'sale' }), at]);
}

/**
 * The same writes as one five-line till sale, as a raw durable transaction on SQLite: better-sqlite3 on the
 * server's file with the server's pragmas (WAL, synchronous FULL), one writer, for `seconds`, the tills in turn.
 */
export async function rawSalesSqlite(file, setup, tills, seconds, isInterrupted) {
  const db = openSqlite(file);
  try {
    const shop = db.prepare(SHOP_SQL).get();
    const rateKhr = Number(shop.rate) || 4000;
    const s = Object.fromEntries(Object.entries(statements('sqlite')).map(([k, v]) => [k, db.prepare(v)]));
    const q = (name, args) => {
      const st = s[name];
      if (st.reader) return st.all(...args);
      st.run(...args);
      return [];
    };
    let k = 0;
    // One writer at a time: each sale's transaction ends before the next begins.
    const one = async () => {
      db.exec('BEGIN IMMEDIATE');
      try {
        await oneSale(q, shop, tills[k % tills.length], setup, k++, rateKhr);
        db.exec('COMMIT');
      } catch (e) {
        db.exec('ROLLBACK');
        throw e;
      }
    };
    // The tills take turns (k % tills), as 50 tills selling at once through one writer would: a till asks for its
    // next sale as soon as its last one is done, and waits for the others' turns. So what a till waits for a sale is
    // the time from its previous sale's commit to this one's (the first turn of each is not counted: it had no
    // previous sale). That is the latency the server's sales are compared with at the same 50 tills.
    const alone = [];
    const latencies = [];
    const done = [];
    const started = performance.now();
    const end = started + seconds * 1000;
    while (performance.now() < end && !isInterrupted()) {
      const t = performance.now();
      await one();
      const now = performance.now();
      alone.push(now - t);
      done.push(now);
      if (done.length > tills.length) latencies.push(now - done[done.length - 1 - tills.length]);
      // Microtasks only so far: let the event loop run now and then so that Ctrl+C is still heard.
      if (alone.length % 100 === 0) await new Promise((r) => setImmediate(r));
    }
    const ms = performance.now() - started;
    return {
      ...summary(latencies, ms, 1, alone),
      transactions: alone.length,
      tx_per_s: Math.round((alone.length / (ms / 1000)) * 10) / 10,
    };
  } finally {
    db.close();
  }
}

/**
 * The same on PostgreSQL: a pg pool of the server's size (10) and `connections` clients in flight at once (each
 * the next till, with its own session), each transaction at the default durable commit, for `seconds`.
 */
export async function rawSalesPostgres(url, setup, tills, seconds, connections, isInterrupted) {
  const pgPool = openPgPool(url);
  try {
    const shop = (await pgPool.query(SHOP_SQL)).rows[0];
    const rateKhr = Number(shop.rate) || 4000;
    const s = statements('postgres');
    let k = 0;
    const one = async (till) => {
      const client = await pgPool.connect();
      try {
        await client.query('BEGIN');
        const q = async (name, args) => (await client.query({ name: `bench_sale_${name}`, text: s[name], values: args })).rows;
        await oneSale(q, shop, till, setup, k++, rateKhr);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    };
    const latencies = [];
    const started = performance.now();
    const end = started + seconds * 1000;
    const worker = async (i) => {
      const till = tills[i % tills.length];
      while (performance.now() < end && !isInterrupted()) {
        const t = performance.now();
        await one(till);
        latencies.push(performance.now() - t);
      }
    };
    await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
    return summary(latencies, performance.now() - started, connections);
  } finally {
    await pgPool.end();
  }
}

// ---------------------------------------------------------------- closing a session

/** The drawer's entries of one session summed per currency, straight from the database (minor units). */
async function entrySums(target, sessionId) {
  const sql = `SELECT currency, SUM(amount) AS total, COUNT(*) AS n FROM cash_session_entries WHERE session_id = ? GROUP BY currency`;
  const sales = `SELECT COUNT(*) AS n FROM sales WHERE cash_session_id = ?`;
  let rows;
  let saleCount;
  if (target.kind === 'sqlite') {
    const Database = require('better-sqlite3');
    const db = new Database(target.file, { readonly: true });
    try {
      rows = db.prepare(sql).all(sessionId);
      saleCount = Number(db.prepare(sales).get(sessionId).n);
    } finally {
      db.close();
    }
  } else {
    const pg = require('pg');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      rows = (await client.query(sql.replace('?', '$1'), [sessionId])).rows;
      saleCount = Number((await client.query(sales.replace('?', '$1'), [sessionId])).rows[0].n);
    } finally {
      await client.end();
    }
  }
  const sum = { USD: 0, KHR: 0 };
  for (const r of rows) sum[r.currency] = Number(r.total);
  return { sum, saleCount };
}

/** "12.34" (dollars) or "5000" (riel) -> minor units. */
function minor(currency, text) {
  const [whole = '0', fraction = ''] = String(text).trim().replace('-', '').split('.');
  const n = currency === 'USD' ? Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)) : Number(whole);
  return String(text).trim().startsWith('-') ? -n : n;
}

/**
 * One till sells `count` sales (`concurrency` in flight on its one token: the sale locks the session row, so they
 * queue there), then its session is closed with a count, and that request is timed. The answer's expected cash must
 * equal the session's drawer entries (the opening float is its first entries).
 */
export async function closeSession(base, till, setup, target, { count = CLOSE_SALES, isInterrupted }) {
  let failed = 0;
  const t0 = performance.now();
  await pool(
    Array.from({ length: count }, (_, i) => i),
    CLOSE_CONCURRENCY,
    async () => {
      if (isInterrupted()) throw new Error('interrupted');
      const res = await fetch(`${base}/api/v1/sales`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${till.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: saleBody(setup),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      if (!res.ok) {
        failed++;
        if (failed === 1) process.stderr.write(`session close: a sale answered ${res.status}: ${text.slice(0, 300)}\n`);
      }
    },
  );
  const sellMs = performance.now() - t0;
  if (failed) throw new Error(`${failed} of ${count} sales of the closing till were refused`);
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/cash-sessions/${till.sessionId}/close`, {
    method: 'POST',
    headers: { authorization: `Bearer ${till.token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ counted_usd: '0', counted_khr: '0', note: 'bench' }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  const closeMs = performance.now() - t;
  if (!res.ok) throw new Error(`POST /api/v1/cash-sessions/:id/close answered ${res.status}: ${text.slice(0, 300)}`);
  const data = JSON.parse(text).data;
  const db = await entrySums(target, till.sessionId);
  const expected = { USD: minor('USD', data.expected_usd), KHR: minor('KHR', data.expected_khr) };
  const matches = expected.USD === db.sum.USD && expected.KHR === db.sum.KHR;
  return {
    sales: count,
    sales_in_session: db.saleCount,
    concurrency: CLOSE_CONCURRENCY,
    selling_s: round2(sellMs / 1000),
    close_ms: round2(closeMs),
    expected_usd: data.expected_usd,
    expected_khr: data.expected_khr,
    entries_usd: db.sum.USD,
    entries_khr: db.sum.KHR,
    expected_matches_entries: matches && db.saleCount === count && data.status === 'closed',
  };
}
