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
import { containsPattern, type DialectKind } from './index';
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
 * Which trigrams are common. A trigram index answers "contains" by intersecting the lists of records that hold each
 * trigram of the term; when most records share a part of the term (every category is "Category …", every phone
 * "+855 …"), those lists are as long as the table and the intersection costs milliseconds per search (4 ms for
 * "Category 0999" among 100,000 categories on PostgreSQL, against 0.1 ms for its two rare trigrams). A search engine
 * plans such a query from term frequencies; so do we, from a sample of the indexed values taken at most every ten
 * minutes: the index is asked only for the two rarest trigrams of the term, and the exact condition, which every
 * path applies anyway, removes what they let through. The statistics only decide speed, never the answer.
 */
const stats = { at: Number.NEGATIVE_INFINITY, sampled: 0, counts: new Map<string, number>(), refreshing: false, generation: 0 };
const STATS_TTL_MS = 10 * 60_000;
const SAMPLE_ROWS = 4000;
/** Below this many sampled values the statistics say too little, and lists that small need no planning. */
const MIN_SAMPLE = 200;
/** A trigram in more than this share of the sampled values is not worth leading with: use the whole term. */
const RARE_SHARE = 0.05;
/** Trigrams of plain ASCII letters and digits: the ones both pg_trgm and FTS5 index the same way in every locale. */
const PLAIN_TRIGRAM = /^[a-z0-9]{3}$/;

function plainTrigrams(lowered: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + TRIGRAM <= lowered.length; i++) {
    const t = lowered.slice(i, i + TRIGRAM);
    if (PLAIN_TRIGRAM.test(t)) out.add(t);
  }
  return out;
}

/** Replaces the statistics with those of these (lower-cased) values, for the next ten minutes (tests set their own). */
export function setListSearchStats(values: readonly string[]): void {
  stats.generation++;
  stats.at = Date.now();
  const counts = new Map<string, number>();
  for (const v of values) for (const t of plainTrigrams(v)) counts.set(t, (counts.get(t) ?? 0) + 1);
  stats.counts = counts;
  stats.sampled = values.length;
}

/** The two rarest plain trigrams of a lower-cased term, when the statistics know them to be rare; otherwise null. */
export function rareTrigrams(lowered: string): [string, string] | null {
  if (stats.sampled < MIN_SAMPLE) return null;
  const ranked = [...plainTrigrams(lowered)].sort((a, b) => (stats.counts.get(a) ?? 0) - (stats.counts.get(b) ?? 0) || (a < b ? -1 : 1));
  const rare = (t: string | undefined): t is string => t !== undefined && (stats.counts.get(t) ?? 0) <= stats.sampled * RARE_SHARE;
  const [first, second] = ranked;
  if (!rare(first)) return null;
  return [first, rare(second) ? second : first];
}

/**
 * Samples the indexed values again when the statistics are older than ten minutes; runs in the background and never
 * fails a request. One sample serves every database of the process: they are hints, and a process serves one.
 */
export function refreshListSearchStats(db: Kysely<any>, kind: DialectKind, columns: ListSearchColumns): void {
  if (stats.refreshing || Date.now() - stats.at < STATS_TTL_MS) return;
  stats.refreshing = true;
  stats.at = Date.now();
  const generation = stats.generation;
  sampleValues(db, kind, columns)
    .then(
      (values) => generation === stats.generation && setListSearchStats(values),
      () => undefined,
    )
    .finally(() => (stats.refreshing = false));
}

