/**
 * The only place with SQLite- or PostgreSQL-specific code: connection setup, column types that differ,
 * case-insensitive matching, date buckets, and (later) upserts and row locking.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type CompiledQuery,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type SqliteDialectConfig,
  type PostgresDialectConfig,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { localDay } from '../../lib/time-zone';
import { markIfDiskFull } from './failures';
import { guardedDriver, type DriverGuard } from './guarded-driver';
import { postgresHealth, sqliteHealth, type DatabaseHealth } from './health';
import { postgresNotifications, sqliteNotifications, withCommitHooks, type CommitHooks, type NotificationSource } from './notify';

import type { DialectKind } from './kind';

export type { DialectKind } from './kind';

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize?: number };

/**
 * How long the database may keep a request waiting (config DB_*_TIMEOUT_MS); past them it fails, and the request
 * answers 503. PostgreSQL: per statement, per lock wait, and for a free pool connection (or a new one to connect).
 * SQLite: the lock wait is its busy timeout (another process holding the writer); a statement runs to its end.
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  acquireMs: number;
}

/** Without timeouts (tools, migrations, tests that do not ask) nothing is limited but SQLite's 5 s busy timeout. */
export interface DatabaseOptions {
  timeouts?: DatabaseTimeouts;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;

function pgTypes() {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      // Counts and money columns are int8: they fit a JS safe integer at our scales.
      if (oid === PG_INT8 || oid === PG_NUMERIC) return (v: string) => Number(v);
      if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) return (v: string) => new Date(v).toISOString();
      return pg.types.getTypeParser(oid, format);
    },
  };
}

/**
 * Kysely prepares every statement anew; compiling SQL costs as much as running a small query. Statements are
 * reusable (Kysely only calls all()/run() on them), so keep the most recent ones by SQL text.
 */
const STATEMENT_CACHE_SIZE = 256;
function withStatementCache(db: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => db.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (stmt) {
        cache.delete(sqlText);
      } else {
        stmt = db.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, stmt);
      return stmt;
    },
  };
}

/**
 * SQLite runs DDL inside transactions: migrations then apply all or nothing, and a second process migrating the
 * same file at the same time fails cleanly (busy) instead of half-applying a migration; start-up retries it.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
class TransactionalDdlSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly guard: DriverGuard,
    private readonly hooks?: CommitHooks,
  ) {
    super(config);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  // Notifications raised in a transaction leave it when it commits (db/dialect/notify.ts); a failure keeps its cause.
  override createDriver(): Driver {
    const driver = guardedDriver(super.createDriver(), this.guard);
    return this.hooks ? withCommitHooks(driver, this.hooks) : driver;
  }
}

class GuardedPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly guard: DriverGuard,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    return guardedDriver(super.createDriver(), this.guard);
  }
}

export function createDialect(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): { dialect: Dialect; notifications: NotificationSource; health: (db: Kysely<any>) => DatabaseHealth } {
  const timeouts = options.timeouts;
  if (target.kind === 'sqlite') {
    const folder = target.file === ':memory:' ? null : dirname(target.file);
    if (folder) mkdirSync(folder, { recursive: true });
    const db = new SQLite(target.file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${Math.trunc(timeouts?.lockMs ?? 5000)}`);
    // SQLite's built-in lower() folds ASCII only; fold every script like PostgreSQL does, so 'CAFÉ' and 'café'
    // are one name (unique indexes on lower(name)) and one search term on both databases.
    db.function('lower', { deterministic: true }, (v: unknown) => (v === null ? null : String(v).toLowerCase()));
    // SQLite knows no time zones: the calendar day of an ISO instant in an IANA zone, for date buckets.
    db.function('posauto_local_day', { deterministic: true }, (iso: unknown, zone: unknown) =>
      iso === null ? null : localDay(new Date(String(iso)), String(zone)),
    );
    // And the hour of the day (0-23) of an instant on the zone's wall clock, for figures by hour.
    db.function('posauto_local_hour', { deterministic: true }, (iso: unknown, zone: unknown) =>
      iso === null ? null : localHour(new Date(String(iso)), String(zone)),
    );
    const notify = sqliteNotifications(db);
    const health = sqliteHealth();
    const guard: DriverGuard = {
      rejects: false,
      inTransaction: () => db.inTransaction,
      failed: folder ? (e) => markIfDiskFull(e, folder) : undefined,
      watch: health.watch,
    };
    return {
      dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(db) }, guard, notify.hooks),
      notifications: notify.source,
      health: health.attach,
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    types: pgTypes(),
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.acquireMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
    }),
  });
  // A connection that breaks (PostgreSQL restarting, failing over, pg_terminate_backend) emits 'error': idle in the
  // pool, the pool has already dropped it; checked out, its query fails too and pg-pool drops it when released. With
  // no listener either would end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    usePreparedStatements(client);
  });
  const health = postgresHealth(target.url);
  return {
    dialect: new GuardedPostgresDialect({ pool }, { rejects: true, watch: health.watch }),
    notifications: postgresNotifications(target.url),
    health: () => health,
  };
}

/** SQL texts run as named prepared statements on PostgreSQL (preparedOnPostgres), with their statement names. */
const preparedNames = new Map<string, string>();

