/**
 * Where the time of one authenticated list request goes on SQLite, step by step, in process (no HTTP).
 * Run: npx tsx bench/profile-list.ts   (builds nothing; needs apps/server/dist/bench-seed.js, which `npm run bench` builds)
 * Env: PROFILE_ITERATIONS (default 3000), BENCH_CATEGORIES (default 100000).
 * It creates a temporary SQLite database with the demo data and the benchmark categories and removes it after.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql, type Compilable } from 'kysely';
import { BUSINESS_PERMISSIONS, isPermission } from '@posauto/shared/permissions';
import { listResponseSchema } from '@posauto/shared/schemas/common';
import { categorySchema } from '@posauto/shared/schemas/categories';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { systemClock } from '../apps/server/src/lib/clock';
import { hashToken } from '../apps/server/src/lib/secrets';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo';
import { authenticate, login } from '../apps/server/src/modules/auth/auth.service';
import { findSession, sessionQuery } from '../apps/server/src/modules/auth/auth.repo';
import { categoriesService } from '../apps/server/src/modules/categories/index';
import { selectCategories } from '../apps/server/src/modules/categories/categories.repo';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const N = Number(process.env.PROFILE_ITERATIONS ?? 3000);
const CATEGORIES = Number(process.env.BENCH_CATEGORIES ?? 100_000);

async function time(label: string, fn: () => unknown, n = N): Promise<number> {
  for (let i = 0; i < Math.min(200, n); i++) await fn(); // warm the JIT and the page cache
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const us = ((performance.now() - t) * 1000) / n;
  process.stdout.write(`${us.toFixed(1).padStart(9)} us  ${label}\n`);
  return us;
}

const dataDir = mkdtempSync(join(tmpdir(), 'posauto-profile-'));
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent', DATABASE_URL: '' });
const handle = openDatabase(config.database);
const deps = { db: handle.db, kind: handle.kind, clock: systemClock, config };
await migrateToLatest(handle.db, handle.kind);
await seedDemoIfEmpty(deps);
const seeded = spawnSync(process.execPath, [join(ROOT, 'apps/server/dist/bench-seed.js'), '--count', String(CATEGORIES)], {
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' },
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
process.stdout.write(`seeded: ${seeded.stdout.trim()}\n\n`);

const user = await login(deps, { email: 'owner@posauto.local', password: 'owner1234' }, { ip: '127.0.0.1', userAgent: 'profile' });
const token = user.access_token;
const ctx = (await authenticate(deps, token, '127.0.0.1'))!;
// A second, read-only connection to the same file, to time prepare() apart from running a prepared statement.
const raw = new SQLite(config.database.kind === 'sqlite' ? config.database.file : ':memory:', { readonly: true });

const service = categoriesService(deps);
const q = (over: Record<string, unknown> = {}) => ({ page: 1, per_page: '10' as const, order: 'asc' as const, ...over });

process.stdout.write('--- whole steps, as the server runs them (Kysely + better-sqlite3)\n');
for (let i = 0; i < 2000; i++) {
  await authenticate(deps, token, '127.0.0.1');
  await service.list(ctx, q());
} // warm-up
await time('health: sql`select 1`.execute(db)', () => sql`select 1`.execute(handle.db));
await time('authenticate(token)  [sha256 + findSession + permissions]', () => authenticate(deps, token, '127.0.0.1'));
await time('service.list page 1  [readCounter + page query + toApi]', () => service.list(ctx, q()));
await time('service.list page 500', () => service.list(ctx, q({ page: 500 })), 500);
await time('service.list search "Category 0999" [count scan + page scan]', () => service.list(ctx, q({ search: 'Category 0999' })), 100);

process.stdout.write('\n--- pieces of authenticate\n');
await time('hashToken (sha256)', () => hashToken(token));
await time('findSession via Kysely', () => findSession(handle.db, ctx.sessionId));
const permsJson = JSON.stringify(BUSINESS_PERMISSIONS);
await time(
  `effectivePermissions equivalent (${BUSINESS_PERMISSIONS.length} keys: JSON.parse + isPermission + includes)`,
  () =>
    new Set((JSON.parse(permsJson) as string[]).filter((p) => isPermission(p) && (BUSINESS_PERMISSIONS as readonly string[]).includes(p))),
);

process.stdout.write('\n--- Kysely: build + compile only (no database)\n');
// The server's own session query (auth.repo.ts), so the profile times what a request really builds.
const findSessionBuilder = (): Compilable => sessionQuery(handle.db, ctx.sessionId);
const pageBuilder = (offset: number) =>
  selectCategories(handle.db, ctx.businessId).orderBy(sql.ref('t.name'), 'asc').orderBy(sql.ref('t.id'), 'asc').limit(10).offset(offset);
await time('findSession: build + compile', () => findSessionBuilder().compile());
await time('list page query: build + compile', () => pageBuilder(0).compile());
await time('readCounter query: build + compile', () =>
  handle.db
    .selectFrom('tenant_counters')
    .select('value')
    .where('business_id', '=', ctx.businessId)
    .where('name', '=', 'categories')
    .compile(),
);

process.stdout.write("\n--- better-sqlite3: prepare() (what Kysely's SqliteDriver does on EVERY query) vs running a cached statement\n");
const s1 = findSessionBuilder().compile();
const p1 = pageBuilder(0).compile();
const p500 = pageBuilder(4990).compile();
const cnt = handle.db
  .selectFrom('tenant_counters')
  .select('value')
  .where('business_id', '=', ctx.businessId)
  .where('name', '=', 'categories')
  .compile();
for (const [label, c] of [
  ['findSession', s1],
  ['readCounter', cnt],
  ['list page 1', p1],
  ['select 1', sql`select 1`.compile(handle.db)],
] as const) {
  await time(`prepare only: ${label}`, () => raw.prepare(c.sql));
  const stmt = raw.prepare(c.sql);
  await time(`run cached statement: ${label}`, () => stmt.all(...(c.parameters as unknown[])));
}
const deep = raw.prepare(p500.sql);
await time(
  'run cached statement: list page 500 (OFFSET 4990: joins and skips 4990 rows)',
  () => deep.all(...(p500.parameters as unknown[])),
  500,
);

process.stdout.write('\n--- response serialization (page of 10)\n');
const page = await service.list(ctx, q());
const body = { data: page.rows, meta: page.meta };
const serialize = serializerCompiler({
  schema: listResponseSchema(categorySchema),
  method: 'GET',
  url: '/api/v1/categories',
  httpStatus: '200',
} as never) as (d: unknown) => string;
await time('fastify-type-provider-zod serializer (zod parse + JSON.stringify)', () => serialize(body));
await time('plain JSON.stringify', () => JSON.stringify(body));

await handle.close();
raw.close();
