/**
 * The stock measurements of `npm run bench` (scripts/bench.mjs; see bench/README.md): what the requests need from
 * the seeded shop (a branch, an "addition" adjustment type, a supplier, product ids), the raw durable transaction
 * that the concurrent adjustments are compared with, receiving 200-line purchases, and the ledger's check that
 * every stock level still equals the sum of its movements.
 */
import { createRequire } from 'node:module';
import { half, newId, openPgPool, openSqlite, percentile, placeholders, round2, summary } from './raw-transaction.mjs';

const require = createRequire(import.meta.url);

/** Products the single-line adjustments rotate over: enough that 50 clients rarely wait for the same row. */
export const ADJUST_PRODUCTS = 300;
export const PURCHASE_LINES = 200;
const QTY_SCALE = 1000;
const FACTOR_SCALE = 1_000_000;
const AVG_COST_SCALE = 1_000_000n;
const SERIES = 'stock_adjustment_number';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * What the stock requests need, read through the API like a client would: the first branch and the first active
 * "addition" adjustment type (the adjustment form's options), a supplier (the purchase form's), and the ids of
 * `count` seeded products (SKU BNC-…, each stocked in every branch; the demo's own include variations and
 * expiry-tracked items), from the product list's pages (100 a page; its total is counter-backed, so deep pages stay
 * cheap, unlike the stock list's).
 */
export async function stockSetup(api, base, token, count) {
  const adjust = await api(base, '/api/v1/stock-adjustments/options', { token });
  const type = adjust.adjustment_types.find((t) => t.direction === 'addition');
  const branch = adjust.branches[0];
  if (!type || !branch) throw new Error('The demo shop has no branch or no "addition" adjustment type');
  const purchase = await api(base, '/api/v1/purchases/options', { token });
  const supplier = purchase.suppliers[0];
  if (!supplier) throw new Error('The demo shop has no supplier to buy from');
  const productIds = [];
  for (let page = 1; productIds.length < count; page++) {
    const res = await api(base, `/api/v1/products?per_page=100&page=${page}`, { token });
    for (const r of res.data) if (r.sku_code?.startsWith('BNC-')) productIds.push(r.id);
    if (page >= res.meta.last_page) break;
  }
  if (productIds.length < Math.min(count, ADJUST_PRODUCTS)) throw new Error(`Only ${productIds.length} seeded products found`);
  return { branchId: branch.id, typeId: type.id, supplierId: supplier.id, currency: purchase.currency, productIds };
}

/** The body of the n-th single-line adjustment: 1 unit more of one product, rotating over ADJUST_PRODUCTS. */
export function adjustmentBody(setup, n) {
  return JSON.stringify({
    branch_id: setup.branchId,
    adjustment_type_id: setup.typeId,
    adjusted_on: today(),
    reason: 'bench',
    lines: [{ product_id: setup.productIds[n % ADJUST_PRODUCTS], quantity: '1' }],
  });
}

/** Autocannon `requests` that post adjustmentBody(n) with n counting up across all connections. */
export function adjustmentRequests(setup, token) {
  let n = 0;
  return [
    {
      method: 'POST',
      path: '/api/v1/stock-adjustments',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: adjustmentBody(setup, n++) }),
    },
  ];
}

// ---------------------------------------------------------------- raw transaction

/**
 * The statements of one single-line addition, in the order postAdjustment runs them (stock-ledger.ts, then
 * db/document-number.ts, stock-adjustments.ts, stock-lines.ts, audit.repo.ts: the number is taken last, so its
 * counter row is locked for the shortest time), written as placeholders `?` (SQLite) or `$n` (PostgreSQL). Only the
 * writes and the reads they depend on (the level's balance, the number).
 */
