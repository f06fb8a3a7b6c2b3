#!/usr/bin/env node
/**
 * CPU profile of the real server under load on one route, summarised by where the time goes.
 * Usage: node bench/profile-http.mjs [path]   (default: /api/v1/categories?page=1&per_page=10)
 * Env: PROFILE_DURATION (s, default 8), BENCH_CATEGORIES (default 100000), BENCH_PRODUCTS (default 0), BENCH_STOCK
 * (branches the products are stocked in, default 0), PROFILE_DATABASE_URL (an empty PostgreSQL database to run on
 * instead of SQLite), PROFILE_KEEP=1 keeps the .cpuprofile.
 * Needs a built server (apps/server/dist/main.js and bench-seed.js; `npm run bench` builds them).
 * It starts `node --cpu-prof` on SQLite in a temporary DATA_DIR on 127.0.0.1, seeds, signs in as the demo owner,
 * loads the route with autocannon at 50 connections, stops the server, and attributes each CPU sample taken
 * during the load (leaf frame, self time) to a bucket: SQLite prepare, SQLite execution, Kysely, zod, Fastify,
 * helmet, Node's HTTP stack, the server's own source files (through the bundle's source map), GC, idle.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = process.env.BENCH_SERVER_DIST ?? join(ROOT, 'apps/server/dist'); // BENCH_SERVER_DIST: profile another build
const PATH = process.argv[2] ?? '/api/v1/categories?page=1&per_page=10';
const DURATION = Number(process.env.PROFILE_DURATION ?? 8);
const CATEGORIES = Number(process.env.BENCH_CATEGORIES ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 0);
const STOCK = Number(process.env.BENCH_STOCK ?? 0);

if (!existsSync(join(DIST, 'main.js')) || !existsSync(join(DIST, 'bench-seed.js'))) {
  console.error('Build the server first: npm run build -w @posauto/server');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'posauto-profile-http-'));
let server;
const cleanup = () => {
  try {
    server?.kill('SIGKILL');
  } catch {
    /* gone */
  }
  if (!process.env.PROFILE_KEEP) rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const env = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: String(port),
};
delete env.DATABASE_URL;
if (process.env.PROFILE_DATABASE_URL) env.DATABASE_URL = process.env.PROFILE_DATABASE_URL;
const base = `http://127.0.0.1:${port}`;
server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${join(dir, 'prof')}`, join(DIST, 'main.js')], { env, stdio: 'ignore' });
const exited = new Promise((r) => server.on('exit', r));

for (let i = 0; ; i++) {
  if (i > 400) throw new Error('the server did not start');
  try {
    if ((await fetch(`${base}/api/v1/health`)).ok) break;
  } catch {
    /* not yet */
  }
  await new Promise((r) => setTimeout(r, 150));
}
const seeded = spawnSync(
  process.execPath,
  [
    join(DIST, 'bench-seed.js'),
    '--count',
    String(CATEGORIES),
    '--products',
    String(PRODUCTS),
    ...(STOCK ? ['--stock', String(STOCK)] : []),
  ],
  {
    env,
    encoding: 'utf8',
  },
);
if (seeded.status !== 0) throw new Error(seeded.stderr);
const login = await (
  await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@posauto.local', password: 'owner1234' }),
  })
).json();

const load = (duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url: base + PATH, connections: 50, duration, headers: { authorization: `Bearer ${login.access_token}` } }, (e, r) =>
      e ? reject(e) : resolve(r),
    ),
  );
await load(2); // warm-up
await new Promise((r) => setTimeout(r, 1000));
const t0 = process.hrtime.bigint() / 1000n; // CLOCK_MONOTONIC in microseconds, the clock of V8's profile timestamps
const result = await load(DURATION);
const t1 = process.hrtime.bigint() / 1000n;
server.kill('SIGTERM');
await exited;

const file = readdirSync(join(dir, 'prof')).find((f) => f.endsWith('.cpuprofile'));
const prof = JSON.parse(readFileSync(join(dir, 'prof', file), 'utf8'));
const map = new SourceMap(JSON.parse(readFileSync(join(DIST, 'main.js.map'), 'utf8')));
const nodes = new Map(prof.nodes.map((n) => [n.id, n]));

function bucketOf(node) {
  const { functionName: fn, url, lineNumber, columnNumber } = node.callFrame;
  if (fn === '(idle)') return 'idle';
  if (fn === '(garbage collector)') return 'garbage collector';
  if (fn === '(program)') return 'V8/native (program)';
  if (url.includes('better-sqlite3') && fn === 'prepare') return 'SQLite: prepare() (statement compile, every query)';
  if (url.includes('sqlite-driver')) return 'SQLite: statement execution (native, under Kysely driver)';
  if (url.includes('better-sqlite3')) return 'better-sqlite3 JS';
  if (url.includes('/pg-protocol/')) return 'pg: wire protocol';
  if (url.includes('/pg/') || url.includes('/pg-pool/')) return 'pg: client';
  if (url.includes('/kysely/')) return 'Kysely: query building + compiling';
  if (url.includes('fastify-type-provider-zod')) return 'zod (fastify-type-provider-zod)';
  if (url.includes('/helmet') || url.includes('@fastify/helmet')) return 'helmet (rebuilt per request)';
  if (url.includes('@fastify/cors')) return '@fastify/cors';
  if (url.includes('fastify') || url.includes('find-my-way') || url.includes('avvio') || url.includes('light-my-request'))
    return 'Fastify core';
  if (url.includes('pino')) return 'pino';
  if (url.endsWith('/main.js') && url.includes(DIST)) {
    const entry = map.findEntry(lineNumber, columnNumber);
    const src = entry?.originalSource ?? '';
    if (src.includes('node_modules/zod')) return 'zod (bundled: validation + response parse)';
    return `server source: ${src.replace(/^.*?(apps\/server\/|packages\/)/, '$1').replace(/^\.\.\/src\//, 'src/')}`;
  }
  if (url.startsWith('node:') || url === '')
    return fn === '' ? 'native / builtins' : `Node: ${url.replace(/^node:internal\//, '').split('/')[0] || fn}`;
  return `other: ${url.split('node_modules/').pop()}`;
}

const totals = new Map();
let sampled = 0;
let t = prof.startTime;
for (let i = 0; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i];
  if (t < t0 || t > t1) continue;
  const d = prof.timeDeltas[i];
  const b = bucketOf(nodes.get(prof.samples[i]));
  totals.set(b, (totals.get(b) ?? 0) + d);
  sampled += d;
}
const busy = sampled - (totals.get('idle') ?? 0);
const reqs = result.requests.total;
console.log(
  `${PATH}: ${result.requests.average} req/s mean, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
);
console.log(
  `profiled ${(sampled / 1e6).toFixed(1)} s, busy ${((busy / sampled) * 100).toFixed(0)}%, ${reqs} requests: ${(busy / reqs).toFixed(0)} us of server CPU per request\n`,
);
console.log('  % busy   us/req  where');
for (const [b, d] of [...totals].sort((a, b2) => b2[1] - a[1])) {
  if (b === 'idle') continue;
  console.log(`${((d / busy) * 100).toFixed(1).padStart(7)}%  ${(d / reqs).toFixed(1).padStart(7)}  ${b}`);
}
if (process.env.PROFILE_KEEP) console.log(`\nprofile kept: ${join(dir, 'prof', file)}`);
