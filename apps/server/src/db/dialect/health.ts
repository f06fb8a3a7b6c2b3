/**
 * Whether the database can be reached and written, for GET /health. The answer never waits for the pool: on
 * PostgreSQL a query on a small pool of its own, on SQLite a `select 1`, each given HEALTH_TIMEOUT_MS; and a write
 * that failed because the disk is full (or the database is read-only) is remembered until a write commits again, since
 * a read alone cannot tell.
 */
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { databaseFailure } from './failures';

/** How long the health check waits for the database: /health answers within a second whatever happens. */
export const HEALTH_TIMEOUT_MS = 800;

export type HealthProblem = 'unreachable' | 'read_only' | 'disk_full';

/** What the driver reports: each failed statement, and each committed transaction. */
export interface WriteWatch {
  failed(error: unknown): void;
  committed(): void;
}

export interface DatabaseHealth {
  watch: WriteWatch;
  /** Null when the database answers and can be written; never throws, answers within HEALTH_TIMEOUT_MS. */
  check(): Promise<HealthProblem | null>;
  close(): Promise<void>;
}

/** Read-only: a PostgreSQL standby (25006) or an SQLite file or folder that cannot be written. */
const READ_ONLY = /^(25006|SQLITE_READONLY.*)$/;

/** The last write failure that reads cannot see (a full disk, a read-only database), until a commit succeeds. */
function writeWatch(): { watch: WriteWatch; problem(): HealthProblem | null } {
  let problem: HealthProblem | null = null;
  return {
    watch: {
      failed(error) {
        if (databaseFailure(error) === 'disk_full') problem = 'disk_full';
        else if (READ_ONLY.test(String((error as { code?: unknown })?.code))) problem = 'read_only';
      },
      committed() {
        problem = null;
      },
    },
    problem: () => problem,
  };
}

/** The promise's value, or `late` once `ms` have passed. */
async function within<T>(ms: number, work: Promise<T>, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** SQLite: the one connection answers a `select 1` in time. */
export function sqliteHealth(): { watch: WriteWatch; attach(db: Kysely<any>): DatabaseHealth } {
  const w = writeWatch();
  return {
    watch: w.watch,
    attach: (db) => ({
      watch: w.watch,
      async check() {
        const fromWrites = w.problem();
        if (fromWrites) return fromWrites;
        const answered = sql`select 1`.execute(db).then(
          () => true,
          () => false,
        );
        return (await within(HEALTH_TIMEOUT_MS, answered, false)) ? null : 'unreachable';
      },
      close: async () => undefined,
    }),
  };
}

/**
 * PostgreSQL: a pool of its own (two connections at most, not the application's, which a lock or a burst may hold
 * whole) asks whether the server answers and is not a standby, under a statement timeout and a connect timeout.
 */
export function postgresHealth(url: string): DatabaseHealth {
  const w = writeWatch();
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    connectionTimeoutMillis: HEALTH_TIMEOUT_MS,
    statement_timeout: HEALTH_TIMEOUT_MS,
    allowExitOnIdle: true,
  });
  // A terminated connection of this pool is dropped and replaced; its error must not end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    watch: w.watch,
    async check() {
      const asked = pool.query<{ standby: boolean }>('select pg_is_in_recovery() as standby').then(
        (r): HealthProblem | null => (r.rows[0]?.standby ? 'read_only' : null),
        (): HealthProblem => 'unreachable',
      );
      return (await within<HealthProblem | null>(HEALTH_TIMEOUT_MS, asked, 'unreachable')) ?? w.problem();
    },
    close: () => pool.end(),
  };
}

const healths = new WeakMap<object, DatabaseHealth>();

/** Remembers how the health of a database (a Kysely instance) is checked; done by openDatabase. */
export function attachHealth(db: object, health: DatabaseHealth): void {
  healths.set(db, health);
}

/** How the health of a database opened by openDatabase is checked (null for one opened otherwise). */
export function healthOf(db: object): DatabaseHealth | null {
  return healths.get(db) ?? null;
}
