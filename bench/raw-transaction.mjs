/**
 * What the raw durable transactions of `bench/stock-bench.mjs` and `bench/sales-bench.mjs` share: the server's ids,
 * its half-up division, the statements' placeholders, the two databases opened as the server opens them, and the
 * summary their results are printed with. One copy, so that both yardsticks measure the same way.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let lastMs = 0;
let seq = 0;
/** A UUIDv7 like the server's lib/ids.ts newId (time-ordered, counting up within a millisecond). */
export function newId() {
  const b = randomBytes(16);
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    seq = b.readUInt16BE(6) & 0x07ff;
  } else if (++seq > 0x0fff) {
    lastMs += 1;
    seq = 0;
  }
  b.writeUInt16BE(seq, 6);
  b.writeUIntBE(lastMs, 0, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Exact division rounded half-up, as the ledger's (positive operands). */
export const half = (n, d) => Number((2n * n + d) / (2n * d));

/** Two decimals; null stays null (a percentile of no latencies, a mean of none). */
export const round2 = (n) => (n === null || !Number.isFinite(n) ? null : Math.round(n * 100) / 100);

export function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The statements are written with `?`; PostgreSQL wants `$1`, `$2`, … in their place. */
export function placeholders(kind) {
  return (sql) => {
    if (kind === 'sqlite') return sql;
    let i = 0;
    return sql.replace(/\?/g, () => `$${++i}`);
  };
}

/** better-sqlite3 on the server's file with the server's pragmas (WAL, synchronous FULL) and its `lower`. */
export function openSqlite(file) {
  const Database = require('better-sqlite3');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.function('lower', { deterministic: true }, (v) => (v === null ? null : String(v).toLowerCase()));
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** A pg pool of the server's size (10), bigint and numeric read as numbers. */
export function openPgPool(url) {
  const pg = require('pg');
  const types = { getTypeParser: (oid, format) => (oid === 20 || oid === 1700 ? Number : pg.types.getTypeParser(oid, format)) };
  return new pg.Pool({ connectionString: url, max: 10, types });
}

/**
 * `latencies`: what each transaction waited. `alone` (SQLite's tills, one transaction at a time): also the
 * transactions alone (`alone_p50_ms`, `alone_p99_ms`), since there the tills' wait is mostly each other's turns.
 */
export function summary(latencies, ms, connections, alone = null) {
  latencies.sort((a, b) => a - b);
  if (alone) alone.sort((a, b) => a - b);
  return {
    connections,
    duration_s: Math.round(ms / 100) / 10,
    transactions: latencies.length,
    tx_per_s: Math.round((latencies.length / (ms / 1000)) * 10) / 10,
    latency_p50_ms: round2(percentile(latencies, 50)),
    latency_p99_ms: round2(percentile(latencies, 99)),
    ...(alone ? { alone_p50_ms: round2(percentile(alone, 50)), alone_p99_ms: round2(percentile(alone, 99)) } : {}),
  };
}
