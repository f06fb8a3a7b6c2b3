#!/usr/bin/env node
/**
 * `npm run bench`: starts the real server on SQLite (and on PostgreSQL when one is reachable), seeds the demo
 * business with 100,000 categories, and measures routes over 127.0.0.1 with autocannon. Writes
 * bench/results.json and prints a table; see bench/README.md. Every child process, temporary directory and
 * throwaway database it creates is removed on exit, also on Ctrl+C or an error.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADJUST_PRODUCTS,
  PURCHASE_LINES,
  adjustmentRequests,
  ledgerMismatches,
  rawAdjustmentsPostgres,
  rawAdjustmentsSqlite,
  receivePurchases,
  stockSetup,
} from '../bench/stock-bench.mjs';
import {
  CLOSE_SALES,
  SALE_LINES,
  TILLS,
  closeSession,
  createTills,
  rawSalesPostgres,
  rawSalesSqlite,
  saleRequests,
  salesSetup,
} from '../bench/sales-bench.mjs';
import { SCANS, benchBarcode, measureTillScan } from '../bench/till-bench.mjs';
import {
  PROFIT_LOSS_RUNS,
  PROFIT_LOSS_TARGET_MS,
  REPORT_LINES_DEFAULT,
  measureProfitLoss,
  routeExists,
  seedReportHistory,
} from '../bench/reports-bench.mjs';
import { formatWebWeight, measureWebWeight } from '../bench/web-weight.mjs';
import { formatKitchenSends, measureKitchenSends } from '../bench/kitchen-bench.mjs';
import { OUTBOX_DEFAULTS, formatOutboxDrain, measureOutboxDrain } from '../bench/outbox-bench.mjs';
import { LIGHTHOUSE_TARGETS, formatLighthouse, measureLighthouse } from '../bench/lighthouse-bench.mjs';
import {
  ROOMS_BOARD_DEFAULTS,
  ROOMS_BOARD_TARGET_MS,
  formatRoomBoard,
  measureRoomBoard,
  roomBoardHolds,
  seedRoomBoard,
} from '../bench/rooms-board-bench.mjs';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'apps/server');
// BENCH_SERVER_DIST: measure another build (a directory with main.js and bench-seed.js), for A/B comparisons.
const ALT_DIST = process.env.BENCH_SERVER_DIST ? resolve(process.env.BENCH_SERVER_DIST) : null;
const MAIN_JS = join(ALT_DIST ?? join(SERVER, 'dist'), 'main.js');
const SEED_JS = join(ALT_DIST ?? join(SERVER, 'dist'), 'bench-seed.js');
// BENCH_RESULTS: write the results elsewhere (a trial run that should not replace the last numbers).
const RESULTS = process.env.BENCH_RESULTS ? resolve(process.env.BENCH_RESULTS) : join(ROOT, 'bench/results.json');
const WEB_DIST = resolve(process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOGIN_JS_LIMIT_KB = 170; // the login page (and the till, which shares its shell): JavaScript, gzip

// ---------------------------------------------------------------- settings

function numberEnv(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    process.stderr.write(`${name} must be a number from ${min} to ${max} (got "${raw}")\n`);
    process.exit(2);
  }
  return n;
}

const DURATION = numberEnv('BENCH_DURATION', 10, 1, 120); // seconds per measured route
const WARMUP = numberEnv('BENCH_WARMUP', 2, 0, 30); // seconds of unrecorded traffic before each route
const CATEGORIES = Math.round(numberEnv('BENCH_CATEGORIES', 100_000, 1, 1_000_000));
const PRODUCTS = Math.round(numberEnv('BENCH_PRODUCTS', 100_000, 1000, 1_000_000));
const CUSTOMERS = Math.round(numberEnv('BENCH_CUSTOMERS', 100_000, 20_000, 1_000_000));
// Known rows of the seeded catalogue (see apps/server/src/cli/bench-products.ts): product 54321 and its codes.
const BENCH_SKU = 'BNC-054321';
const BENCH_BARCODE = '2000000543215';
const CONNECTIONS = 50;
const LOGIN_CONNECTIONS = 8; // Argon2id (19 MiB, t=2) is deliberately slow: a few clients already saturate it.
const TARGET_RATIO = 0.3;
const STOCK_BRANCHES = 3; // the seeded stock: every product in 3 branches
const STOCK_TARGET_RATIO = 0.25; // the stock list page against health
const ADJUST_TARGET_RATIO = 0.5; // concurrent single-line adjustments against the raw transaction doing the same writes
const PURCHASE_WARMUP = 3;
const PURCHASE_COUNT = numberEnv('BENCH_PURCHASES', 20, 1, 1000); // 200-line purchases received and timed
// 50 tills committing five-line paid sales against the raw transaction doing the same writes (issue #22, item 8): the
// rate at least 80% of the raw's on SQLite and 60% on PostgreSQL, and the slowest sale in a hundred (p99) within twice
// the raw transaction's p99 as the same 50 tills wait for it.
const SALE_TARGET_RATIO = { sqlite: 0.8, postgres: 0.6 };
const SALE_P99_FACTOR = 2;
const CLOSE_TARGET_MS = 1000; // closing a session of CLOSE_SALES sales
const SCAN_TARGET_MS = 50; // the scanner's Enter to the line on screen, the whole catalogue loaded
// A year of sales seeded straight into the tables for the reports (bench/reports-bench.mjs), five lines a sale.
const REPORT_LINES = Math.round(numberEnv('BENCH_REPORT_LINES', REPORT_LINES_DEFAULT, 1000, 10_000_000));
const PG_DEFAULT = 'postgres://postgres@127.0.0.1:5432/test';
const OWNER = { email: 'owner@posauto.local', password: 'owner1234' };
const CASHIER = { email: 'cashier@posauto.local', password: 'cashier1234' };

/** Routes measured in each database run, in this order; `ratio` is against the first (health). */
const ALL_ROUTES = [
  { key: 'health', label: 'GET /api/v1/health', path: '/api/v1/health' },
  { key: 'me', label: 'GET /api/v1/me (auth only)', path: '/api/v1/me', auth: true },
  { key: 'list', label: 'GET categories page 1', path: '/api/v1/categories?page=1&per_page=10', auth: true },
  { key: 'list_deep', label: 'GET categories page 500', path: '/api/v1/categories?page=500&per_page=10', auth: true },
  { key: 'search', label: 'GET categories search', path: '/api/v1/categories?page=1&per_page=10&search=Category%200999', auth: true },
  {
    key: 'customers_search',
    label: 'GET customers search by Member ID',
    path: '/api/v1/customers?page=1&per_page=10&search=M01234',
    auth: true,
  },
  {
    key: 'customers_phone',
    label: 'GET customers search by phone',
    path: '/api/v1/customers?page=1&per_page=10&search=10%200199',
    auth: true,
  },
  { key: 'products', label: 'GET products page 1', path: '/api/v1/products?page=1&per_page=10', auth: true },
  {
    key: 'products_name',
    label: 'GET products search by name fragment',
    path: '/api/v1/products?page=1&per_page=10&search=ngo%20smoo',
    auth: true,
  },
  { key: 'products_sku', label: 'GET products search by SKU', path: `/api/v1/products?page=1&per_page=10&search=${BENCH_SKU}`, auth: true },
  {
    key: 'products_barcode',
    label: 'GET products search by barcode',
    path: `/api/v1/products?page=1&per_page=10&search=${BENCH_BARCODE}`,
    auth: true,
  },
  { key: 'stock', label: 'GET stock page 1', path: '/api/v1/stock?page=1&per_page=10', auth: true },
  // One line each (1 unit more), rotating over ADJUST_PRODUCTS products; compared with a raw transaction (below).
  {
    key: 'stock_adjust',
    label: 'POST stock-adjustments (1 line)',
    path: '/api/v1/stock-adjustments',
    method: 'POST',
    auth: true,
    adjust: true,
  },
  // Five-line paid sales, one connection a till (its own cashier, token and open cash session); compared with a raw
  // transaction (below).
  {
    key: 'sale_commit',
    label: `POST sales (${SALE_LINES} lines, paid), ${TILLS} tills`,
    path: '/api/v1/sales',
    method: 'POST',
    sale: true,
  },
  // Measured last, after a year of sales (REPORT_LINES lines) is seeded: the sale report of last month (its first
  // page and the month's totals) and the dashboard; their throughput against health's.
  {
    key: 'report_sales',
    label: 'GET reports/sales, last month (page 1 + totals)',
    path: '/api/v1/reports/sales?period=last_month',
    auth: true,
    report: true,
  },
  { key: 'dashboard', label: 'GET /api/v1/dashboard', path: '/api/v1/dashboard', auth: true, report: true },
  {
    key: 'login',
    label: 'POST /api/v1/login',
    path: '/api/v1/login',
    method: 'POST',
    body: JSON.stringify(OWNER),
    connections: LOGIN_CONNECTIONS,
  },
];

