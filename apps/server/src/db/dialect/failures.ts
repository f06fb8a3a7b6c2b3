/**
 * Failures of the database itself, as opposed to a refused or broken request: the database restarting, out of reach,
 * too slow (a lock or statement timeout, no free pool connection) or out of disk. The error handler answers them 503
 * or 507 with Retry-After, which the till retries with its Idempotency-Key, instead of a 500.
 */
import { statfsSync } from 'node:fs';

/** `unavailable`: try again in a moment; `disk_full`: nothing can be written until space is freed. */
export type DatabaseFailure = 'unavailable' | 'disk_full';

/**
 * PostgreSQL SQLSTATEs: 08 connection exceptions; 57P01-57P03 shutdown, crash, not accepting connections yet; 57014
 * statement timeout; 55P03 lock timeout; 53300 too many connections; 53200 out of memory; 25006 read-only (a standby
 * after a failover); 40001 and 40P01 serialization failure and deadlock (the transaction was rolled back whole).
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|57014|55P03|53300|53200|25006|40001|40P01)$/;
/** SQLite result codes (better-sqlite3 gives extended ones, e.g. SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|CANTOPEN|NOMEM|IOERR|PROTOCOL)(_|$)/;
/** Failures of the socket to the database server (pg passes Node's errors through). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** pg and pg-pool failures that carry no code: the connection is gone, or none was free in time. */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client was closed and is not queryable|Client has encountered a connection error and is not queryable|Cannot use a pool after calling end on the pool)$/;

/** Set on an SQLite I/O error raised while the database's disk had no room left (ENOSPC). */
const DISK_FULL = Symbol('posauto.diskFull');

/** What kind of database failure an error is, or null for any other error (a bug, a rule, a constraint). */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; message?: unknown; [DISK_FULL]?: boolean };
  const code = typeof e.code === 'string' ? e.code : '';
  // 53100: PostgreSQL's disk_full.
  if (code === 'SQLITE_FULL' || code === '53100' || e[DISK_FULL]) return 'disk_full';
  if (PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code) || NETWORK_CODES.has(code)) return 'unavailable';
  if (!code && typeof e.message === 'string' && PG_CONNECTION_MESSAGE.test(e.message)) return 'unavailable';
  return null;
}

/** Free bytes under which a failed write is put down to a full disk. */
const NEARLY_FULL = 1024 * 1024;

/**
 * SQLite reports a write that met ENOSPC as SQLITE_FULL, but an fsync or a WAL resize that met it as a plain I/O
 * error: when the database's folder has (nearly) no room left, mark such an error as a full disk.
 */
export function markIfDiskFull(error: unknown, folder: string): void {
  const e = error as { code?: unknown; [DISK_FULL]?: boolean } | null;
  if (!e || typeof e !== 'object' || typeof e.code !== 'string' || !e.code.startsWith('SQLITE_IOERR')) return;
  try {
    const fs = statfsSync(folder);
    if (fs.bavail * fs.bsize < NEARLY_FULL) e[DISK_FULL] = true;
  } catch {
    /* the folder cannot be read: leave it an I/O error */
  }
}
