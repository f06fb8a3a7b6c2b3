/**
 * The only place with SQLite- or PostgreSQL-specific code: connection setup, column types that differ,
 * case-insensitive matching, and (later) date buckets, upserts and row locking.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { PostgresDialect, SqliteDialect, sql, type Dialect, type Expression, type RawBuilder, type SqlBool } from 'kysely';

export type DialectKind = 'sqlite' | 'postgres';

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize?: number };

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

export function createDialect(target: DatabaseTarget): { dialect: Dialect; close?: () => void } {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
    const db = new SQLite(target.file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // SQLite's built-in lower() folds ASCII only; fold every script like PostgreSQL does, so 'CAFÉ' and 'café'
    // are one name (unique indexes on lower(name)) and one search term on both databases.
    db.function('lower', { deterministic: true }, (v: unknown) => (v === null ? null : String(v).toLowerCase()));
    return { dialect: new SqliteDialect({ database: db }) };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, types: pgTypes() });
  return { dialect: new PostgresDialect({ pool }) };
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
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return kind === 'postgres'
    ? sql<SqlBool>`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql<SqlBool>`lower(${column}) LIKE lower(${pattern}) ESCAPE '\\'`;
}

/** Lower-cased expression, used for case-insensitive unique indexes and comparisons. */
export function lower(column: Expression<unknown>) {
  return sql<string>`lower(${column})`;
}

export function isUniqueViolation(kind: DialectKind, error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (kind === 'postgres') return e.code === '23505';
  return typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
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
