import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectKind } from '../dialect/index';
import { LIST_SEARCH_COLUMNS_0013 } from './0013-list-search';

/**
 * PostgreSQL only: the trigram indexes of the searches (0010 product names, 0013 the lists) write each new record into
 * the index at once instead of into GIN's pending list. With the pending list (the default), every search reads the
 * whole unsorted list until a vacuum merges it: after 100,000 customers were added, a search took 31 ms instead of
 * 5 ms. A shop adds a customer or a category now and then and searches all day, so the write pays, not the read.
 */
export function searchIndexPendingList(kind: DialectKind): Migration {
  const indexes = [
    'products_name_trgm',
    ...Object.entries(LIST_SEARCH_COLUMNS_0013).flatMap(([table, cols]) => cols.map((c) => `${table}_${c}_trgm`)),
  ];
  const set = async (db: Kysely<any>, on: boolean) => {
    if (kind !== 'postgres') return;
    for (const name of indexes) {
      await sql`ALTER INDEX ${sql.id(name)} SET (fastupdate = ${sql.raw(on ? 'on' : 'off')})`.execute(db);
      // What is already pending moves into the index now.
      if (!on) await sql`SELECT gin_clean_pending_list(${name}::regclass)`.execute(db);
    }
  };
  return { up: (db) => set(db, false), down: (db) => set(db, true) };
}
