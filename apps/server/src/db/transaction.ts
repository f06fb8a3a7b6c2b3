import type { Kysely } from 'kysely';
import { isUniqueViolation, type DialectKind } from './dialect/index';
import type { Database } from './types';

/**
 * A writer that runs each write in one transaction and turns a unique-index violation (a concurrent duplicate
 * that slipped past the service's own check) into the given error instead of a 500.
 */
export function transactional(db: Kysely<Database>, kind: DialectKind, onDuplicate: () => Error) {
  return async <T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (isUniqueViolation(kind, e)) throw onDuplicate();
      throw e;
    }
  };
}
