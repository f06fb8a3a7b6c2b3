import { sql, type Kysely, type OperationNodeSource, type RawBuilder } from 'kysely';
import type { DialectKind } from './dialect/index';
import type { Database } from './types';

/** An insert or update built on the caller's transaction (trx.insertInto(...).values(...)), not yet run. */
type Write = OperationNodeSource & { execute(): Promise<unknown> };

/**
 * Gathers writes, then `flush()` runs them all. The writes must be independent of each other: on PostgreSQL they run
 * side by side against one snapshot (none sees another's rows), on SQLite one after another in the order added.
 */
export interface WriteBatch {
  add(write: Write): void;
  /** A statement written with `sql`: on PostgreSQL it must be one INSERT or UPDATE (it becomes a WITH of the batch). */
  addRaw(write: RawBuilder<unknown>): void;
  flush(): Promise<void>;
}

/**
 * Writes gathered and sent as one: a sale's rows once its stock is counted and its number taken (the stock levels and
 * movements, the sale, its lines, its payments, the drawer's entries, the audit). On PostgreSQL the series' counter
 * row stays locked from the number to the commit, and every other sale of the shop waits for it; each statement in
 * between was a round trip plus a turn of the server's busy event loop, and at 50 tills most of the pool's connections
 * were found waiting for that lock while its holder sat "idle in transaction" (issue #22, item 8). So PostgreSQL gets
 * one statement: each write but the last becomes a data-modifying WITH of the next (foreign keys are checked at the
 * end of the statement, so lines may name the sale inserted beside them; none may read or change another's rows).
 * SQLite, in process, has no round trip to save and runs them one after another.
 */
export function writeBatch(trx: Kysely<Database>, kind: DialectKind): WriteBatch {
  const queued: Write[] = [];
  return {
    add: (write) => void queued.push(write),
    addRaw: (write) => void queued.push({ toOperationNode: () => write.toOperationNode(), execute: () => write.execute(trx) }),
    async flush() {
      const all = queued.splice(0);
      if (kind !== 'postgres' || all.length < 2) {
        for (const write of all) await write.execute();
        return;
      }
      const withs = sql.join(all.slice(0, -1).map((write, i) => sql`${sql.raw(`w${i}`)} AS (${write})`));
      await sql`WITH ${withs} ${all[all.length - 1]!}`.execute(trx);
    },
  };
}