function statements(kind) {
  const p = placeholders(kind);
  return {
    number: p(`INSERT INTO tenant_counters (business_id, name, value) VALUES (?, ?, 1)
      ON CONFLICT (business_id, name) DO UPDATE SET value = tenant_counters.value + 1 RETURNING value`),
    doc: p(`INSERT INTO stock_adjustments (business_id, id, adjustment_number, branch_id, adjustment_type_id, direction,
      adjusted_on, reason, status, line_count, created_by, created_at, voided_at) VALUES (?, ?, ?, ?, ?, 'addition', ?, 'bench raw', 'posted', 1, ?, ?, NULL)`),
    line: p(`INSERT INTO stock_adjustment_lines (business_id, id, adjustment_id, line_no, product_id, variant_id, unit_id, unit_factor, quantity)
      VALUES (?, ?, ?, 0, ?, '', NULL, ${FACTOR_SCALE}, ${QTY_SCALE})`),
    level: p(
      `SELECT on_hand, stock_value, avg_cost, low_alerted FROM stock_levels
        WHERE business_id = ? AND branch_id = ? AND product_id = ? AND variant_id = ''${kind === 'postgres' ? ' FOR UPDATE' : ''}`,
    ),
    update: p(`UPDATE stock_levels SET on_hand = ?, stock_value = ?, avg_cost = ?, low_alerted = 0, updated_at = ?
      WHERE business_id = ? AND branch_id = ? AND product_id = ? AND variant_id = ''`),
    movement: p(`INSERT INTO stock_movements (business_id, id, branch_id, product_id, variant_id, movement_type, quantity, unit_id,
      unit_factor, unit_quantity, cost_total, currency, on_hand_after, doc_type, doc_id, doc_line_id, user_id, created_at)
      VALUES (?, ?, ?, ?, '', 'adjustment_in', ${QTY_SCALE}, NULL, ${FACTOR_SCALE}, ${QTY_SCALE}, ?, 'USD', ?, 'adjustment', ?, ?, ?, ?)`),
    audit: p(`INSERT INTO audit_log (business_id, id, user_id, action, entity, entity_id, detail, ip, created_at)
      VALUES (?, ?, ?, 'create', 'stock_adjustment', ?, ?, NULL, ?)`),
  };
}

/** The level after one unit comes in at its average cost (stock-ledger.ts incomingCost and averageOf). */
function added(level) {
  const onHand = Number(level.on_hand);
  const avg = BigInt(level.avg_cost);
  const cost = half(avg * BigInt(QTY_SCALE), BigInt(QTY_SCALE) * AVG_COST_SCALE);
  const after = onHand + QTY_SCALE;
  const value = Number(level.stock_value) + cost;
  const newAvg = after > 0 ? half(BigInt(value) * BigInt(QTY_SCALE) * AVG_COST_SCALE, BigInt(after)) : Number(level.avg_cost);
  return { cost, after, value, avg: newAvg };
}

/** The shop, its owner, and the series' name, read once by the raw runs. */
const SHOP_SQL = `SELECT b.id AS business_id, u.id AS user_id FROM businesses b JOIN users u ON u.business_id = b.id
  WHERE b.shop_name = 'Demo Coffee' ORDER BY b.created_at, u.is_owner DESC, u.created_at LIMIT 1`;

/**
 * The same writes as one single-line adjustment, as a raw durable transaction on SQLite: better-sqlite3 on the
 * server's file with the server's pragmas (WAL, synchronous FULL), one writer, for `seconds`.
 */
export async function rawAdjustmentsSqlite(file, setup, seconds, isInterrupted) {
  const db = openSqlite(file);
  try {
    const shop = db.prepare(SHOP_SQL).get();
    const s = Object.fromEntries(Object.entries(statements('sqlite')).map(([k, v]) => [k, db.prepare(v)]));
    let n = 0;
    const one = db.transaction(() => {
      const product = setup.productIds[n++ % ADJUST_PRODUCTS];
      const at = new Date().toISOString();
      const docId = newId();
      const lineId = newId();
      const next = added(s.level.get(shop.business_id, setup.branchId, product));
      s.update.run(next.after, next.value, next.avg, at, shop.business_id, setup.branchId, product);
      s.movement.run(shop.business_id, newId(), setup.branchId, product, next.cost, next.after, docId, lineId, shop.user_id, at);
      const number = `ADJ-${String(s.number.get(shop.business_id, SERIES).value).padStart(6, '0')}`;
      s.doc.run(shop.business_id, docId, number, setup.branchId, setup.typeId, today(), shop.user_id, at);
      s.line.run(shop.business_id, lineId, docId, product);
      s.audit.run(shop.business_id, newId(), shop.user_id, docId, JSON.stringify({ adjustment_number: number }), at);
    });
    const latencies = [];
    const started = performance.now();
    const end = started + seconds * 1000;
    // Synchronous: yield to the event loop every 50 ms so Ctrl+C is still heard.
    while (performance.now() < end && !isInterrupted()) {
      const slice = Math.min(end, performance.now() + 50);
      while (performance.now() < slice) {
        const t = performance.now();
        one();
        latencies.push(performance.now() - t);
      }
      await new Promise((r) => setImmediate(r));
    }
    return summary(latencies, performance.now() - started, 1);
  } finally {
    db.close();
  }
}

/**
 * The same on PostgreSQL: a pg pool of the server's size (10) and `connections` clients in flight at once, each
 * transaction at the default durable commit (synchronous_commit on), for `seconds`.
 */
