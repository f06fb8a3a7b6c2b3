import { Kysely } from 'kysely';
import { createDialect, type DatabaseOptions, type DatabaseTarget, type DialectKind } from './dialect/index';
import { attachHealth } from './dialect/health';
import { attachNotifications } from './dialect/notify';
import type { Database } from './types';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: DialectKind;
  close(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): DatabaseHandle {
  const { dialect, notifications, health } = createDialect(target, options);
  const db = new Kysely<Database>({ dialect });
  attachNotifications(db, notifications);
  const checks = health(db);
  attachHealth(db, checks);
  return {
    db,
    kind: target.kind,
    async close() {
      try {
        await db.destroy();
      } finally {
        await checks.close();
      }
    },
  };
}
