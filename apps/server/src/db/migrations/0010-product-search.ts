import type { Kysely, Migration } from 'kysely';
import { createProductSearch, dropProductSearch } from '../dialect/product-search';
import type { DialectKind } from '../dialect/index';

/**
 * Indexed product name search (fragments of a name), so the product list stays fast with 100,000 products in one
 * shop: SQLite FTS5 trigram, PostgreSQL pg_trgm (see dialect/product-search.ts). SKUs and barcodes are found
 * exactly through product_codes' primary key.
 */
export function productSearch(kind: DialectKind): Migration {
  return {
    up: (db: Kysely<any>) => createProductSearch(db, kind),
    down: (db: Kysely<any>) => dropProductSearch(db, kind),
  };
}