export async function rawAdjustmentsPostgres(url, setup, seconds, connections, isInterrupted) {
  const pool = openPgPool(url);
  try {
    const shop = (await pool.query(SHOP_SQL)).rows[0];
    const s = statements('postgres');
    let n = 0;
    const one = async () => {
      const product = setup.productIds[n++ % ADJUST_PRODUCTS];
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const at = new Date().toISOString();
        const docId = newId();
        const lineId = newId();
        const level = (await client.query(s.level, [shop.business_id, setup.branchId, product])).rows[0];
        const next = added(level);
        await client.query(s.update, [next.after, next.value, next.avg, at, shop.business_id, setup.branchId, product]);
        await client.query(s.movement, [
          shop.business_id,
          newId(),
          setup.branchId,
          product,
          next.cost,
          next.after,
          docId,
          lineId,
          shop.user_id,
          at,
        ]);
        const value = (await client.query(s.number, [shop.business_id, SERIES])).rows[0].value;
        const number = `ADJ-${String(value).padStart(6, '0')}`;
        await client.query(s.doc, [shop.business_id, docId, number, setup.branchId, setup.typeId, today(), shop.user_id, at]);
        await client.query(s.line, [shop.business_id, lineId, docId, product]);
        await client.query(s.audit, [shop.business_id, newId(), shop.user_id, docId, JSON.stringify({ adjustment_number: number }), at]);
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
    const worker = async () => {
      while (performance.now() < end && !isInterrupted()) {
        const t = performance.now();
        await one();
        latencies.push(performance.now() - t);
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    return summary(latencies, performance.now() - started, connections);
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------- purchases

/**
 * Receives `warmup + count` purchases of PURCHASE_LINES lines one after the other (status received: the stock is
 * posted in the same request), each on the next PURCHASE_LINES products, and times the recorded ones.
 */
export async function receivePurchases(base, token, setup, { warmup, count, isInterrupted }) {
  const latencies = [];
  const ids = setup.productIds;
  for (let k = 0; k < warmup + count; k++) {
    if (isInterrupted()) throw new Error('interrupted');
    const lines = [];
    for (let j = 0; j < PURCHASE_LINES; j++)
      lines.push({ product_id: ids[(k * PURCHASE_LINES + j) % ids.length], quantity: '5', unit_cost: '1.25' });
    const body = JSON.stringify({
      supplier_id: setup.supplierId,
      branch_id: setup.branchId,
      purchase_date: today(),
      status: 'received',
      note: 'bench',
      lines,
    });
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/purchases`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`POST /api/v1/purchases (${PURCHASE_LINES} lines) answered ${res.status}: ${text.slice(0, 300)}`);
    const doc = JSON.parse(text).data; // { message, data: the purchase }
    if (doc.status !== 'received' || doc.lines?.length !== PURCHASE_LINES)
      throw new Error(`Unexpected purchase answer: status ${doc.status}, ${doc.lines?.length} lines`);
    if (k >= warmup) latencies.push(ms);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    lines: PURCHASE_LINES,
    warmup,
    count,
    latency_p50_ms: round2(percentile(sorted, 50)),
    latency_p99_ms: round2(percentile(sorted, 99)),
    latency_mean_ms: round2(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    latency_max_ms: round2(sorted[sorted.length - 1]),
  };
}

// ---------------------------------------------------------------- ledger check

/** Levels whose on hand or value differ from the sums of their movements (stock-invariants.ts): must be 0. */
const LEDGER_SQL = `SELECT count(*) AS n FROM stock_levels l
  LEFT JOIN (SELECT business_id, branch_id, product_id, variant_id, SUM(quantity) AS moved, SUM(cost_total) AS costed
               FROM stock_movements GROUP BY business_id, branch_id, product_id, variant_id) m
    ON m.business_id = l.business_id AND m.branch_id = l.branch_id AND m.product_id = l.product_id AND m.variant_id = l.variant_id
 WHERE l.on_hand <> COALESCE(m.moved, 0) OR l.stock_value <> COALESCE(m.costed, 0)`;

export async function ledgerMismatches(target) {
  if (target.kind === 'sqlite') {
    const Database = require('better-sqlite3');
    const db = new Database(target.file, { readonly: true });
    try {
      return Number(db.prepare(LEDGER_SQL).get().n);
    } finally {
      db.close();
    }
  }
  const pg = require('pg');
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return Number((await client.query(LEDGER_SQL)).rows[0].n);
  } finally {
    await client.end();
  }
}
