import { describe, expect, it } from 'vitest';
import { databaseFailure } from './failures';

/** An error as pg or better-sqlite3 make it: a message and, mostly, a code. */
const failure = (code: string | undefined, message = 'x') => databaseFailure(Object.assign(new Error(message), code ? { code } : {}));

describe('databaseFailure', () => {
  it('takes a full disk for disk_full on both databases', () => {
    expect(failure('SQLITE_FULL')).toBe('disk_full');
    expect(failure('53100')).toBe('disk_full');
  });

  it('takes a restart, a lost connection, a timeout, a busy or read-only database for unavailable', () => {
    for (const code of ['57P01', '57P02', '57P03', '57014', '55P03', '08006', '08003', '53300', '25006', '40P01', '40001'])
      expect(failure(code), code).toBe('unavailable');
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', 'SQLITE_READONLY', 'SQLITE_IOERR_WRITE'])
      expect(failure(code), code).toBe('unavailable');
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']) expect(failure(code), code).toBe('unavailable');
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ])
      expect(failure(undefined, message), message).toBe('unavailable');
  });

  it('leaves every other error alone: a rule, a constraint, a bug stay what they are', () => {
    for (const code of ['23505', '23503', '22P02', '42P01', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_CORRUPT'])
      expect(failure(code), code).toBeNull();
    expect(failure(undefined, 'cannot rollback - no transaction is active')).toBeNull();
    expect(failure('SOMETHING', 'Connection terminated unexpectedly')).toBeNull();
    expect(databaseFailure(null)).toBeNull();
    expect(databaseFailure('Connection terminated')).toBeNull();
  });
});
