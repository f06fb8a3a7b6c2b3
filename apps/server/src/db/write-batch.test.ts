import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { createShop } from '../../test/factories';
import { newId } from '../lib/ids';
import { writeBatch } from './write-batch';

/**
 * The batch of writes a sale sends after its number (write-batch.ts), on the database the suite runs on: every row it
 * gathered is written, in one statement on PostgreSQL (its writes side by side, none seeing another's rows) and one
 * statement each, in order, on SQLite; and a write that fails leaves none of the batch's rows.
 */
describe('write batch', () => {
  let t: TestContext;
  let businessId: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    businessId = (await createShop(t.deps)).businessId;
  });
  afterAll(async () => t.close());

  const line = (id: string, action = 'batched') => ({
    business_id: businessId,
    id,
    user_id: null,
    action,
    entity: 'write-batch-test',
    entity_id: null,
    detail: null,
    ip: null,
    created_at: t.clock.now().toISOString(),
  });
  const actions = async (ids: string[]) =>
    (
      await t.deps.db
        .selectFrom('audit_log')
        .select(['id', 'action'])
        .where('business_id', '=', businessId)
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  it('writes what it gathered in one statement on PostgreSQL, and one after another on SQLite', async () => {
    const ids = [newId(), newId(), newId()];
    let statements = 0;
    // Once per statement the database answered (builders also pass their nodes through transformQuery as they are built).
    const counting: KyselyPlugin = {
      transformQuery: (a) => a.node,
      transformResult: async (a) => {
        statements++;
        return a.result;
      },
    };
    await t.deps.db.transaction().execute(async (outer) => {
      const trx = outer.withPlugin(counting);
      const rows = writeBatch(trx, t.deps.kind);
      rows.add(trx.insertInto('audit_log').values(line(ids[0]!)));
      rows.add(trx.insertInto('audit_log').values([line(ids[1]!), line(ids[2]!)]));
      // A WITH's writes do not see each other's rows on PostgreSQL: this one changes a row that was already there.
      rows.addRaw(sql`UPDATE audit_log SET action = 'updated' WHERE business_id = ${businessId} AND id = ${ids[0]!}`);
      expect(statements).toBe(0);
      await rows.flush();
      expect(statements).toBe(t.deps.kind === 'postgres' ? 1 : 3);
    });
    // On PostgreSQL the update ran beside the inserts, not after them: the first row was not there for it to change.
    expect(await actions(ids)).toEqual(t.deps.kind === 'postgres' ? ['batched', 'batched', 'batched'] : ['updated', 'batched', 'batched']);
  });

  it('leaves none of its rows when one of its writes fails', async () => {
    const taken = newId();
    await t.deps.db.insertInto('audit_log').values(line(taken, 'first')).execute();
    const fresh = newId();
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        const rows = writeBatch(trx, t.deps.kind);
        rows.add(trx.insertInto('audit_log').values(line(fresh)));
        rows.add(trx.insertInto('audit_log').values(line(taken, 'again')));
        await rows.flush();
      }),
    ).rejects.toThrow();
    expect(await actions([taken, fresh])).toEqual(['first']);
  });
});
