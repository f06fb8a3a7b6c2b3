import { Kysely } from 'kysely';
import { createDialect, type DatabaseTarget, type DialectKind } from './dialect/index';
import { attachNotifications } from './dialect/notify';
import type { Database } from './types';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: DialectKind;
  close(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  const { dialect, notifications } = createDialect(target);
  const db = new Kysely<Database>({ dialect });
  attachNotifications(db, notifications);
  return { db, kind: target.kind, close: () => db.destroy() };
}
