import type { Kysely, Migration } from 'kysely';
import { createListSearch, dropListSearch, type ListSearchColumns } from '../dialect/list-search';
import type { DialectKind } from '../dialect/index';

/**
 * The searchable columns of the generic lists (db/list.ts) this migration indexes. Frozen with the migration: a list
 * that searches a new column adds it in a later migration and to INDEXED_LIST_SEARCH (db/list-search-index.ts).
 */
export const LIST_SEARCH_COLUMNS_0013: ListSearchColumns = {
  categories: ['name'],
  customers: ['name', 'phone', 'member_id', 'company_name', 'email'],
  brands: ['name'],
  suppliers: ['name', 'company', 'phone', 'email'],
  units: ['name', 'short_name'],
  branches: ['name', 'address', 'phone'],
  adjustment_types: ['name'],
  service_charges: ['name'],
  payment_methods: ['name'],
  variations: ['name'],
  variation_values: ['name'],
  roles: ['name'],
  users: ['first_name', 'last_name', 'email', 'phone'],
  stock_notifications: ['name'],
};

/**
 * Indexed list search, so a search of a list of 100,000 records does not read them all: SQLite FTS5 trigram,
 * PostgreSQL pg_trgm (see dialect/list-search.ts), like product names (0010).
 */
export function listSearch(kind: DialectKind): Migration {
  return {
    up: (db: Kysely<any>) => createListSearch(db, kind, LIST_SEARCH_COLUMNS_0013),
    down: (db: Kysely<any>) => dropListSearch(db, kind, LIST_SEARCH_COLUMNS_0013),
  };
}
