/**
 * An empty database that several handles or processes can open by address: a SQLite file in a folder of its own,
 * or a throwaway PostgreSQL database (TEST_DB picks, as in the harness). For start-up tests, where the database
 * is opened the way main.ts opens it, from the environment.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TEST_DB } from './harness';

const PG_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface FreshDatabase {
  /** DATA_DIR (the SQLite file lives there, and uploads) and, on PostgreSQL, DATABASE_URL. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  target: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize?: number };
  drop(): Promise<void>;
}

export async function freshDatabase(): Promise<FreshDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'posauto-start-'));
  if (TEST_DB === 'sqlite') {
    return {
      env: { DATA_DIR: dir },
      target: { kind: 'sqlite', file: join(dir, 'posauto.sqlite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `posauto_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
    target: { kind: 'postgres', url: url.toString(), poolSize: 4 },
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      // Closed pools' connections say goodbye after close() resolves: wait for them to leave, so FORCE does not
      // terminate one mid-goodbye (an unhandled "terminating connection due to administrator command").
      for (let i = 0; i < 100; i++) {
        const left = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (left.rows[0]!.n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