/**
 * Measurements that are not one route under autocannon: receiving 200-line purchases one after the other, closing a
 * session of 2,000 sales, the till's weight (with the web weight, SQLite run) and its scans in Chromium.
 */
const OTHER_MEASURES = [
  'purchase_receive',
  'session_close',
  'till_weight',
  'till_scan',
  'kitchen_send',
  'report_profit_loss',
  'lighthouse',
  'rooms_board',
  'offline_backlog',
];

// BENCH_ROUTES=search,customers_search: measure only these (health, the baseline, always runs).
const ONLY = (process.env.BENCH_ROUTES ?? '')
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
const unknownRoute = ONLY.find((k) => !ALL_ROUTES.some((r) => r.key === k) && !OTHER_MEASURES.includes(k));
if (unknownRoute) {
  process.stderr.write(
    `BENCH_ROUTES: no route "${unknownRoute}" (routes: ${[...ALL_ROUTES.map((r) => r.key), ...OTHER_MEASURES].join(', ')})\n`,
  );
  process.exit(2);
}
const ROUTES = ONLY.length ? ALL_ROUTES.filter((r) => r.key === 'health' || ONLY.includes(r.key)) : ALL_ROUTES;
const MEASURE_PURCHASES = !ONLY.length || ONLY.includes('purchase_receive');
const MEASURE_CLOSE = !ONLY.length || ONLY.includes('session_close');
const MEASURE_SCAN = !ONLY.length || ONLY.includes('till_scan');
/** Table service: KITCHEN_TABLES tables send to the kitchen at once, KITCHEN_ROUNDS times, a kitchen display listening. */
const MEASURE_KITCHEN = !ONLY.length || ONLY.includes('kitchen_send');
const KITCHEN_TABLES = Math.round(numberEnv('BENCH_KITCHEN_TABLES', 20, 1, 200));
const KITCHEN_ROUNDS = Math.round(numberEnv('BENCH_KITCHEN_ROUNDS', 10, 1, 100));
/** Issue #24: a send's ticket reaches a connected kitchen display within this, p99, at 20 tables sending at once. */
const KITCHEN_TARGET_MS = 500;
const MEASURE_LIGHTHOUSE = !ONLY.length || ONLY.includes('lighthouse');
const LIGHTHOUSE_RUNS = Math.round(numberEnv('BENCH_LIGHTHOUSE_RUNS', 3, 1, 9));
/** The room board in Chromium with BENCH_ROOMS rooms in use, BENCH_ROOMS_SECONDS seconds measured (issue #25). */
const MEASURE_ROOMS_BOARD = !ONLY.length || ONLY.includes('rooms_board');
const ROOMS_BOARD_ROOMS = Math.round(numberEnv('BENCH_ROOMS', ROOMS_BOARD_DEFAULTS.rooms, 1, 100));
const ROOMS_BOARD_SECONDS = Math.round(numberEnv('BENCH_ROOMS_SECONDS', ROOMS_BOARD_DEFAULTS.seconds, 1, 300));
const ROOMS_BOARD_SETTLE = numberEnv('BENCH_ROOMS_SETTLE', ROOMS_BOARD_DEFAULTS.settle, 0, 60);
/** The offline till (issue #26): BENCH_OUTBOX sales waiting in a till's outbox, sent once it opens online. */
const MEASURE_OUTBOX = !ONLY.length || ONLY.includes('offline_backlog');
const OUTBOX_WAITING = Math.round(numberEnv('BENCH_OUTBOX', OUTBOX_DEFAULTS.waiting, 1, 10_000));
/** The sales measurements need tills (cashiers with open sessions), the cash method and stocked products. */
const SALES_MEASURED = MEASURE_CLOSE || MEASURE_SCAN || ROUTES.some((r) => r.sale);
/** The stock measurements need the shop's branch, adjustment type, supplier and stocked products. */
const STOCK_MEASURED = MEASURE_PURCHASES || ROUTES.some((r) => r.key.startsWith('stock'));
/** The reports need a year of sales (seeded last, after every other measurement). */
const MEASURE_PROFIT_LOSS = !ONLY.length || ONLY.includes('report_profit_loss');
const REPORTS_MEASURED = MEASURE_PROFIT_LOSS || ROUTES.some((r) => r.report);
/** Only the reports (and health) asked for: the big catalogue, categories and customers are not seeded. */
const CATALOGUE_NEEDED =
  ROUTES.some((r) => r.key !== 'health' && !r.report) || MEASURE_PURCHASES || MEASURE_CLOSE || MEASURE_SCAN || SALES_MEASURED;

// ---------------------------------------------------------------- cleanup

const children = new Set();
const tempDirs = new Set();
/** Async cleanups (stop a server, drop a database), run last-in first-out. */
const cleanups = [];
let currentCannon = null;
let interrupted = false;

let cleaning = null;
/** Runs the pending cleanups once; concurrent callers (an error and a Ctrl+C) share the same run. */
function runCleanups() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (e) {
        process.stderr.write(`cleanup: ${e?.message ?? e}\n`);
      }
    }
    for (const dir of [...tempDirs]) removeDir(dir);
  })().finally(() => {
    cleaning = null;
  });
  return cleaning;
}

function removeDir(dir) {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    /* best effort */
  }
  tempDirs.delete(dir);
}

// Last resort when the process leaves without the async cleanup (uncaught error, second Ctrl+C).
process.on('exit', () => {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  for (const dir of [...tempDirs]) removeDir(dir);
});

