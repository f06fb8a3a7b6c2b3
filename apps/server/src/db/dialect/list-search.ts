/**
 * The generic list search (db/list.ts), the dialect-specific half: an index for "column contains this fragment"
 * over every searchable column of the lists, built the way product names are indexed (product-search.ts).
 * - SQLite: one row per (record, column) in list_search_rows, the value already lower-cased, kept in step with the
 *   listed tables by triggers; an FTS5 trigram table over those values finds the records holding a fragment of 3 or
 *   more characters. Shorter fragments (below a trigram) are looked for with instr() in the same rows of the one
 *   shop and table: a pass over short, pre-lowered strings through an index, instead of the listed table's rows.
 * - PostgreSQL: pg_trgm GIN over each searchable column, which the list's ILIKE uses as it is.
 * The index only narrows the candidates: the list still applies its exact "contains" condition to them, so the
 * results are those of a scan.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectKind } from './index';
import { TRIGRAM } from './product-search';

/** Listed table -> its searchable columns. Tables hold business_id and id (their key is (business_id, id)). */
export type ListSearchColumns = Readonly<Record<string, readonly string[]>>;

const IDENT = /^[a-z][a-z0-9_]*$/;
const ident = (name: string) => {
  if (!IDENT.test(name)) throw new RangeError(`not a plain SQL name: ${name}`);
  return sql.raw(name);
};
const pgIndexName = (table: string, column: string) => ident(`${table}_${column}_trgm`);

export async function createListSearch(db: Kysely<any>, kind: DialectKind, columns: ListSearchColumns): Promise<void> {
  if (kind === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    for (const [table, cols] of Object.entries(columns)) {
      for (const c of cols)
        await sql`CREATE INDEX ${pgIndexName(table, c)} ON ${ident(table)} USING gin (${ident(c)} gin_trgm_ops)`.execute(db);
    }
    return;
  }
  await sql`CREATE TABLE list_search_rows (
    id INTEGER PRIMARY KEY,
    tbl TEXT NOT NULL,
    business_id TEXT NOT NULL,
    row_id TEXT NOT NULL,
    col TEXT NOT NULL,
    value TEXT NOT NULL
  )`.execute(db);
  // Finds a record's rows (triggers) and one shop's rows of one table (short fragments, read from the index alone).
  await sql`CREATE INDEX list_search_rows_record ON list_search_rows (tbl, business_id, row_id, col, value)`.execute(db);
  await sql`CREATE VIRTUAL TABLE list_search USING fts5(value, content='list_search_rows', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`CREATE TRIGGER list_search_rows_ai AFTER INSERT ON list_search_rows BEGIN
    INSERT INTO list_search (rowid, value) VALUES (new.id, new.value);
  END`.execute(db);
  await sql`CREATE TRIGGER list_search_rows_ad AFTER DELETE ON list_search_rows BEGIN
    INSERT INTO list_search (list_search, rowid, value) VALUES ('delete', old.id, old.value);
  END`.execute(db);
  for (const [table, cols] of Object.entries(columns)) {
    const t = ident(table);
    const rowsOf = (rec: 'new' | 'old') =>
      sql.join(
        cols.map(
          (c) => sql`INSERT INTO list_search_rows (tbl, business_id, row_id, col, value)
            SELECT ${sql.lit(table)}, ${sql.raw(rec)}.business_id, ${sql.raw(rec)}.id, ${sql.lit(c)}, lower(${sql.raw(rec)}.${ident(c)})
            WHERE ${sql.raw(rec)}.${ident(c)} IS NOT NULL AND ${sql.raw(rec)}.${ident(c)} <> '';`,
        ),
        sql.raw('\n'),
      );
    const forget = sql`DELETE FROM list_search_rows WHERE tbl = ${sql.lit(table)} AND business_id = old.business_id AND row_id = old.id;`;
    await sql`CREATE TRIGGER ${ident(`${table}_list_search_ai`)} AFTER INSERT ON ${t} BEGIN ${rowsOf('new')} END`.execute(db);
    await sql`CREATE TRIGGER ${ident(`${table}_list_search_au`)} AFTER UPDATE OF ${sql.join(cols.map(ident))} ON ${t} BEGIN
      ${forget} ${rowsOf('new')}
    END`.execute(db);
    await sql`CREATE TRIGGER ${ident(`${table}_list_search_ad`)} AFTER DELETE ON ${t} BEGIN ${forget} END`.execute(db);
    // Records written before this migration.
    for (const c of cols) {
      await sql`INSERT INTO list_search_rows (tbl, business_id, row_id, col, value)
        SELECT ${sql.lit(table)}, business_id, id, ${sql.lit(c)}, lower(${ident(c)}) FROM ${t} WHERE ${ident(c)} IS NOT NULL AND ${ident(c)} <> ''`.execute(
        db,
      );
    }
  }
}

export async function dropListSearch(db: Kysely<any>, kind: DialectKind, columns: ListSearchColumns): Promise<void> {
  if (kind === 'postgres') {
    for (const [table, cols] of Object.entries(columns)) {
      for (const c of cols) await sql`DROP INDEX IF EXISTS ${pgIndexName(table, c)}`.execute(db);
    }
    return;
  }
  for (const table of Object.keys(columns)) {
    for (const suffix of ['ai', 'au', 'ad']) await sql`DROP TRIGGER IF EXISTS ${ident(`${table}_list_search_${suffix}`)}`.execute(db);
  }
  await sql`DROP TRIGGER IF EXISTS list_search_rows_ai`.execute(db);
  await sql`DROP TRIGGER IF EXISTS list_search_rows_ad`.execute(db);
  await sql`DROP TABLE IF EXISTS list_search`.execute(db);
  await sql`DROP TABLE IF EXISTS list_search_rows`.execute(db);
}

/** How a search term is looked up: through the trigram index, or (shorter than a trigram) by a pass over one shop's values. */
export type ListSearchMode = 'trigram' | 'short';

/** A double-quoted FTS5 string: the fragment as one phrase, i.e. a substring for the trigram tokenizer. */
const ftsPhrase = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * The mode and the parameter value of a (trimmed) term. A NUL would end FTS5's reading of the query string, so a term
 * holding one takes the short path, which reads it as plain text.
 */
export function listSearchValue(term: string): { mode: ListSearchMode; value: string } {
  const lowered = term.toLowerCase();
  if ([...lowered].length < TRIGRAM || lowered.includes('\u0000')) return { mode: 'short', value: lowered };
  return { mode: 'trigram', value: ftsPhrase(lowered) };
}

/**
 * SQLite: the ids of one shop's records of `table` with a searchable column (of `cols`) that may contain the term;
 * `value` comes from listSearchValue (or is a cache marker standing for it). Every value is a parameter.
 */
export function listSearchIds(
  table: string,
  cols: readonly string[],
  businessId: unknown,
  mode: ListSearchMode,
  value: unknown,
): RawBuilder<unknown> {
  const colList = sql.join(cols.map((c) => sql.lit(c)));
  if (mode === 'short') {
    return sql`SELECT row_id FROM list_search_rows
      WHERE tbl = ${sql.lit(table)} AND business_id = ${businessId} AND col IN (${colList}) AND instr(value, ${value}) > 0`;
  }
  return sql`SELECT r.row_id FROM list_search JOIN list_search_rows r ON r.id = list_search.rowid
    WHERE list_search MATCH ${value} AND r.tbl = ${sql.lit(table)} AND r.business_id = ${businessId} AND r.col IN (${colList})`;
}
