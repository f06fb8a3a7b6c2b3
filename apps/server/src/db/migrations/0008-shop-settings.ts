import type { Kysely, Migration } from 'kysely';
import type { DialectKind } from '../dialect/index';

/** Placeholder: filled in by the module that owns these tables. */
export function shopSettings(_kind: DialectKind): Migration {
  return {
    async up(_db: Kysely<any>) {},
    async down(_db: Kysely<any>) {},
  };
}