function onSignal(signal) {
  if (interrupted) {
    process.stderr.write('\nForced exit.\n');
    process.exit(130);
  }
  interrupted = true;
  process.stderr.write(`\n${signal}: stopping the benchmark and cleaning up...\n`);
  try {
    currentCannon?.stop();
  } catch {
    /* not running */
  }
  const force = setTimeout(() => process.exit(130), 20_000);
  force.unref();
  runCleanups().finally(() => process.exit(130));
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

function checkInterrupted() {
  if (interrupted) throw new Error('interrupted');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- build

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    children.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function buildIfStale() {
  if (ALT_DIST) {
    for (const f of [MAIN_JS, SEED_JS]) if (!existsSync(f)) throw new Error(`BENCH_SERVER_DIST: ${f} is missing`);
    return false;
  }
  const sources = [join(SERVER, 'src'), join(ROOT, 'packages/shared/src'), join(SERVER, 'build.mjs'), join(SERVER, 'package.json')];
  const newestSource = Math.max(...sources.filter(existsSync).map(newestMtime));
  const outputs = [MAIN_JS, SEED_JS];
  const stale = outputs.some((f) => !existsSync(f) || statSync(f).mtimeMs < newestSource);
  if (!stale) return false;
  process.stdout.write('Building the server (dist is missing or older than the sources)...\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await run(npm, ['run', 'build', '-w', '@posauto/server']);
  for (const f of outputs) if (!existsSync(f)) throw new Error(`The build did not produce ${f}`);
  return true;
}

// ---------------------------------------------------------------- server

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Environment for the server and the seeder: a fresh DATA_DIR, development (demo seed), quiet logs. */
function serverEnv(dataDir, databaseUrl, port) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(port ?? 0),
  };
  delete env.DATABASE_URL;
  delete env.CORS_ORIGINS;
  delete env.TRUST_PROXY;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

function tail(buf) {
  return buf.length > 4000 ? `...${buf.slice(-4000)}` : buf;
}

async function startServer(env) {
  const port = Number(env.PORT);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN_JS], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output = tail(output + d)));
  child.stderr.on('data', (d) => (output = tail(output + d)));
  let exited = null;
  const exitPromise = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = signal ?? `exit ${code}`;
      children.delete(child);
      resolve();
    }),
  );

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM'); // graceful shutdown: finishes requests in flight, closes the database
    await Promise.race([exitPromise, sleep(15_000)]);
    if (!exited) {
      child.kill('SIGKILL');
      await Promise.race([exitPromise, sleep(5_000)]);
    }
  };
  cleanups.push(stop);

  // Migrations, the demo seed (three Argon2id hashes) and plugin start-up: allow a minute.
  const deadline = Date.now() + 60_000;
  for (;;) {
    checkInterrupted();
    if (exited) throw new Error(`The server stopped during start-up (${exited}):\n${output}`);
    try {
      const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer /api/v1/health within 60 s:\n${output}`);
    await sleep(150);
  }
  return { base, stop, pid: child.pid, output: () => output, exited: () => exited };
}

async function seedCategories(env) {
  let out = '';
  let err = '';
  await new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        SEED_JS,
        '--count',
        String(CATEGORIES),
        '--products',
        String(PRODUCTS),
        '--customers',
        String(CUSTOMERS),
        '--stock',
        String(STOCK_BRANCHES),
      ],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.add(child);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err = tail(err + d)));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`Seeding failed (${signal ?? `exit ${code}`}): ${err}`));
    });
  });
  const line = out.trim().split('\n').pop();
  return JSON.parse(line);
}

/** The product list and its three kinds of search answer what the seeded catalogue holds. */
async function checkProducts(base, route, token) {
  const products = await api(base, route('products'), { token });
  const byName = await api(base, route('products_name'), { token });
  const bySku = await api(base, route('products_sku'), { token });
  const byBarcode = await api(base, route('products_barcode'), { token });
  if (products.meta.total < PRODUCTS || products.data.length !== 10) {
    throw new Error(`Unexpected product list after seeding: total ${products.meta.total}, ${products.data.length} rows`);
  }
  if (byName.meta.total < 1 || bySku.data[0]?.sku_code !== BENCH_SKU || byBarcode.data[0]?.barcode !== BENCH_BARCODE) {
    throw new Error(
      `Unexpected product search answers: name ${byName.meta.total}, sku ${bySku.meta.total}, barcode ${byBarcode.meta.total}`,
    );
  }
  return { total: products.meta.total, nameMatches: byName.meta.total };
}

/** The stock page lists every seeded product in each of the branches; and what the stock requests need. */
async function checkStock(base, route, token) {
  const page = await api(base, route('stock'), { token });
  if (page.meta.total < PRODUCTS * STOCK_BRANCHES || page.data.length !== 10) {
    throw new Error(
      `Unexpected stock list after seeding: total ${page.meta.total} (${PRODUCTS * STOCK_BRANCHES}+ expected), ${page.data.length} rows`,
    );
  }
  // One request alone on the idle server (the first one above warmed the caches): what a single user waits.
  const t = performance.now();
  await api(base, route('stock'), { token });
  const singleMs = round(performance.now() - t, 1);
  const wanted = MEASURE_PURCHASES ? (PURCHASE_WARMUP + PURCHASE_COUNT) * PURCHASE_LINES : ADJUST_PRODUCTS;
  const setup = await stockSetup(api, base, token, Math.max(wanted, ADJUST_PRODUCTS));
  return { total: page.meta.total, singleMs, setup };
}

/**
 * Right after the adjustments (the server idle, its queue drained): the same writes as a raw durable transaction,
 * for as long, on the same database; the server's throughput as a ratio of it.
 */
async function measureRawAdjustments(name, target, setup, served) {
  const conns = target.kind === 'postgres' ? CONNECTIONS : 1;
  process.stdout.write(`[${name}] raw transaction, same writes: ${DURATION}s at ${conns} connection${conns > 1 ? 's' : ''}...\n`);
  const raw =
    target.kind === 'sqlite'
      ? await rawAdjustmentsSqlite(target.file, setup, DURATION, () => interrupted)
      : await rawAdjustmentsPostgres(target.url, setup, DURATION, CONNECTIONS, () => interrupted);
  checkInterrupted();
  return { ...raw, server_to_raw: raw.tx_per_s ? round(served.requests_per_s / raw.tx_per_s, 3) : null };
}

/**
 * Before each of the two sale measurements on PostgreSQL (the server's, then the raw transaction's): VACUUM ANALYZE
 * and a checkpoint, so that neither meets what the other left. Autovacuum woke on the writes of whichever ran first, at
 * a moment of its own choosing: one build measured its raw transaction at 309 to 363 sales a second in four runs and at
 * 521 in a fifth, while the server's own rate moved the other way. CHECKPOINT needs a superuser or pg_checkpoint; without
 * them only the vacuum runs.
 */
async function settle(target) {
  if (target.kind !== 'postgres') return;
  const client = new (require('pg').Client)({ connectionString: target.url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
    await client.query('CHECKPOINT').catch(() => {});
  } finally {
    await client.end();
  }
}

/** As measureRawAdjustments, for the five-line sales: the same writes, the same tills (their sessions), as long. */
async function measureRawSales(name, target, sales, served) {
  const conns = target.kind === 'postgres' ? CONNECTIONS : 1;
  process.stdout.write(`[${name}] raw transaction, same writes as a sale: ${DURATION}s at ${conns} connection${conns > 1 ? 's' : ''}...\n`);
  const raw =
    target.kind === 'sqlite'
      ? await rawSalesSqlite(target.file, sales.setup, sales.tills, DURATION, () => interrupted)
      : await rawSalesPostgres(target.url, sales.setup, sales.tills, DURATION, CONNECTIONS, () => interrupted);
  checkInterrupted();
  return { ...raw, server_to_raw: raw.tx_per_s ? round(served.requests_per_s / raw.tx_per_s, 3) : null };
}

/** What the sales measurements need: the shop's cash method and products, TILLS tills selling at once. */
async function prepareSales(name, base, token) {
  const setup = await salesSetup(api, base, token);
  const tills = ROUTES.some((r) => r.sale) ? await createTills(api, base, token, setup, TILLS, 'till') : [];
  process.stdout.write(`[${name}] ${tills.length} tills signed in with open cash sessions, ${setup.productIds.length} products to sell\n`);
  return { setup, tills };
}

async function api(base, path, { method = 'GET', token, body } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

// ---------------------------------------------------------------- load

// BENCH_TRACE=dir: every measured response's time (ms from the run's start), latency and connection, one file a route.
const TRACE_DIR = process.env.BENCH_TRACE ? resolve(process.env.BENCH_TRACE) : null;

function cannon(opts, trace = null) {
  const autocannon = require('autocannon');
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const rows = [];
    currentCannon = autocannon(opts, (err, result) => {
      currentCannon = null;
      if (trace) writeFileSync(trace, rows.join('\n') + '\n');
      if (err) reject(err);
      else resolve(result);
    });
    if (trace) {
      const ids = new Map();
      currentCannon.on('response', (client, status, _bytes, ms) => {
        if (!ids.has(client)) ids.set(client, ids.size);
        rows.push(`${Math.round(performance.now() - start)} ${Math.round(ms)} ${ids.get(client)} ${status}`);
      });
    }
  });
}

/**
 * Waits until the server has worked off the requests still queued from the previous run (autocannon stops
 * sending at the deadline, but the server still answers what it had read), so they do not slow the next run:
 * a health request answered quickly means nothing is queued ahead of it. Bounded: 180 s at most (50 queued stock
 * pages at 1.5 s each on SQLite with 300,000 levels take 75 s).
 */
async function drain(base) {
  const deadline = Date.now() + 180_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    checkInterrupted();
    const t = performance.now();
    try {
      await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(30_000) }).then((r) => r.arrayBuffer());
    } catch {
      /* counted as slow */
    }
    quick = performance.now() - t < 50 ? quick + 1 : 0;
    await sleep(50);
  }
}

/** CPU seconds (user + system) the process has used so far, from /proc on Linux; null elsewhere. */
let clockTicks;
function cpuSeconds(pid) {
  if (process.platform !== 'linux' || !pid) return null;
  try {
    clockTicks ??=
      Number(
        execFileSync('getconf', ['CLK_TCK'], { stdio: ['ignore', 'pipe', 'ignore'] })
          .toString()
          .trim(),
      ) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd on (state, ppid, ...)
    return (Number(fields[11]) + Number(fields[12])) / clockTicks; // utime and stime are fields 14 and 15
  } catch {
    return null;
  }
}

const round = (n, digits = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null);

async function measure(base, route, token, pid, requests) {
  const headers = {};
  if (route.auth) headers.authorization = `Bearer ${token}`;
  if (route.body) headers['content-type'] = 'application/json';
  const connections = route.connections ?? CONNECTIONS;
  const opts = { url: `${base}${route.path}`, method: route.method ?? 'GET', headers, body: route.body, connections, timeout: 30 };
  // A different body per request (autocannon's setupRequest): the stock adjustments.
  if (requests) opts.requests = requests;
  if (WARMUP > 0) {
    checkInterrupted();
    await cannon({ ...opts, duration: WARMUP });
    await drain(base);
  }
  checkInterrupted();
  const cpuBefore = cpuSeconds(pid);
  const trace = TRACE_DIR
    ? (mkdirSync(TRACE_DIR, { recursive: true }), join(TRACE_DIR, `${route.key}-${base.split(':').pop()}.txt`))
    : null;
  const r = await cannon({ ...opts, duration: DURATION }, trace);
  const cpuAfter = cpuSeconds(pid);
  await drain(base);
  checkInterrupted();
  const cpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]));
  return {
    route: route.label,
    method: opts.method,
    path: route.path,
    connections,
    duration_s: DURATION,
    requests_per_s: round(r.requests.average, 1),
    requests_total: r.requests.total,
    latency_p50_ms: round(r.latency.p50),
    latency_p99_ms: round(r.latency.p99),
    latency_mean_ms: round(r.latency.average),
    // The server process's own CPU while the route ran: near 100% means the server is the bottleneck, and
    // CPU per request compares routes independently of the load generator sharing the machine.
    server_cpu_pct: cpu === null ? null : round((cpu / DURATION) * 100, 0),
    server_cpu_us_per_req: cpu === null || !r.requests.total ? null : round((cpu / r.requests.total) * 1e6, 0),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    status_codes: statusCodes,
  };
}

async function benchDatabase(name, databaseUrl) {
  const dataDir = mkdtempSync(join(os.tmpdir(), `posauto-bench-${name}-`));
  tempDirs.add(dataDir);
  cleanups.push(async () => removeDir(dataDir));
  const env = serverEnv(dataDir, databaseUrl, await freePort());

  process.stdout.write(`\n[${name}] starting the server...\n`);
  const t0 = performance.now();
  const server = await startServer(env);
  const startMs = Math.round(performance.now() - t0);

  // The web app's first load, once (on SQLite, before the bulk seed): what /login and the signed-in home page load.
  let webWeight = null;
  if (name === 'sqlite') webWeight = await measureWeb(server.base);
  checkInterrupted();
  // Lighthouse on the demo shop as a shop has it (before the bulk seed), on SQLite only: the pages, not the database.
  let lighthouse = null;
  if (name === 'sqlite' && MEASURE_LIGHTHOUSE) lighthouse = await measureLighthousePages(server.base);
  checkInterrupted();
  // The room board, on SQLite only (its cost is the browser's) and before the bulk seed: a karaoke shop's catalogue,
  // which the board loads too, is the demo's, not 100,000 products.
  let roomsBoard = null;
  if (name === 'sqlite' && MEASURE_ROOMS_BOARD) roomsBoard = await measureRoomsBoard(server.base);
  checkInterrupted();
  // The offline till's backlog, on both databases (the server's rate is what drains it), before the bulk seed.
  let offlineBacklog = null;
  if (MEASURE_OUTBOX) offlineBacklog = await measureOfflineBacklog(name, server.base);
  checkInterrupted();

  let seed = null;
  let page1 = null;
  let search = null;
  let byMember = null;
  let byPhone = null;
  const login = await api(server.base, '/api/v1/login', { method: 'POST', body: OWNER });
  const token = login.access_token;
  const route = (key) => ALL_ROUTES.find((r) => r.key === key).path;
  if (CATALOGUE_NEEDED) {
    process.stdout.write(
      `[${name}] seeding ${CATEGORIES.toLocaleString('en-US')} categories, ${PRODUCTS.toLocaleString('en-US')} products and ${CUSTOMERS.toLocaleString('en-US')} customers into Demo Coffee...\n`,
    );
    seed = await seedCategories(env);
    checkInterrupted();
    process.stdout.write(
      `[${name}] seeded ${seed.inserted.toLocaleString('en-US')} categories and ${seed.products.toLocaleString('en-US')} products` +
        (seed.stock
          ? ` with ${seed.stock.levels.toLocaleString('en-US')} stock levels in ${seed.stock.branches} branches (${seed.stock.adjustments} opening adjustments${seed.stock.branches_added ? `, ${seed.stock.branches_added} branch added` : ''})`
          : '') +
        ` in ${(seed.ms / 1000).toFixed(1)} s\n`,
    );

    // Sanity checks: the counter-backed total counts the seeded rows, and the measured pages answer what we think.
    page1 = await api(server.base, route('list'), { token });
    search = await api(server.base, route('search'), { token });
    byMember = await api(server.base, route('customers_search'), { token });
    byPhone = await api(server.base, route('customers_phone'), { token });
    // Categories 099900-099999, Member IDs M012340-M012349, phones +855 10 019900-019999: the search's answer is a scan's.
    if (search.meta.total !== 100 || byMember.meta.total !== 10 || byPhone.meta.total !== 100) {
      throw new Error(
        `Unexpected list search answers: categories ${search.meta.total} (100 expected), customers by Member ID ${byMember.meta.total} (10), by phone ${byPhone.meta.total} (100)`,
      );
    }
    if (page1.meta.total < CATEGORIES || page1.data.length !== 10) {
      throw new Error(`Unexpected list answer after seeding: total ${page1.meta.total}, ${page1.data.length} rows`);
    }
  }
  // The product checks need the full catalogue (the measured SKU is product 54,321): only when a product route is measured.
  const products = ROUTES.some((r) => r.key.startsWith('products')) ? await checkProducts(server.base, route, token) : null;
  // The stock page counts every seeded product in each branch; the requests need a branch, a type, a supplier, products.
  const stock = STOCK_MEASURED ? await checkStock(server.base, route, token) : null;
  const sales = SALES_MEASURED ? await prepareSales(name, server.base, token) : null;
  const ledgerTarget = databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'sqlite', file: join(dataDir, 'posauto.sqlite') };

  const routes = {};
  let adjustRaw = null;
  let saleRaw = null;
  for (const route of ROUTES.filter((r) => !r.report)) {
    process.stdout.write(
      `[${name}] ${route.label}: ${WARMUP}s warm-up + ${DURATION}s at ${route.connections ?? CONNECTIONS} connections...\n`,
    );
    if (route.sale) await settle(ledgerTarget);
    routes[route.key] = await measure(
      server.base,
      route,
      token,
      server.pid,
      route.adjust ? adjustmentRequests(stock.setup, token) : route.sale ? saleRequests(sales.setup, sales.tills) : undefined,
    );
    if (server.exited()) {
      throw new Error(
        `The server stopped during ${route.label} (${server.exited()}; a 503 means it was sent SIGTERM or SIGINT). Its last output:\n${server.output()}`,
      );
    }
    if (route.adjust) adjustRaw = await measureRawAdjustments(name, ledgerTarget, stock.setup, routes[route.key]);
    if (route.sale) {
      await settle(ledgerTarget);
      saleRaw = await measureRawSales(name, ledgerTarget, sales, routes[route.key]);
    }
  }
  let purchases = null;
  if (MEASURE_PURCHASES) {
    process.stdout.write(
      `[${name}] POST /api/v1/purchases (${PURCHASE_LINES} lines, received): ${PURCHASE_WARMUP} warm-up + ${PURCHASE_COUNT} one after the other...\n`,
    );
    purchases = await receivePurchases(server.base, token, stock.setup, {
      warmup: PURCHASE_WARMUP,
      count: PURCHASE_COUNT,
      isInterrupted: () => interrupted,
    });
  }
  let sessionClose = null;
  if (MEASURE_CLOSE) {
    process.stdout.write(`[${name}] one till sells ${CLOSE_SALES.toLocaleString('en-US')} sales, then closes its session (timed)...\n`);
    const [till] = await createTills(api, server.base, token, sales.setup, 1, 'close');
    sessionClose = await closeSession(server.base, till, sales.setup, ledgerTarget, { isInterrupted: () => interrupted });
    if (!sessionClose.expected_matches_entries)
      throw new Error(`The closed session's expected cash disagrees with its entries: ${JSON.stringify(sessionClose)}`);
  }
  let tillScan = null;
  if (MEASURE_SCAN) tillScan = await measureScan(name, server.base, token, sales.setup);
  let kitchen = null;
  if (MEASURE_KITCHEN) {
    process.stdout.write(
      `[${name}] ${KITCHEN_TABLES} tables send to the kitchen at once, ${KITCHEN_ROUNDS} times, a kitchen display listening...\n`,
    );
    kitchen = await measureKitchenSends(server.base, token, {
      tables: KITCHEN_TABLES,
      rounds: KITCHEN_ROUNDS,
      isInterrupted: () => interrupted,
    });
    process.stdout.write(formatKitchenSends(name, kitchen));
  }
  // Last, as it grows the sales tables: a year of sales, then the reports over it.
  const reports = REPORTS_MEASURED ? await measureReports(name, server, token, ledgerTarget, routes) : null;
  const health = routes.health.requests_per_s;
  for (const r of Object.values(routes)) r.ratio_to_health = health ? round(r.requests_per_s / health, 3) : null;
  // Whatever the run wrote, every level still equals the sum of its movements (stock-invariants.ts).
  const ledger = STOCK_MEASURED || SALES_MEASURED ? await ledgerMismatches(ledgerTarget) : null;
  if (ledger) throw new Error(`${ledger} stock levels disagree with the sums of their movements after the run`);

  await server.stop();
  return {
    server_start_ms: startMs,
    web_weight: webWeight,
    lighthouse,
    rooms_board: roomsBoard,
    offline_backlog: offlineBacklog,
    seed: seed && { categories: seed.inserted, products: seed.products, customers: seed.customers, ms: seed.ms },
    list_total: page1?.meta.total ?? null,
    search_matches: search?.meta.total ?? null,
    customer_search_matches: byMember && { member_id: byMember.meta.total, phone: byPhone.meta.total },
    product_total: products?.total ?? null,
    product_name_matches: products?.nameMatches ?? null,
    stock_total: stock?.total ?? null,
    stock_page_single_ms: stock?.singleMs ?? null,
    routes,
    stock_adjust_raw: adjustRaw,
    purchase_receive: purchases,
    sale_commit_raw: saleRaw,
    session_close: sessionClose,
    till_scan: tillScan,
    kitchen_send: kitchen,
    reports,
    ledger_mismatches: ledger,
  };
}