async function sampleValues(db: Kysely<any>, kind: DialectKind, columns: ListSearchColumns): Promise<string[]> {
  if (kind === 'sqlite') {
    // Random row ids of the value table: a few thousand lookups by key, not a pass over every value.
    const rows = await sql<{ value: string }>`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SAMPLE_ROWS})
      SELECT value FROM list_search_rows
      WHERE id IN (SELECT abs(random()) % (SELECT max(id) FROM list_search_rows) + 1 FROM n)`.execute(db);
    return rows.rows.map((r) => r.value);
  }
  // The same share of every table, so that a big table weighs as much as it holds (BERNOULLI: row by row).
  const tables = Object.keys(columns);
  const sizes = await sql<{ n: number }>`SELECT coalesce(sum(greatest(reltuples, 0)), 0)::float8 AS n FROM pg_class
    WHERE oid IN (${sql.join(tables.map((t) => sql`to_regclass(${t})`))})`.execute(db);
  const total = Number(sizes.rows[0]?.n ?? 0);
  const percent = total > SAMPLE_ROWS ? (100 * SAMPLE_ROWS) / total : 100;
  const values: string[] = [];
  for (const [table, cols] of Object.entries(columns)) {
    const rows = await sql<Record<string, string | null>>`SELECT ${sql.join(cols.map(ident))} FROM ${ident(table)}
      TABLESAMPLE BERNOULLI (${sql.lit(Number(percent.toFixed(6)))}) LIMIT ${sql.lit(SAMPLE_ROWS)}`.execute(db);
    for (const r of rows.rows) for (const c of cols) if (r[c]) values.push(r[c]!.toLowerCase());
  }
  return values;
}

/** How a term is looked up, and the parameters of that lookup. */
export interface ListSearchValue {
  mode: ListSearchMode;
  /** The lower-cased term: what a record's indexed values are checked for (SQLite, instr()). */
  lowered: string;
  /** Whether the statistics know the term's trigrams to be rare, so that it has few hits (a count and a page in one). */
  rare: boolean;
  /** SQLite: the FTS5 query (the term as a phrase, or its two rarest trigrams) or, short, the lower-cased term. */
  value: string;
  /** PostgreSQL: the two LIKE patterns the trigram index is asked for (the rare trigrams, or the whole term twice). */
  fragments: [string, string];
}

/**
 * The mode and the parameter values of a (trimmed) term. A NUL would end FTS5's reading of the query string, so a term
 * holding one takes the short path, which reads it as plain text.
 */
export function listSearchValue(term: string): ListSearchValue {
  const lowered = term.toLowerCase();
  const whole = containsPattern(lowered);
  if ([...lowered].length < TRIGRAM || lowered.includes('\u0000'))
    return { mode: 'short', lowered, rare: false, value: lowered, fragments: [whole, whole] };
  const rare = rareTrigrams(lowered);
  if (!rare) return { mode: 'trigram', lowered, rare: false, value: ftsPhrase(lowered), fragments: [whole, whole] };
  return {
    mode: 'trigram',
    lowered,
    rare: true,
    value: rare[0] === rare[1] ? ftsPhrase(rare[0]) : `${ftsPhrase(rare[0])} AND ${ftsPhrase(rare[1])}`,
    fragments: [containsPattern(rare[0]), containsPattern(rare[1])],
  };
}

/**
 * SQLite: the ids of one shop's records of `table` with a searchable column (of `cols`) that may contain the term;
 * `value` comes from listSearchValue (or is a cache marker standing for it). Every value is a parameter.
 * With `lowered` (the lower-cased term), the ids of the records whose column does contain it: the index's hits are
 * checked on their own values, which the triggers keep lower-cased and in step with the records in the same
 * transaction, so the exact condition costs a C string search per hit instead of a lower() per column of each record
 * (half of a rare phone search's time). The short path always checks exactly.
 */
export function listSearchIds(
  table: string,
  cols: readonly string[],
  businessId: unknown,
  mode: ListSearchMode,
  value: unknown,
  lowered?: unknown,
): RawBuilder<unknown> {
  const colList = sql.join(cols.map((c) => sql.lit(c)));
  if (mode === 'short') {
    return sql`SELECT row_id FROM list_search_rows
      WHERE tbl = ${sql.lit(table)} AND business_id = ${businessId} AND col IN (${colList}) AND instr(value, ${value}) > 0`;
  }
  return sql`SELECT r.row_id FROM list_search JOIN list_search_rows r ON r.id = list_search.rowid
    WHERE list_search MATCH ${value} AND r.tbl = ${sql.lit(table)} AND r.business_id = ${businessId} AND r.col IN (${colList})${
      lowered === undefined ? sql`` : sql` AND instr(r.value, ${lowered}) > 0`
    }`;
}
