import { PostgresAdapter, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { preparedOnPostgres, type DialectKind } from './dialect/index';
import type { Database } from './types';

// Stand-in values compiled into a statement and swapped for the real ones on every run (as db/list.ts does).
const MARK = '\u0001value:';

/**
 * A statement of a hot path (the ledger's, run for every sale, adjustment and purchase line; the sale's answer), built
 * and compiled by Kysely once per database kind and then run with each call's values: on SQLite, building and
 * compiling a small query costs as much as running it. `build` gets a stand-in for each named value; use them only as
 * values (never where NULL would need IS NULL: a stand-in compares with `=`). `prepared`: a read that runs as a named
 * prepared statement on PostgreSQL, as preparedRows does (writes and locking reads are prepared anyway).
 */
export function precompiled<K extends string, R = unknown>(
  names: readonly K[],
  build: (db: Kysely<Database>, value: Record<K, never>, kind: DialectKind) => { compile(): CompiledQuery<R> },
  { prepared = false }: { prepared?: boolean } = {},
) {
  const marks = Object.fromEntries(names.map((n) => [n, `${MARK}${n}`])) as Record<K, never>;
  const byKind = new Map<DialectKind, CompiledQuery>();
  return (db: Kysely<Database>, kind: DialectKind, values: Record<K, unknown>): Promise<QueryResult<R>> => {
    let compiled = byKind.get(kind);
    if (!compiled) {
      byKind.set(kind, (compiled = build(db, marks, kind).compile()));
      if (prepared && kind === 'postgres') preparedOnPostgres(compiled.sql);
    }
    const parameters = compiled.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? values[p.slice(MARK.length) as K] : p,
    );
    return db.executeQuery<R>({ ...compiled, parameters } as CompiledQuery<R>);
  };
}

/**
 * The kind of database a Kysely instance (or transaction) runs on, read from its adapter: for a precompiled statement
 * reached through a helper that is not handed the kind (the drawer's sum, a payment method, the sale's settings).
 */
export const kindOf = (db: Kysely<Database>): DialectKind => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