/**
 * Seeds a year of sales (REPORT_LINES lines) straight into the tables, then measures the report routes under load
 * (into `routes`; a route not registered yet is skipped and named) and times the year's profit and loss.
 */
async function measureReports(name, server, token, target, routes) {
  process.stdout.write(`[${name}] seeding a year of sales: ${REPORT_LINES.toLocaleString('en-US')} sale lines...\n`);
  const seeded = await seedReportHistory(target, { lines: REPORT_LINES });
  checkInterrupted();
  if (server.exited())
    throw new Error(`The server stopped while the year was seeded (${server.exited()}). Its last output:\n${server.output()}`);
  process.stdout.write(
    `[${name}] seeded ${seeded.sales.toLocaleString('en-US')} sales, ${seeded.lines.toLocaleString('en-US')} lines, ${seeded.returns.toLocaleString('en-US')} returns (${seeded.from} to ${seeded.to}) in ${(seeded.ms / 1000).toFixed(1)} s\n`,
  );
  const skipped = [];
  for (const route of ROUTES.filter((r) => r.report)) {
    if (!(await routeExists(server.base, route.path, token))) {
      process.stdout.write(`[${name}] ${route.label}: SKIPPED, the route is not there yet\n`);
      skipped.push({ key: route.key, label: route.label, reason: 'route not registered (404)' });
      continue;
    }
    // One request alone on the idle server first (the probe above warmed it): what a single user waits.
    const t = performance.now();
    await api(server.base, route.path, { token });
    const singleMs = round(performance.now() - t, 1);
    process.stdout.write(
      `[${name}] ${route.label}: ${singleMs} ms alone; ${WARMUP}s warm-up + ${DURATION}s at ${route.connections ?? CONNECTIONS} connections...\n`,
    );
    routes[route.key] = { ...(await measure(server.base, route, token, server.pid)), single_ms: singleMs };
    if (server.exited())
      throw new Error(`The server stopped during ${route.label} (${server.exited()}). Its last output:\n${server.output()}`);
  }
  let profitLoss = null;
  if (MEASURE_PROFIT_LOSS) {
    process.stdout.write(`[${name}] GET reports/profit-loss of the seeded year: 1 cold + ${PROFIT_LOSS_RUNS} timed, one at a time...\n`);
    profitLoss = await measureProfitLoss(server.base, token, seeded);
    if (profitLoss.skipped) process.stdout.write(`[${name}] profit and loss: SKIPPED, ${profitLoss.skipped}\n`);
  }
  return { seed: seeded, profit_loss: profitLoss, skipped_routes: skipped };
}

