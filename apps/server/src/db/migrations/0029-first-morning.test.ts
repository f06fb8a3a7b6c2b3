import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCashSession, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';
import { newId } from '../../lib/ids';
import { firstMorning } from './0029-first-morning';

/**
 * The shops of a database from before 0029: the demo shops (Demo Coffee has sold), a shop that has not sold yet, the
 * platform; preset roles as they were, one of them renamed by its owner.
 */
describe('migration 0029-first-morning on a database whose shops predate it', () => {
  let w: SaleWorld;
  let db: Kysely<any>;
  const quiet = newId();
  const at = '2026-01-05T03:00:00.000Z';
  const rolesOf = (businessId: string) =>
    db.selectFrom('roles').select(['name', 'preset_key']).where('business_id', '=', businessId).orderBy('name').execute() as Promise<
      Array<{ name: string; preset_key: string | null }>
    >;
  const dismissed = async (businessId: string) =>
    (
      (await db.selectFrom('businesses').select('setup_dismissed_at').where('id', '=', businessId).executeTakeFirstOrThrow()) as {
        setup_dismissed_at: string | null;
      }
    ).setup_dismissed_at;

  beforeAll(async () => {
    w = await saleWorld();
    db = w.t.deps.db as unknown as Kysely<any>;
    // Demo Coffee sells once.
    await openCashSession(w, w.cashierId, w.branches[0]!.id);
    await stockUp(w, w.items[0]!, w.branches[0]!.id, '5');
    const sold = await sell(w.t.app, w.cashier, {
      lines: [{ product_id: w.items[0]!, quantity: '1' }],
      payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '10' }],
    });
    expect(sold.statusCode, sold.body).toBe(201);

    // Back to the day before: 0029's columns and index gone.
    await db.schema.dropIndex('roles_preset_key').execute();
    await db.schema.alterTable('roles').dropColumn('preset_key').execute();
    await db.schema.alterTable('businesses').dropColumn('setup_dismissed_at').execute();

    // Its owner renamed Demo Coffee's Owner and Manager presets; a custom role took the name "Cashier helper".
    await db.updateTable('roles').set({ name: 'Patron' }).where('business_id', '=', w.biz).where('name', '=', 'Owner').execute();
    await db.updateTable('roles').set({ name: 'Floor boss' }).where('business_id', '=', w.biz).where('name', '=', 'Manager').execute();
    const role = (business_id: string, name: string, is_preset: number, is_owner = 0) => ({
      business_id,
      id: newId(),
      name,
      permissions: '[]',
      is_preset,
      is_owner,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('businesses')
      .values({
        id: quiet,
        slug: `quiet-${quiet.slice(-6)}`,
        shop_name: 'Quiet Shop',
        shop_type: 'coffee_shop',
        package: 'standard',
        status: 'active',
        is_platform: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('roles')
      .values([role(w.biz, 'Cashier helper', 0), role(quiet, 'Owner', 1, 1), role(quiet, 'Manager', 1), role(quiet, 'Cashier', 1)])
      .execute();

    await firstMorning(w.t.deps.kind).up(db);
  });
  afterAll(() => w.t.close());

  it('keys the preset roles: the Owner by its flag whatever its name, the others by the English name they were made with', async () => {
    expect(await rolesOf(quiet)).toEqual([
      { name: 'Cashier', preset_key: 'cashier' },
      { name: 'Manager', preset_key: 'manager' },
      { name: 'Owner', preset_key: 'owner' },
    ]);
    // A renamed Manager is a role like any other now; a custom role is never a preset, whatever its name.
    expect(await rolesOf(w.biz)).toEqual([
      { name: 'Cashier', preset_key: 'cashier' },
      { name: 'Cashier helper', preset_key: null },
      { name: 'Floor boss', preset_key: null },
      { name: 'Patron', preset_key: 'owner' },
    ]);
    const platform = await db
      .selectFrom('roles as r')
      .innerJoin('businesses as b', 'b.id', 'r.business_id')
      .select('r.preset_key')
      .where('b.is_platform', '=', 1)
      .execute();
    expect(platform).toEqual([{ preset_key: null }]);
  });

  it('refuses a second preset of one kind in a shop', async () => {
    const again = db
      .insertInto('roles')
      .values({
        business_id: quiet,
        id: newId(),
        name: 'Second cashier',
        permissions: '[]',
        is_preset: 1,
        preset_key: 'cashier',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await expect(again).rejects.toThrow();
    expect(await rolesOf(quiet)).toHaveLength(3);
  });

  it('opens the setup checklist only for shops that have not sold yet', async () => {
    expect(await dismissed(quiet)).toBeNull();
    expect(await dismissed(w.biz)).not.toBeNull();
    const platform = await db.selectFrom('businesses').select('setup_dismissed_at').where('is_platform', '=', 1).executeTakeFirstOrThrow();
    expect(platform.setup_dismissed_at).not.toBeNull();
    // Demo Karaoke has not sold in this database: its owner is offered the checklist.
    const karaoke = await db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Karaoke').executeTakeFirstOrThrow();
    const sold = await db
      .selectFrom('sales')
      .select(sql<number>`count(*)`.as('n'))
      .where('business_id', '=', karaoke.id)
      .executeTakeFirstOrThrow();
    expect((await dismissed(karaoke.id)) === null).toBe(Number(sold.n) === 0);
  });
});
