/**
 * Product name search, the dialect-specific half: the index each database offers for "name contains this
 * fragment" and the predicate that uses it.
 * - SQLite: an FTS5 table with the trigram tokenizer over a small name table kept in step with products by triggers
 *   (products' implicit rowid is not stable across VACUUM, so the FTS rows hang off an INTEGER PRIMARY KEY of their own).
 * - PostgreSQL: pg_trgm GIN over lower(product_name).
 * Fragments shorter than a trigram match name prefixes through an index on (business_id, lower(product_name)).
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
 * The search condition on the products list (alias `p`, already limited to the business): the product holds this
 * exact SKU (lower-cased) or barcode, in itself or a variant, or its name contains the fragment (`short`: starts
 * with it). Every value is a parameter (they may be cache markers; see product-list).
 * SQLite: one id set from three index look-ups (two primary-key probes of product_codes and the FTS5 table).
 * PostgreSQL: an OR the planner turns into a BitmapOr of the primary key (ids from product_codes) and the trigram or
 * prefix index, so a common fragment never costs a pass over every product of the shop.
 */
export function productSearchWhere(
  kind: DialectKind,
  businessId: unknown,
  sku: unknown,
  barcode: unknown,
  name: unknown,
  short: boolean,
): RawBuilder<boolean> {
  if (kind === 'postgres') {
    return sql<boolean>`(p.id = ANY(ARRAY(
        SELECT product_id FROM product_codes WHERE business_id = ${businessId} AND kind = 'sku' AND code = ${sku}
        UNION ALL SELECT product_id FROM product_codes WHERE business_id = ${businessId} AND kind = 'barcode' AND code = ${barcode}
      )) OR lower(p.product_name) LIKE ${name} ESCAPE '\\')`;
  }
  return sql<boolean>`p.id IN (${productSearchIds(businessId, sku, barcode, name, short)})`;
}

/**
 * SQLite: the ids of a search's hits (column product_id), from three index look-ups. The product list joins products
 * to this set with CROSS JOIN, which makes SQLite start from the few hits; with `p.id IN (...)` its planner may walk
 * every product of the shop in name order testing each against the set (5 ms at 100,000 products for one SKU).
 */
export function productSearchIds(businessId: unknown, sku: unknown, barcode: unknown, name: unknown, short: boolean): RawBuilder<unknown> {
  // Separate arms: an OR of the two code kinds in one arm made SQLite scan all of the shop's codes.
  const byName = short
    ? sql`SELECT id FROM products WHERE business_id = ${businessId} AND lower(product_name) >= ${name} AND lower(product_name) < ${sql`${name} || ${MAX_CHAR}`}`
    : sql`SELECT n.product_id FROM product_search JOIN product_search_names n ON n.id = product_search.rowid
          WHERE product_search MATCH ${name} AND n.business_id = ${businessId}`;
  return sql`SELECT product_id FROM product_codes WHERE business_id = ${businessId} AND kind = 'sku' AND code = ${sku}
    UNION SELECT product_id FROM product_codes WHERE business_id = ${businessId} AND kind = 'barcode' AND code = ${barcode}
    UNION ${byName}`;
}

/** The parameter value `productSearchWhere` expects for a fragment (already trimmed; lower-cased here). */
export function nameSearchValue(kind: DialectKind, fragment: string): { short: boolean; value: string } {
  const lowered = fragment.toLowerCase();
  const short = [...lowered].length < TRIGRAM;
  if (kind === 'postgres') return { short, value: short ? `${likeEscape(lowered)}%` : `%${likeEscape(lowered)}%` };
  return { short, value: short ? lowered : ftsPhrase(lowered) };
}