/** Lighthouse (desktop) over the shop's main pages, median of LIGHTHOUSE_RUNS (bench/lighthouse-bench.mjs). */
async function measureLighthousePages(base) {
  if (!existsSync(join(WEB_DIST, 'index.html'))) return { skipped: `no built web app in ${WEB_DIST} (npm run build -w @posauto/web)` };
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (CHROMIUM_PATH)` };
  process.stdout.write(`[sqlite] Lighthouse (desktop), ${LIGHTHOUSE_RUNS} runs a page...\n`);
  try {
    return { pages: await measureLighthouse(base, { runs: LIGHTHOUSE_RUNS, executablePath: CHROMIUM }), targets: LIGHTHOUSE_TARGETS };
  } catch (e) {
    return { error: e.message };
  }
}

/**
 * The room board with ROOMS_BOARD_ROOMS rooms in use (bench/rooms-board-bench.mjs): set up through the API as the demo
 * owner, then /rooms in Chromium as the owner; skipped without a built web app or a Chromium.
 */
async function measureRoomsBoard(base) {
  if (!existsSync(join(WEB_DIST, 'index.html'))) return { skipped: `no built web app in ${WEB_DIST} (npm run build -w @posauto/web)` };
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (CHROMIUM_PATH)` };
  try {
    const res = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const userData = await res.text();
    if (!res.ok) throw new Error(`sign-in as the owner answered ${res.status}`);
    const setup = await seedRoomBoard(base, JSON.parse(userData).access_token, { rooms: ROOMS_BOARD_ROOMS });
    process.stdout.write(
      `[sqlite] room board: ${setup.rooms} rooms in ${setup.branch_name} ${JSON.stringify(setup.states)}; /rooms in Chromium, ${ROOMS_BOARD_SETTLE}s settle + ${ROOMS_BOARD_SECONDS}s measured...\n`,
    );
    const board = await measureRoomBoard(base, userData, setup.branch_id, {
      rooms: setup.rooms,
      seconds: ROOMS_BOARD_SECONDS,
      settle: ROOMS_BOARD_SETTLE,
      executablePath: CHROMIUM,
    });
    process.stdout.write(formatRoomBoard('sqlite', board));
    return { setup, ...board, holds: roomBoardHolds(board, setup.rooms) };
  } catch (e) {
    return { error: e.message };
  }
}

/**
 * The offline till's backlog (bench/outbox-bench.mjs): the demo cashier's till with OUTBOX_WAITING sales waiting in its
 * outbox, opened online; the time until its badge reads zero against its live sale rate. Skipped without a built web
 * app or a Chromium.
 */
async function measureOfflineBacklog(name, base) {
  if (!existsSync(join(WEB_DIST, 'index.html'))) return { skipped: `no built web app in ${WEB_DIST} (npm run build -w @posauto/web)` };
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (CHROMIUM_PATH)` };
  try {
    const signIn = async (who) => {
      const res = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(who),
      });
      if (!res.ok) throw new Error(`sign-in as ${who.email} answered ${res.status}`);
      return res.text();
    };
    const owner = JSON.parse(await signIn(OWNER)).access_token;
    const userData = await signIn(CASHIER);
    const token = JSON.parse(userData).access_token;
    const current = await api(base, '/api/v1/cash-sessions/current', { token });
    if (!current.data)
      await api(base, '/api/v1/cash-sessions/open', { method: 'POST', token, body: { opening_usd: '20', opening_khr: '40000', note: '' } });
    process.stdout.write(`[${name}] offline backlog: ${OUTBOX_WAITING} sales waiting in a till's outbox, sent when it opens online...\n`);
    const r = await measureOutboxDrain(base, userData, owner, { waiting: OUTBOX_WAITING, executablePath: CHROMIUM });
    process.stdout.write(formatOutboxDrain(name, r));
    return r;
  } catch (e) {
    return { error: e.message };
  }
}

/** Opens /login and / in Chromium (bench/web-weight.mjs); skipped without a built web app or a Chromium. */
async function measureWeb(base) {
  if (!existsSync(join(WEB_DIST, 'index.html'))) return { skipped: `no built web app in ${WEB_DIST} (npm run build -w @posauto/web)` };
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (CHROMIUM_PATH)` };
  process.stdout.write(`[sqlite] web app weight: /login, / and /sale-pos in Chromium...\n`);
  let pages;
  try {
    pages = await measureWebWeight(base, { lang: 'km', executablePath: CHROMIUM });
  } catch (e) {
    return { error: e.message };
  }
  return {
    pages: pages.map(({ files, ...p }) => ({
      ...p,
      js_files: files.filter((f) => f.kind === 'js').map((f) => ({ path: f.path, gzip: f.gzip, transferred: f.transferred })),
    })),
    login_js_gzip_limit_kb: LOGIN_JS_LIMIT_KB,
  };
}

/** The scanner's Enter to the line on screen on /sale-pos, the whole catalogue loaded (bench/till-bench.mjs). */
async function measureScan(name, base, token, setup) {
  if (!existsSync(join(WEB_DIST, 'index.html'))) return { skipped: `no built web app in ${WEB_DIST} (npm run build -w @posauto/web)` };
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (CHROMIUM_PATH)` };
  process.stdout.write(
    `[${name}] till in Chromium: ${SCANS} scans with ${PRODUCTS.toLocaleString('en-US')} products in the catalogue...\n`,
  );
  const [till] = await createTills(api, base, token, setup, 1, 'scan');
  // Products spread over the whole catalogue (the seeded product i has the in-store EAN-13 2 + i + check digit; every
  // tenth is inactive, so not on the till).
  const codes = Array.from({ length: SCANS }, (_, i) => {
    const n = 1 + Math.floor(((i + 0.5) * (PRODUCTS - 1)) / SCANS);
    return benchBarcode(n % 10 === 0 ? n + 1 : n);
  });
  try {
    return { ...(await measureTillScan(base, till.userData, codes, { executablePath: CHROMIUM })), target_ms: SCAN_TARGET_MS };
  } catch (e) {
    return { error: e.message };
  }
}

