import type { CompiledQuery, DatabaseConnection, Driver } from 'kysely';
import { databaseFailure } from './failures';
import type { WriteWatch } from './health';

export interface DriverGuard {
  /** SQLite: whether a transaction is still open (SQLite rolls one back by itself on SQLITE_FULL, BUSY, IOERR). */
  inTransaction?: () => boolean;
  /** Statements fail by rejecting (PostgreSQL) rather than by throwing (SQLite, whose driver is synchronous). */
  rejects: boolean;
  /** Sees a failed statement before the watch does (SQLite marks an I/O error met on a full disk). */
  failed?: (error: unknown) => void;
  watch: WriteWatch;
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const WRITE_SQL = /^\s*(insert|update|delete|replace|merge)\b/i;
/** Whether a statement writes rows (raw SQL is judged by its first word). */
const isWrite = (q: CompiledQuery) => WRITE_NODES.has(q.query.kind) || (q.query.kind === 'RawNode' && WRITE_SQL.test(q.sql));

/**
 * A driver that keeps a transaction's real failure. Kysely answers a failed transaction with ROLLBACK and throws what
 * the ROLLBACK threw, if it threw: on SQLite, after SQLITE_FULL had already rolled the transaction back, that was
 * "cannot rollback - no transaction is active", once per failed sale, in place of the full disk; on PostgreSQL, a
 * ROLLBACK on a terminated connection. So: no ROLLBACK when SQLite has no transaction open, and a ROLLBACK that fails
 * because the connection is gone is let go (pg-pool drops a broken client when it is released). It also tells the
 * health check about failed statements and about writes that were committed.
 */
export function guardedDriver(driver: Driver, guard: DriverGuard): Driver {
  const { watch } = guard;
  /** Per connection: whether the transaction in progress has written a row. */
  const wrote = new WeakMap<DatabaseConnection, boolean>();
  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const noted = (e: unknown) => {
    guard.failed?.(e);
    watch.failed(e);
  };
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    const known = wrappers.get(connection);
    if (known) return known;
    const executeQuery = connection.executeQuery.bind(connection);
    const w: DatabaseConnection = {
      // SQLite's connection throws synchronously (a try costs nothing on its hot path); PostgreSQL's rejects.
      executeQuery<R>(query: CompiledQuery) {
        const write = isWrite(query);
        try {
          const result = executeQuery<R>(query);
          if (guard.rejects)
            return result.then(
              (r) => {
                if (write) wrote.set(w, true);
                return r;
              },
              (e: unknown) => {
                noted(e);
                throw e;
              },
            );
          if (write) {
            // SQLite outside a transaction: the write is committed already.
            if (guard.inTransaction?.() === false) watch.committed();
            else wrote.set(w, true);
          }
          return result;
        } catch (e) {
          noted(e);
          throw e;
        }
      },
      streamQuery: connection.streamQuery.bind(connection),
    };
    wrappers.set(connection, w);
    inner.set(w, connection);
    return w;
  };
  return {
    init: driver.init.bind(driver),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    async beginTransaction(connection, settings) {
      wrote.delete(connection);
      await driver.beginTransaction(connection, settings);
    },
    async commitTransaction(connection) {
      await driver.commitTransaction(connection);
      if (wrote.get(connection)) watch.committed();
      wrote.delete(connection);
    },
    async rollbackTransaction(connection) {
      wrote.delete(connection);
      if (guard.inTransaction && !guard.inTransaction()) return;
      try {
        await driver.rollbackTransaction(connection);
      } catch (e) {
        if (databaseFailure(e) !== 'unavailable') throw e;
      }
    },
    ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
    ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
    ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
    releaseConnection: (connection) => driver.releaseConnection(inner.get(connection) ?? connection),
    destroy: driver.destroy.bind(driver),
  };
}
