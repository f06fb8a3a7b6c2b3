/**
 * Notifications that leave a transaction only when it commits, and the one listening connection that hears them.
 *
 * PostgreSQL: `pg_notify` inside the transaction (PostgreSQL delivers it on commit, never after a rollback) and one
 * dedicated `LISTEN` connection per listener, so a notification raised on one server instance reaches every instance
 * on the same database. SQLite (one process): `posauto_notify()`, a function of the connection that keeps what a
 * transaction raised until the driver commits it (dropped on rollback) and then hands it to the listeners in this
 * process.
 */
import type SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql, type DatabaseConnection, type Driver, type Kysely } from 'kysely';
import type { DialectKind } from './kind';

export type NotificationHandler = (payload: string) => void;

/** Where a database's committed notifications can be heard. */
export interface NotificationSource {
  /**
   * Starts hearing `channel`; resolves once listening. `onReset` is called after the connection was lost and heard
   * again (notifications in between are lost: a listener should re-read what it shows). Answers a stop function.
   */
  listen(channel: string, onMessage: NotificationHandler, onReset?: () => void): Promise<() => Promise<void>>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Raises a notification inside `trx`: heard by listeners only if and when the transaction commits. */
export async function notifyOnCommit(trx: Kysely<any>, kind: DialectKind, channel: string, payload: string): Promise<void> {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  if (kind === 'postgres') await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
  else await sql`select posauto_notify(${channel}, ${payload})`.execute(trx);
}

/** The commit and rollback hooks of a SQLite connection's notifications. */
export interface CommitHooks {
  committed(): void;
  rolledBack(): void;
}

/**
 * SQLite: registers `posauto_notify(channel, payload)` on the connection. Raised inside a transaction it waits for
 * the commit (Kysely's SQLite driver runs one transaction at a time on its one connection, so what is pending belongs
 * to the transaction in progress); raised outside one it is delivered at once.
 */
export function sqliteNotifications(db: SQLite.Database): { hooks: CommitHooks; source: NotificationSource } {
  const pending: Array<[string, string]> = [];
  const listeners = new Map<string, Set<NotificationHandler>>();
  const deliver = (items: Array<[string, string]>) =>
    queueMicrotask(() => {
      for (const [channel, payload] of items) {
        for (const handler of listeners.get(channel) ?? []) {
          try {
            handler(payload);
          } catch {
            /* a listener's failure is its own */
          }
        }
      }
    });
  db.function('posauto_notify', (channel: unknown, payload: unknown) => {
    const item: [string, string] = [String(channel), String(payload)];
    if (db.inTransaction) pending.push(item);
    else deliver([item]);
    return null;
  });
  return {
    hooks: {
      committed() {
        if (pending.length) deliver(pending.splice(0));
      },
      rolledBack() {
        pending.length = 0;
      },
    },
    source: {
      async listen(channel, onMessage) {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        const handler: NotificationHandler = (p) => onMessage(p);
        listeners.get(channel)!.add(handler);
        return async () => void listeners.get(channel)?.delete(handler);
      },
    },
  };
}

/** A driver whose commits and rollbacks also release or drop the notifications their transaction raised. */
export function withCommitHooks(driver: Driver, hooks: CommitHooks): Driver {
  // A plain object with the driver's methods bound once (a Proxy bound a new function on every property read, which
  // Kysely does several times for every statement).
  return {
    init: driver.init.bind(driver),
    acquireConnection: driver.acquireConnection.bind(driver),
    beginTransaction: driver.beginTransaction.bind(driver),
    async commitTransaction(connection: DatabaseConnection) {
      await driver.commitTransaction(connection);
      hooks.committed();
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      hooks.rolledBack();
      await driver.rollbackTransaction(connection);
    },
    ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
    ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
    ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
    releaseConnection: driver.releaseConnection.bind(driver),
    destroy: driver.destroy.bind(driver),
  };
}

/**
 * PostgreSQL: each `listen` opens one dedicated connection (not one of the pool's) that LISTENs on the channel, and
 * reconnects with a growing pause when it is lost.
 */
export function postgresNotifications(url: string): NotificationSource {
  return {
    async listen(channel, onMessage, onReset) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      let pause = 250;
      const open = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (n) => {
          if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
        });
        // Every error is handled (a terminated connection must not end the process): lost() reconnects.
        c.on('error', () => lost(c));
        c.on('end', () => lost(c));
        try {
          await c.connect();
          await c.query(`LISTEN ${channel}`);
        } catch (e) {
          // Terminated between connecting and listening: close it, or it would stay open unused.
          await c.end().catch(() => undefined);
          throw e;
        }
        if (stopped) {
          await c.end().catch(() => undefined);
          return;
        }
        client = c;
        pause = 250;
      };
      const lost = (c: pg.Client) => {
        if (stopped || client !== c) return;
        client = null;
        c.end().catch(() => undefined);
        const again = () => {
          retry = undefined;
          if (stopped) return;
          open().then(
            () => onReset?.(),
            () => {
              pause = Math.min(pause * 2, 10_000);
              retry = setTimeout(again, pause);
              retry.unref();
            },
          );
        };
        retry = setTimeout(again, pause);
        retry.unref();
      };
      await open();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const c = client;
        client = null;
        await c?.end().catch(() => undefined);
      };
    },
  };
}

const sources = new WeakMap<object, NotificationSource>();

/** Remembers where the notifications of a database (a Kysely instance) are heard; done by openDatabase. */
export function attachNotifications(db: object, source: NotificationSource): void {
  sources.set(db, source);
}

/** Where the notifications of a database opened by openDatabase are heard (null for one opened otherwise). */
export function notificationsOf(db: object): NotificationSource | null {
  return sources.get(db) ?? null;
}