// ---------------------------------------------------------------- PostgreSQL

async function preparePostgres() {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || PG_DEFAULT;
  let pg;
  try {
    pg = require('pg');
  } catch {
    return { skipped: 'the pg package is not installed' };
  }
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (e) {
    return { skipped: `PostgreSQL not reachable at ${redact(url)} (${e.message})` };
  }
  const dbName = `posauto_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${dbName}`);
  } catch (e) {
    await admin.end().catch(() => {});
    return { skipped: `cannot create a database at ${redact(url)} (${e.message})` };
  }
  cleanups.push(async () => {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } catch {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    } finally {
      await admin.end().catch(() => {});
    }
  });
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  const version = (await admin.query('SHOW server_version')).rows[0]?.server_version;
  return { url: target.toString(), dbName, version, server: redact(url) };
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

// ---------------------------------------------------------------- report

function machine() {
  const cpus = os.cpus();
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    /* not a git checkout */
  }
  return {
    cpu_model: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    load_average_at_start: os.loadavg().map((n) => round(n)),
    commit,
  };
}

function table(results) {
  const head = ['database', 'route', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'vs health', 'srv CPU', 'CPU us/req'];
  const rows = [];
  for (const [db, run] of Object.entries(results.databases)) {
    if (!run.routes) {
      rows.push([db, run.skipped ? `skipped: ${run.skipped}` : `error: ${run.error}`, '', '', '', '', '', '', '', '']);
      continue;
    }
    for (const r of Object.values(run.routes)) {
      rows.push([
        db,
        r.route,
        String(r.connections),
        r.requests_per_s.toFixed(1),
        String(r.latency_p50_ms),
        String(r.latency_p99_ms),
        String(r.non2xx + r.errors + r.timeouts === 0 ? 0 : `${r.non2xx} (+${r.errors} err, ${r.timeouts} t/o)`),
        `${(r.ratio_to_health * 100).toFixed(1)}%`,
        r.server_cpu_pct === null ? '-' : `${r.server_cpu_pct}%`,
        r.server_cpu_us_per_req === null ? '-' : String(r.server_cpu_us_per_req),
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.filter((r) => r[2] !== '').map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const r of rows) out.push(r[2] === '' ? `${r[0].padEnd(widths[0])}  ${r[1]}` : line(r));
  return out.join('\n');
}

/** The stock targets of each database run: the stock page against health, the adjustments against the raw writes. */
function stockTargets(results) {
  const out = [];
  for (const [db, run] of Object.entries(results.databases)) {
    const stock = run.routes?.stock;
    if (stock) {
      const ratio = stock.ratio_to_health;
      const holds = ratio !== null && ratio >= STOCK_TARGET_RATIO;
      const pct = `${(ratio * 100).toFixed(1)}%`;
      out.push({
        key: 'stock',
        database: db,
        description: `GET /api/v1/stock page 1 (${PRODUCTS.toLocaleString('en-US')} products x ${STOCK_BRANCHES} branches) at ${CONNECTIONS} connections keeps >= ${STOCK_TARGET_RATIO * 100}% of the health route's throughput`,
        ratio,
        holds,
        line: holds
          ? `Stock target HOLDS on ${db}: the stock page keeps ${pct} of the health route's throughput (>= ${STOCK_TARGET_RATIO * 100}% required)`
          : `Stock target MISSED on ${db}: the stock page keeps only ${pct} of the health route's throughput (>= ${STOCK_TARGET_RATIO * 100}% required)`,
      });
    }
    const raw = run.stock_adjust_raw;
    if (raw) {
      const ratio = raw.server_to_raw;
      const holds = ratio !== null && ratio >= ADJUST_TARGET_RATIO;
      const pct = `${(ratio * 100).toFixed(1)}%`;
      const what = `${run.routes.stock_adjust.requests_per_s.toFixed(1)} vs ${raw.tx_per_s.toFixed(1)} raw tx/s`;
      out.push({
        key: 'stock_adjust',
        database: db,
        description: `POST /api/v1/stock-adjustments (1 line) at ${CONNECTIONS} connections reaches >= ${ADJUST_TARGET_RATIO * 100}% of a raw durable transaction doing the same writes`,
        ratio,
        holds,
        line: holds
          ? `Adjustment target HOLDS on ${db}: the API posts ${pct} of the raw transaction's rate (${what}; >= ${ADJUST_TARGET_RATIO * 100}% required)`
          : `Adjustment target MISSED on ${db}: the API posts only ${pct} of the raw transaction's rate (${what}; >= ${ADJUST_TARGET_RATIO * 100}% required)`,
      });
    }
  }
  return out;
}

/** The raw transactions and the 200-line purchases, under the routes. */
function stockDocumentsTable(results) {
  const head = ['database', 'measurement', 'conns', 'n', 'per s', 'p50 ms', 'p99 ms', 'vs server'];
  const rows = [];
  for (const [db, run] of Object.entries(results.databases)) {
    if (run.stock_page_single_ms !== null && run.stock_page_single_ms !== undefined) {
      rows.push([db, 'GET stock page 1, one request alone', '1', '1', '-', String(run.stock_page_single_ms), '-', '-']);
    }
    const raw = run.stock_adjust_raw;
    if (raw) {
      rows.push([
        db,
        'raw transaction, same writes as 1 adjustment',
        String(raw.connections),
        String(raw.transactions),
        raw.tx_per_s.toFixed(1),
        String(raw.latency_p50_ms),
        String(raw.latency_p99_ms),
        `${(raw.server_to_raw * 100).toFixed(1)}%`,
      ]);
    }
    const p = run.purchase_receive;
    if (p) {
      rows.push([
        db,
        `POST purchases, ${p.lines} lines, received`,
        '1',
        String(p.count),
        (1000 / p.latency_mean_ms).toFixed(1),
        String(p.latency_p50_ms),
        String(p.latency_p99_ms),
        '-',
      ]);
    }
  }
  if (!rows.length) return null;
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The sales targets of each database run (the till's weight is measured once, on SQLite). */
function salesTargets(results) {
  const out = [];
  const add = (key, database, description, holds, line) => out.push({ key, database, description, holds, line: `${line}` });
  for (const [db, run] of Object.entries(results.databases)) {
    const raw = run.sale_commit_raw;
    if (raw) {
      const served = run.routes.sale_commit;
      const ratio = raw.server_to_raw;
      const least = SALE_TARGET_RATIO[db] ?? SALE_TARGET_RATIO.postgres;
      const clean = served.non2xx + served.errors + served.timeouts === 0;
      const fast = ratio !== null && ratio >= least && clean;
      const what = `${served.requests_per_s.toFixed(1)} vs ${raw.tx_per_s.toFixed(1)} raw tx/s, ${served.non2xx} non-2xx`;
      add(
        'sale_commit',
        db,
        `POST /api/v1/sales (${SALE_LINES} lines, paid in cash) at ${TILLS} tills reaches >= ${least * 100}% of a raw durable transaction doing the same writes`,
        fast,
        `Sale target ${fast ? 'HOLDS' : 'MISSED'} on ${db}: ${TILLS} tills commit at ${(ratio * 100).toFixed(1)}% of the raw transaction's rate (${what}; >= ${least * 100}% required)`,
      );
      const limit = raw.latency_p99_ms * SALE_P99_FACTOR;
      const steady = clean && served.latency_p99_ms <= limit;
      add(
        'sale_p99',
        db,
        `POST /api/v1/sales at ${TILLS} tills: p99 within ${SALE_P99_FACTOR}x the raw transaction's p99 at the same ${TILLS} tills`,
        steady,
        `Sale p99 target ${steady ? 'HOLDS' : 'MISSED'} on ${db}: p99 ${served.latency_p99_ms} ms (p50 ${served.latency_p50_ms}) against the raw transaction's ${raw.latency_p99_ms} ms (p50 ${raw.latency_p50_ms}) at ${TILLS} tills (<= ${round(limit, 1)} ms required)`,
      );
    }
    const c = run.session_close;
    if (c) {
      const holds = c.close_ms < CLOSE_TARGET_MS && c.expected_matches_entries;
      add(
        'session_close',
        db,
        `POST /api/v1/cash-sessions/:id/close of a session of ${CLOSE_SALES} sales answers within ${CLOSE_TARGET_MS} ms`,
        holds,
        `Session close target ${holds ? 'HOLDS' : 'MISSED'} on ${db}: a session of ${c.sales_in_session} sales closed in ${c.close_ms} ms (under ${CLOSE_TARGET_MS} ms required; expected cash ${c.expected_matches_entries ? 'equals' : 'DIFFERS FROM'} its entries)`,
      );
    }
    const scan = run.till_scan;
    if (scan?.p99_ms !== undefined) {
      const holds = scan.max_ms !== null && scan.max_ms < SCAN_TARGET_MS && !scan.missed.length;
      add(
        'till_scan',
        db,
        `In Chromium, the scanner's Enter to the cart line on /sale-pos with ${PRODUCTS} products takes under ${SCAN_TARGET_MS} ms`,
        holds,
        `Scan target ${holds ? 'HOLDS' : 'MISSED'} on ${db}: Enter to line p50 ${scan.p50_ms} ms, p99 ${scan.p99_ms} ms, max ${scan.max_ms} ms over ${scan.measured} scans${scan.missed.length ? `, ${scan.missed.length} MISSED` : ''} (under ${SCAN_TARGET_MS} ms required)`,
      );
    } else if (scan)
      add('till_scan', db, 'scan', false, `Scan on ${db}: ${scan.skipped ? `skipped (${scan.skipped})` : `FAILED (${scan.error})`}`);
    const k = run.kitchen_send;
    if (k) {
      const holds = k.display_ms.p99 !== null && k.display_ms.p99 < KITCHEN_TARGET_MS && !k.missed;
      add(
        'kitchen_send',
        db,
        `POST /api/v1/table-orders/:id/send at ${k.tables} tables at once: the ticket reaches a connected kitchen display within ${KITCHEN_TARGET_MS} ms, p99`,
        holds,
        `Kitchen send target ${holds ? 'HOLDS' : 'MISSED'} on ${db}: ticket on the display p50 ${k.display_ms.p50} ms, p99 ${k.display_ms.p99} ms (answer p99 ${k.send_ms.p99} ms) over ${k.sends} sends${k.missed ? `, ${k.missed} NEVER HEARD` : ''} (under ${KITCHEN_TARGET_MS} ms required)`,
      );
    }
  }
  for (const page of results.databases.sqlite?.lighthouse?.pages ?? [])
    add(
      'lighthouse',
      'sqlite',
      `Lighthouse desktop on ${page.path}: performance >= ${LIGHTHOUSE_TARGETS.performance}, accessibility and best practices ${LIGHTHOUSE_TARGETS.accessibility}, CLS < ${LIGHTHOUSE_TARGETS.cls}`,
      page.meets,
      `Lighthouse ${page.path} ${page.meets ? 'HOLDS' : 'MISSED'}: performance ${page.performance}, accessibility ${page.accessibility}, best practices ${page['best-practices']}, CLS ${page.cls}`,
    );
  const till = results.databases.sqlite?.web_weight?.pages?.find((p) => p.path === '/sale-pos');
  if (till) {
    const kb = round(till.js.gzip / 1024, 1);
    const onTill = new URL(till.url).pathname === '/sale-pos';
    const holds = kb <= LOGIN_JS_LIMIT_KB && onTill;
    add(
      'till_weight',
      'sqlite',
      `The JavaScript /sale-pos loads is at most ${LOGIN_JS_LIMIT_KB} KB gzip`,
      holds,
      `Till weight target ${holds ? 'HOLDS' : 'MISSED'}: /sale-pos loads ${kb} KB of JavaScript, gzip (<= ${LOGIN_JS_LIMIT_KB} KB required${onTill ? '' : `; the page ended on ${till.url}`})`,
    );
  }
  return out;
}

/** The reports' target (the year's profit and loss under PROFIT_LOSS_TARGET_MS) and their throughput, per database. */
function reportsTargets(results) {
  const out = [];
  for (const [db, run] of Object.entries(results.databases)) {
    const r = run.reports;
    if (!r) continue;
    const pl = r.profit_loss;
    const year = `${r.seed.sales.toLocaleString('en-US')} sales, ${r.seed.lines.toLocaleString('en-US')} lines`;
    if (pl?.skipped)
      out.push({ key: 'report_profit_loss', database: db, holds: false, line: `Profit-and-loss target on ${db}: SKIPPED (${pl.skipped})` });
    else if (pl) {
      const holds = pl.p50_ms < PROFIT_LOSS_TARGET_MS;
      out.push({
        key: 'report_profit_loss',
        database: db,
        description: `GET /api/v1/reports/profit-loss of a year (${year}) answers in under ${PROFIT_LOSS_TARGET_MS} ms (p50 of ${pl.runs}, one at a time)`,
        holds,
        line: `Profit-and-loss target ${holds ? 'HOLDS' : 'MISSED'} on ${db}: the year (${year}) in p50 ${pl.p50_ms} ms, max ${pl.max_ms} ms, cold ${pl.cold_ms} ms (under ${PROFIT_LOSS_TARGET_MS} ms required)`,
      });
    }
    const ratio = (key) => {
      const x = run.routes?.[key];
      return x
        ? `${(x.ratio_to_health * 100).toFixed(1)}% of health (${x.requests_per_s.toFixed(1)} req/s, p99 ${x.latency_p99_ms} ms; ${x.single_ms} ms alone)`
        : 'not measured';
    };
    out.push({
      key: 'reports_throughput',
      database: db,
      holds: null,
      line: `Reports on ${db} over ${year}: sale report of last month ${ratio('report_sales')}; dashboard ${ratio('dashboard')}${r.skipped_routes.length ? `; SKIPPED: ${r.skipped_routes.map((x) => x.key).join(', ')}` : ''}`,
    });
  }
  return out;
}

/** The room board's target (SQLite run): every measured second under ROOMS_BOARD_TARGET_MS of main-thread work. */
function roomsTargets(results) {
  const r = results.databases.sqlite?.rooms_board;
  if (!r) return [];
  const key = 'rooms_board';
  if (r.skipped || r.error)
    return [
      {
        key,
        database: 'sqlite',
        holds: false,
        line: `Room board on sqlite: ${r.skipped ? `SKIPPED (${r.skipped})` : `FAILED (${r.error})`}`,
      },
    ];
  const b = r.busy_ms;
  const why = [!r.ticking && 'the board did NOT tick', r.cards < r.setup.rooms && `only ${r.cards} of ${r.setup.rooms} cards`].filter(
    Boolean,
  );
  return [
    {
      key,
      database: 'sqlite',
      description: `In Chromium (${r.viewport.width}x${r.viewport.height}), /rooms with ${r.setup.rooms} rooms in use stays under ${ROOMS_BOARD_TARGET_MS} ms of main-thread work in every second of ${r.seconds}`,
      holds: r.holds,
      line: `Room board target ${r.holds ? 'HOLDS' : 'MISSED'} on sqlite: ${r.setup.rooms} rooms in use, main thread busy per second p50 ${b.p50} ms, p95 ${b.p95} ms, max ${b.max} ms over ${r.seconds} s${why.length ? ` (${why.join(', ')})` : ''} (under ${ROOMS_BOARD_TARGET_MS} ms required)`,
    },
  ];
}

/** The raw sale transactions, the session closes and the scans, under the routes. */
function salesTable(results) {
  const head = ['database', 'measurement', 'conns', 'n', 'per s', 'p50 ms', 'p99 ms', 'vs server'];
  const rows = [];
  for (const [db, run] of Object.entries(results.databases)) {
    const raw = run.sale_commit_raw;
    if (raw) {
      // SQLite: one transaction at a time, the tills taking turns; its latency is a till's wait for its turn and
      // its sale (as the server's sales are measured), and the transaction alone is on the next row.
      rows.push([
        db,
        raw.alone_p99_ms === undefined ? `raw transaction, same writes as 1 sale` : `raw transaction, ${TILLS} tills taking turns`,
        String(raw.connections),
        String(raw.transactions),
        raw.tx_per_s.toFixed(1),
        String(raw.latency_p50_ms),
        String(raw.latency_p99_ms),
        `${(raw.server_to_raw * 100).toFixed(1)}%`,
      ]);
      if (raw.alone_p99_ms !== undefined)
        rows.push([
          db,
          `raw transaction alone`,
          '1',
          String(raw.transactions),
          '-',
          String(raw.alone_p50_ms),
          String(raw.alone_p99_ms),
          '-',
        ]);
    }
    const c = run.session_close;
    if (c) {
      rows.push([
        db,
        `${c.sales} sales by one till (to close)`,
        String(c.concurrency),
        String(c.sales),
        (c.sales / c.selling_s).toFixed(1),
        '-',
        '-',
        '-',
      ]);
      rows.push([db, `POST cash-sessions/:id/close, ${c.sales_in_session} sales`, '1', '1', '-', String(c.close_ms), '-', '-']);
    }
    const kitchenRun = run.kitchen_send;
    if (kitchenRun) {
      rows.push([
        db,
        'POST table-orders/:id/send (answer)',
        String(kitchenRun.tables),
        String(kitchenRun.sends),
        '-',
        String(kitchenRun.send_ms.p50),
        String(kitchenRun.send_ms.p99),
        `max ${kitchenRun.send_ms.max}`,
      ]);
      rows.push([
        db,
        'send to ticket on the kitchen display',
        String(kitchenRun.tables),
        String(kitchenRun.sends),
        '-',
        String(kitchenRun.display_ms.p50),
        String(kitchenRun.display_ms.p99),
        `max ${kitchenRun.display_ms.max}`,
      ]);
    }
    const scan = run.till_scan;
    if (scan?.p50_ms !== undefined)
      rows.push([
        db,
        `till scan, Enter to line (catalogue in ${scan.catalogue_ready_ms} ms)`,
        '1',
        String(scan.measured),
        '-',
        String(scan.p50_ms),
        String(scan.p99_ms),
        `max ${scan.max_ms}`,
      ]);
  }
  if (!rows.length) return null;
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  const started = Date.now();
  const built = await buildIfStale();
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    machine: machine(),
    settings: {
      server: ALT_DIST ?? 'apps/server/dist',
      duration_s: DURATION,
      warmup_s: WARMUP,
      connections: CONNECTIONS,
      login_connections: LOGIN_CONNECTIONS,
      categories: CATEGORIES,
      customers: CUSTOMERS,
      products: PRODUCTS,
      stock_branches: STOCK_BRANCHES,
      purchases: { lines: PURCHASE_LINES, warmup: PURCHASE_WARMUP, count: PURCHASE_COUNT },
      sales: { tills: TILLS, lines: SALE_LINES, close_sales: CLOSE_SALES, scans: SCANS },
      reports: { sale_lines: REPORT_LINES, profit_loss_runs: PROFIT_LOSS_RUNS },
      rooms_board: { rooms: ROOMS_BOARD_ROOMS, seconds: ROOMS_BOARD_SECONDS, settle_s: ROOMS_BOARD_SETTLE },
      offline_backlog: { waiting: OUTBOX_WAITING, live_sales: OUTBOX_DEFAULTS.live },
      built_server: built,
    },
    databases: {},
    target: null,
  };
  let failed = false;

  try {
    results.databases.sqlite = await benchDatabase('sqlite', null);
  } catch (e) {
    if (interrupted) throw e;
    failed = true;
    results.databases.sqlite = { error: e.message };
    process.stderr.write(`[sqlite] ${e.message}\n`);
  }
  await runCleanups();

  checkInterrupted();
  const pgTarget = process.env.BENCH_POSTGRES === '0' ? { skipped: 'BENCH_POSTGRES=0' } : await preparePostgres();
  if (pgTarget.skipped) {
    process.stdout.write(`\n[postgres] skipped: ${pgTarget.skipped}\n`);
    results.databases.postgres = { skipped: pgTarget.skipped };
  } else {
    try {
      results.databases.postgres = {
        server_version: pgTarget.version,
        database: pgTarget.dbName,
        ...(await benchDatabase('postgres', pgTarget.url)),
      };
    } catch (e) {
      if (interrupted) throw e;
      failed = true;
      results.databases.postgres = { error: e.message };
      process.stderr.write(`[postgres] ${e.message}\n`);
    }
  }
  await runCleanups();

  const list = results.databases.sqlite?.routes?.list;
  const ratio = list?.ratio_to_health ?? null;
  results.target = {
    description: `GET /api/v1/categories page 1 at ${CONNECTIONS} connections keeps >= ${TARGET_RATIO * 100}% of the health route's throughput on SQLite`,
    ratio,
    holds: ratio !== null && ratio >= TARGET_RATIO,
  };
  results.stock_targets = stockTargets(results);
  results.sales_targets = salesTargets(results);
  results.reports_targets = reportsTargets(results);
  results.rooms_targets = roomsTargets(results);
  results.total_s = Math.round((Date.now() - started) / 1000);
  results.machine.load_average_at_end = os.loadavg().map((n) => round(n));

  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);

  process.stdout.write(
    `\nPOSAUTO benchmark, ${results.date}, node ${results.node}, ${results.machine.cpus} x ${results.machine.cpu_model}, ${CATEGORIES.toLocaleString('en-US')} categories\n\n`,
  );
  process.stdout.write(`${table(results)}\n\n`);
  const stockTable = stockDocumentsTable(results);
  if (stockTable) process.stdout.write(`${stockTable}\n\n`);
  const salesRows = salesTable(results);
  if (salesRows) process.stdout.write(`${salesRows}\n\n`);
  const lh = results.databases.sqlite?.lighthouse;
  if (lh?.pages) process.stdout.write(`${formatLighthouse(lh.pages)}\n\n`);
  else if (lh) process.stdout.write(`Lighthouse: ${lh.skipped ? 'skipped' : 'failed'} (${lh.skipped ?? lh.error})\n\n`);
  const web = results.databases.sqlite?.web_weight;
  if (web?.pages) {
    process.stdout.write(`Web app weight (first load, empty cache, Khmer; KB; "sent" = as Chromium received it, brotli):\n`);
    process.stdout.write(`${formatWebWeight(web.pages)}\n`);
    const login = web.pages.find((p) => p.path === '/login');
    const kb = login.js.gzip / 1024;
    process.stdout.write(
      `/login JavaScript: ${kb.toFixed(1)} KB gzip, ${kb <= LOGIN_JS_LIMIT_KB ? 'within' : 'OVER'} the ${LOGIN_JS_LIMIT_KB} KB budget\n\n`,
    );
  } else if (web?.skipped || web?.error)
    process.stdout.write(`Web app weight: ${web.skipped ? 'skipped' : 'failed'} (${web.skipped ?? web.error})\n\n`);

  const bad = [];
  for (const [db, run] of Object.entries(results.databases)) {
    for (const r of Object.values(run.routes ?? {})) {
      if (r.non2xx || r.errors || r.timeouts)
        bad.push(`${db} ${r.route}: ${r.non2xx} non-2xx ${JSON.stringify(r.status_codes)}, ${r.errors} errors, ${r.timeouts} timeouts`);
      else if (!r.requests_total) bad.push(`${db} ${r.route}: no response completed within the run`);
    }
  }
  if (bad.length) {
    failed = true;
    process.stdout.write(
      `WARNING: not every request got a 2xx answer in time, so those rows do not measure the route:\n  ${bad.join('\n  ')}\n\n`,
    );
  }
  if (ratio === null)
    process.stdout.write(
      results.databases.sqlite?.routes
        ? 'Target: not measured (BENCH_ROUTES has no list)\n'
        : 'Target: NOT MEASURED (the SQLite run did not complete)\n',
    );
  else {
    const pct = `${(ratio * 100).toFixed(1)}%`;
    process.stdout.write(
      results.target.holds
        ? `Target HOLDS: the list page keeps ${pct} of the health route's throughput on SQLite (>= ${TARGET_RATIO * 100}% required)\n`
        : `Target MISSED: the list page keeps only ${pct} of the health route's throughput on SQLite (>= ${TARGET_RATIO * 100}% required)\n`,
    );
  }
  for (const t of results.stock_targets) process.stdout.write(`${t.line}\n`);
  for (const t of results.sales_targets) process.stdout.write(`${t.line}\n`);
  for (const t of results.reports_targets) process.stdout.write(`${t.line}\n`);
  for (const t of results.rooms_targets) process.stdout.write(`${t.line}\n`);
  process.stdout.write(`Results written to ${RESULTS} (${results.total_s} s)\n`);
  // A missed target is a measurement, not a failure; a run that broke or saw errors is.
  return failed ? 1 : 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch(async (e) => {
    if (!interrupted) process.stderr.write(`bench: ${e?.stack ?? e}\n`);
    await runCleanups();
    process.exit(interrupted ? 130 : 1);
  });
