/**
 * Product name search, the dialect-specific half: the index each database offers for "name contains this
 * fragment" and the predicate that uses it.
 * - SQLite: an FTS5 table with the trigram tokenizer over a small name table kept in step with products by triggers
 *   (products' implicit rowid is not stable across VACUUM, so the FTS rows hang off an INTEGER PRIMARY KEY of their own).
 * - PostgreSQL: pg_trgm GIN over lower(product_name).
 * A term is split into words, each of which the name must contain (ProductNameSearch); one word shorter than a trigram
 * matches the start of the name through an index on (business_id, lower(product_name)).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectKind } from './index';

/** Trigram search needs 3 characters; shorter fragments match the start of the name. */
export const TRIGRAM = 3;

export async function createProductSearch(db: Kysely<any>, kind: DialectKind): Promise<void> {
  if (kind === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX products_name_trgm ON products USING gin (lower(product_name) gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX products_business_lower_name ON products (business_id, lower(product_name) text_pattern_ops)`.execute(db);
    return;
  }
  await sql`CREATE INDEX products_business_lower_name ON products (business_id, lower(product_name))`.execute(db);
  await sql`CREATE TABLE product_search_names (
    id INTEGER PRIMARY KEY,
    business_id TEXT NOT NULL,
    product_id TEXT NOT NULL,
    name TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX product_search_names_product ON product_search_names (business_id, product_id)`.execute(db);
  await sql`CREATE VIRTUAL TABLE product_search USING fts5(name, content='product_search_names', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  // The FTS index follows the name table (the external-content pattern of the FTS5 manual)...
  await sql`CREATE TRIGGER product_search_names_ai AFTER INSERT ON product_search_names BEGIN
    INSERT INTO product_search (rowid, name) VALUES (new.id, new.name);
  END`.execute(db);
  await sql`CREATE TRIGGER product_search_names_ad AFTER DELETE ON product_search_names BEGIN
    INSERT INTO product_search (product_search, rowid, name) VALUES ('delete', old.id, old.name);
  END`.execute(db);
  await sql`CREATE TRIGGER product_search_names_au AFTER UPDATE ON product_search_names BEGIN
    INSERT INTO product_search (product_search, rowid, name) VALUES ('delete', old.id, old.name);
    INSERT INTO product_search (rowid, name) VALUES (new.id, new.name);
  END`.execute(db);
  // ...and the name table follows products, in the same transaction as every write (also cascaded deletes).
  await sql`CREATE TRIGGER products_search_ai AFTER INSERT ON products BEGIN
    INSERT INTO product_search_names (business_id, product_id, name) VALUES (new.business_id, new.id, new.product_name);
  END`.execute(db);
  await sql`CREATE TRIGGER products_search_au AFTER UPDATE OF product_name ON products BEGIN
    UPDATE product_search_names SET name = new.product_name WHERE business_id = old.business_id AND product_id = old.id;
  END`.execute(db);
  await sql`CREATE TRIGGER products_search_ad AFTER DELETE ON products BEGIN
    DELETE FROM product_search_names WHERE business_id = old.business_id AND product_id = old.id;
  END`.execute(db);
  // Products written before this migration (none in a fresh database; kept for upgrades).
  await sql`INSERT INTO product_search_names (business_id, product_id, name) SELECT business_id, id, product_name FROM products`.execute(
    db,
  );
}

export async function dropProductSearch(db: Kysely<any>, kind: DialectKind): Promise<void> {
  if (kind === 'postgres') {
    await sql`DROP INDEX IF EXISTS products_name_trgm`.execute(db);
    await sql`DROP INDEX IF EXISTS products_business_lower_name`.execute(db);
    return;
  }
  for (const t of [
    'products_search_ai',
    'products_search_au',
    'products_search_ad',
    'product_search_names_ai',
    'product_search_names_ad',
    'product_search_names_au',
  ]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS product_search`.execute(db);
  await sql`DROP TABLE IF EXISTS product_search_names`.execute(db);
  await sql`DROP INDEX IF EXISTS products_business_lower_name`.execute(db);
}

/**
 * Whether a search page should collect its hits first and sort them after (a MATERIALIZED CTE). PostgreSQL otherwise
 * tends to walk the whole name index testing every product for a common fragment (3x slower at 100,000 products);
 * SQLite already builds the id set once and its plan is faster without the CTE.
 */
export const SEARCH_COLLECTS_HITS_FIRST: Readonly<Record<DialectKind, boolean>> = { postgres: true, sqlite: false };

/** `%fragment%` / `fragment%` for LIKE, with LIKE's wildcards escaped (backslash escape). */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A double-quoted FTS5 string: the fragment as one phrase, i.e. a substring for the trigram tokenizer. */
const ftsPhrase = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The largest code point: every string that starts with `prefix` sorts below prefix + this (binary collation). */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/**
 * What separates the words of a term: white space, and the zero-width space some Khmer text carries between words
 * (Khmer is written without spaces, so a Khmer fragment is otherwise one word).
 */
const WORD_SEPARATOR = /[\s\u200b]+/u;

/** The words of a (trimmed) search term, in the order typed. */
export function searchWords(term: string): string[] {
  return term.split(WORD_SEPARATOR).filter((w) => w !== '');
}

/**
 * PostgreSQL: at most this many words are led through the trigram index, each as its own LIKE (the index answers
 * their AND in one scan); further words are only checked on what those let through. It bounds the number of
 * statement shapes, and four words already narrow a name search to next to nothing.
 */
export const INDEXED_WORDS = 4;

/**
 * How a term's name condition is looked up. The rule (a scan's answer, which every path returns): the product's name
 * contains every word of the term, in any order and case; a term of one word shorter than a trigram matches the start
 * of the name instead (one or two letters typed are the start of what the user looks for, and "contains 'a'" would
 * be most of the catalogue).
 * - prefix: that one short word, through the (business_id, lower(name)) index.
 * - words: at least one word of a trigram or more; the trigram index is asked for those (SQLite: all of them in one
 *   FTS5 query; PostgreSQL: the INDEXED_WORDS longest), and the other words (`rest`) are checked on its hits only.
 * - scan: several words, all shorter than a trigram: every word is checked on the shop's names, a pass over them.
 */
export interface ProductNameSearch {
  mode: 'prefix' | 'words' | 'scan';
  /** PostgreSQL: the number of LIKE conditions given to the trigram index (0 unless words). */
  indexed: number;
  /** Whether some words are checked on the candidates (words shorter than a trigram, or beyond INDEXED_WORDS). */
  rest: boolean;
  /** prefix: the lower-cased word (SQLite) or its prefix pattern (PostgreSQL); words, SQLite: the FTS5 query. */
  name: string;
  /** words, PostgreSQL: one `%word%` pattern per indexed word. */
  likes: string[];
  /** The lower-cased words checked on the candidates: a JSON array (SQLite, read by json_each) or a text array. */
  restWords: string | string[];
}

/** The statement shape of a name search: everything but its values. */
export const nameSearchShape = (s: Pick<ProductNameSearch, 'mode' | 'indexed' | 'rest'>) => `${s.mode}:${s.indexed}:${s.rest}`;

/** Stand-ins for a name search's values in cached statements (see product-list). */
export interface NameSearchMarkers {
  name: unknown;
  likes: readonly unknown[];
  rest: unknown;
}

/** The name search of a (trimmed, non-empty) term. */
export function nameSearchValue(kind: DialectKind, term: string): ProductNameSearch {
  const words = searchWords(term.toLowerCase());
  const length = (w: string) => [...w].length;
  if (words.length === 1 && length(words[0]!) < TRIGRAM) {
    const word = words[0]!;
    return { mode: 'prefix', indexed: 0, rest: false, name: kind === 'postgres' ? `${likeEscape(word)}%` : word, likes: [], restWords: [] };
  }
  // A NUL would end FTS5's reading of its query: such a word is only checked, as plain text.
  const long = [...new Set(words.filter((w) => length(w) >= TRIGRAM && !w.includes('\u0000')))];
  const mode = long.length ? 'words' : 'scan';
  // The longest words narrow most (more trigrams): they go to the index on PostgreSQL.
  const indexedWords = kind === 'postgres' ? [...long].sort((a, b) => length(b) - length(a)).slice(0, INDEXED_WORDS) : long;
  const rest = [...new Set(words.filter((w) => !indexedWords.includes(w)))];
  return {
    mode,
    indexed: kind === 'postgres' ? indexedWords.length : 0,
    rest: rest.length > 0,
    name: kind === 'sqlite' ? indexedWords.map(ftsPhrase).join(' AND ') : '',
    likes: kind === 'postgres' ? indexedWords.map((w) => `%${likeEscape(w)}%`) : [],
    restWords: kind === 'sqlite' ? JSON.stringify(rest) : rest,
  };
}

/**
 * The search condition on the products list (alias `p`, already limited to the business), PostgreSQL: the product
 * holds this exact SKU (lower-cased) or barcode, in itself or a variant, or its name matches (see ProductNameSearch).
 * Every value is a parameter (they may be cache markers; see product-list). An OR the planner turns into a BitmapOr
 * of the primary key (ids from product_codes) and the trigram or prefix index, so a common fragment never costs a
 * pass over every product of the shop; the words not given to the index are checked on its hits (strpos: plain text).
 */
export function productSearchWhere(
  businessId: unknown,
  sku: unknown,
  barcode: unknown,
  search: Pick<ProductNameSearch, 'mode' | 'indexed' | 'rest'>,
  m: NameSearchMarkers,
): RawBuilder<boolean> {
  const name = sql`lower(p.product_name)`;
  const conditions: RawBuilder<unknown>[] =
    search.mode === 'prefix'
      ? [sql`${name} LIKE ${m.name} ESCAPE '\\'`]
      : m.likes.slice(0, search.indexed).map((l) => sql`${name} LIKE ${l} ESCAPE '\\'`);
  if (search.mode !== 'prefix' && search.rest)
    conditions.push(sql`NOT EXISTS (SELECT 1 FROM unnest(CAST(${m.rest} AS text[])) AS w(word) WHERE strpos(${name}, w.word) = 0)`);
  return sql<boolean>`(p.id = ANY(ARRAY(
        SELECT product_id FROM product_codes WHERE business_id = ${businessId} AND kind = 'sku' AND code = ${sku}
        UNION ALL SELECT product_id FROM product_codes WHERE business_id = ${businessId} AND kind = 'barcode' AND code = ${barcode}
      )) OR (${sql.join(conditions, sql` AND `)}))`;
}

/**
 * SQLite: the ids of a search's hits (column product_id), from index look-ups: two primary-key probes of
 * product_codes and the name's (the FTS5 table for words, the name index for a prefix, a pass over the shop's names
 * when every word is short). The words not in the FTS5 query are checked on its hits with instr(), as plain text.
 * The product list joins products to this set with CROSS JOIN, which makes SQLite start from the few hits; with
 * `p.id IN (...)` its planner may walk every product of the shop in name order testing each against the set (5 ms
 * at 100,000 products for one SKU).
 */
export function productSearchIds(
  businessId: unknown,
  sku: unknown,
  barcode: unknown,
  search: Pick<ProductNameSearch, 'mode' | 'rest'>,
  m: NameSearchMarkers,
): RawBuilder<unknown> {
  const restCheck = sql`NOT EXISTS (SELECT 1 FROM json_each(${m.rest}) AS w WHERE instr(lower(n.name), w.value) = 0)`;
  const byName =
    search.mode === 'prefix'
      ? sql`SELECT id FROM products WHERE business_id = ${businessId} AND lower(product_name) >= ${m.name} AND lower(product_name) < ${sql`${m.name} || ${MAX_CHAR}`}`
      : search.mode === 'scan'
        ? sql`SELECT n.product_id FROM product_search_names n WHERE n.business_id = ${businessId} AND ${restCheck}`
        : sql`SELECT n.product_id FROM product_search JOIN product_search_names n ON n.id = product_search.rowid
          WHERE product_search MATCH ${m.name} AND n.business_id = ${businessId}${search.rest ? sql` AND ${restCheck}` : sql``}`;
  // Separate arms: an OR of the two code kinds in one arm made SQLite scan all of the shop's codes.
  return sql`SELECT product_id FROM product_codes WHERE business_id = ${businessId} AND kind = 'sku' AND code = ${sku}
    UNION SELECT product_id FROM product_codes WHERE business_id = ${businessId} AND kind = 'barcode' AND code = ${barcode}
    UNION ${byName}`;
}