/**
 * Runs a statement of a hot path (one every request pays, e.g. the session lookup) as a named prepared statement on
 * PostgreSQL: each pool connection parses and plans it once, instead of once per run. Planning a four-table join
 * took 0.5 to 2 ms under load, against 0.1 ms to run it. Only for a few fixed texts: each stays prepared on every
 * connection of the pool for its life.
 */
export function preparedOnPostgres(sqlText: string): void {
  if (!preparedNames.has(sqlText) && preparedNames.size < PREPARED_MAX) preparedNames.set(sqlText, `posauto_${preparedNames.size + 1}`);
}

/**
 * A key lookup of a hot write path (the reads every sale makes: settings, products, payment method, the answer's
 * detail), run as a prepared statement on PostgreSQL like the writes around it (preparedName): its plan hangs on no
 * value, and planning a join again on every sale costs the database, which shares the machine's cores with the
 * server, more than running it. The same rows as executing the query; on SQLite nothing changes.
 */
export async function preparedRows<R>(db: Kysely<any>, query: { compile(): CompiledQuery<R> }): Promise<R[]> {
  const compiled = query.compile();
  preparedOnPostgres(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}

/** Prepared texts at most: each stays prepared on every pool connection for its life. */
const PREPARED_MAX = 500;
/** How often a write's text was seen before it is prepared (once is a one-off: a migration, a seed). */
const writeSeen = new Map<string, number>();

/**
 * Writes (INSERT, UPDATE, inserts sent together by db/write-batch.ts, and reads that lock rows: SELECT ... FOR
 * UPDATE) are prepared once their text has come
 * twice: they are the statements of a sale, an adjustment, a purchase, run again and again with other values, and
 * their plans are key lookups that hang on no value. Planning each of them anew was a good part of a sale's time on
 * PostgreSQL (the raw transaction it is compared with prepares its statements). Plain reads are left alone: a
 * search's best plan depends on its term.
 */
function preparedName(text: string): string | undefined {
  const name = preparedNames.get(text);
  if (name || preparedNames.size >= PREPARED_MAX) return name;
  if (!/^\s*(insert|update)\b/i.test(text) && !/^WITH w0 AS \((insert|update)\b/i.test(text) && !/\bfor update\s*$/i.test(text))
    return undefined;
  const seen = (writeSeen.get(text) ?? 0) + 1;
  if (seen < 2) {
    if (writeSeen.size < PREPARED_MAX * 4) writeSeen.set(text, seen);
    return undefined;
  }
  writeSeen.delete(text);
  preparedOnPostgres(text);
  return preparedNames.get(text);
}

/** Kysely calls query(text, values): a text to prepare goes out as a named statement instead. */
function usePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? preparedName(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}

/** Column type for instants: text ISO strings on SQLite, timestamptz on PostgreSQL. */
export function timestampType(kind: DialectKind) {
  return kind === 'postgres' ? sql`timestamptz` : sql`text`;
}

/** Column type for 64-bit integers (money, quantities, counters). */
export function bigintType(kind: DialectKind) {
  return kind === 'postgres' ? sql`bigint` : sql`integer`;
}

/** Case-insensitive "contains": SQLite's LIKE folds ASCII case only, so both sides go through lower(); PostgreSQL has ILIKE. */
export function containsInsensitive(kind: DialectKind, column: Expression<unknown>, term: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(term);
  return kind === 'postgres'
    ? sql<SqlBool>`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql<SqlBool>`lower(${column}) LIKE lower(${pattern}) ESCAPE '\\'`;
}

/**
 * The calendar day ('YYYY-MM-DD') of a timestamp column in a time zone: the bucket of daily, weekly and monthly
 * figures. The zone is written as a literal, not a parameter, so the same expression in SELECT and GROUP BY is
 * one expression to PostgreSQL; hence only IANA-shaped names are accepted.
 */
export function localDaySql(kind: DialectKind, column: Expression<unknown>, timeZone: string): RawBuilder<string> {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone)) throw new RangeError(`not a time zone name: ${timeZone}`);
  const zone = sql.lit(timeZone);
  return kind === 'postgres'
    ? sql<string>`to_char(${column} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`
    : sql<string>`posauto_local_day(${column}, ${zone})`;
}

/**
 * The hour of the day (0 to 23, an integer) of a timestamp column on the wall clock of a time zone: the bucket of
 * figures by hour. Across a daylight-saving change an hour may hold two hours of instants, or none. Same rules for
 * the zone name as localDaySql.
 */
export function localHourSql(kind: DialectKind, column: Expression<unknown>, timeZone: string): RawBuilder<number> {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone)) throw new RangeError(`not a time zone name: ${timeZone}`);
  const zone = sql.lit(timeZone);
  return kind === 'postgres'
    ? sql<number>`cast(extract(hour from ${column} AT TIME ZONE ${zone}) as integer)`
    : sql<number>`posauto_local_hour(${column}, ${zone})`;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock hour (0-23) of an instant in a time zone. */
function localHour(instant: Date, timeZone: string): number {
  let f = hourFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, f);
  }
  return Number(f.formatToParts(instant).find((p) => p.type === 'hour')!.value) % 24;
}

/** The LIKE pattern for "contains term", with LIKE's wildcards in the term escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Lower-cased expression, used for case-insensitive unique indexes and comparisons. */
export function lower(column: Expression<unknown>) {
  return sql<string>`lower(${column})`;
}

/**
 * Locks the selected rows until the transaction ends (PostgreSQL FOR UPDATE). SQLite needs nothing: a write
 * transaction there already excludes every other writer.
 */
export function forUpdate<Q extends { forUpdate(): Q }>(kind: DialectKind, query: Q): Q {
  return kind === 'postgres' ? query.forUpdate() : query;
}

/** The advisory lock key of one-time start-up work (the demo seed): any constant the app uses for nothing else. */
const SEED_LOCK_KEY = 0x504f5341; // 'POSA'

/**
 * Makes one-time start-up work (seeding an empty database) one instance at a time, until the transaction ends:
 * a second instance started together waits here, then sees what the first wrote. PostgreSQL: a transaction-level
 * advisory lock. SQLite: take the single writer's lock up front with a write that changes nothing (a deferred
 * transaction that read first could not write after another committed); other processes wait (busy_timeout).
 * Call it first in the transaction.
 */
export async function lockForSeeding(trx: Kysely<any>, kind: DialectKind): Promise<void> {
  if (kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
  else {
    // busy_timeout waits 5 s at a time; a seed in another process may take longer on a slow machine.
    for (let attempt = 1; ; attempt++) {
      try {
        await sql`DELETE FROM tenant_counters WHERE 0 = 1`.execute(trx);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 12) throw e;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
}

export function isUniqueViolation(kind: DialectKind, error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (kind === 'postgres') return e.code === '23505';
  return (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(kind: DialectKind, error: unknown): boolean {
  const e = error as { code?: string };
  return kind === 'postgres' ? e.code === '23503' : e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Adds to a per-tenant counter, creating it when missing. */
export function upsertCounterSql(kind: DialectKind, businessId: string, name: string, delta: number) {
  void kind; // both dialects accept ON CONFLICT ... DO UPDATE with EXCLUDED
  return sql`INSERT INTO tenant_counters (business_id, name, value) VALUES (${businessId}, ${name}, ${delta})
    ON CONFLICT (business_id, name) DO UPDATE SET value = tenant_counters.value + excluded.value`;
}
