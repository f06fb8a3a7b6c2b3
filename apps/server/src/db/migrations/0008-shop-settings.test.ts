import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness';
import { newId } from '../../lib/ids';
import { foundation } from './0001-foundation';
import { stockNotifications } from './0002-stock-notifications';
import { listIndexes } from './0003-list-indexes';
import { rolesAndUsers } from './0004-roles-and-users';
import { signUp } from './0005-sign-up';
import { catalogueSettings } from './0006-catalogue-settings';
import { settingLists } from './0007-setting-lists';
import { shopSettings } from './0008-shop-settings';

describe('migration 0008-shop-settings on a database that already has shops', () => {
  let tdb: TestDatabase;
  let db: Kysely<any>;
  const at = '2026-01-01T00:00:00.000Z';
  const shopId = newId();
  const platformId = newId();
  const cashId = newId();

  beforeAll(async () => {
    tdb = await createTestDatabase();
    db = tdb.handle.db as unknown as Kysely<any>;
    const kind = tdb.handle.kind;
    const upTo7: Record<string, Migration> = {
      '0001-foundation': foundation(kind),
      '0002-stock-notifications': stockNotifications(kind),
      '0003-list-indexes': listIndexes(kind),
      '0004-roles-and-users': rolesAndUsers(kind),
      '0005-sign-up': signUp(kind),
      '0006-catalogue-settings': catalogueSettings(kind),
      '0007-setting-lists': settingLists(kind),
    };
    const migrate = (migrations: Record<string, Migration>) =>
      new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    expect((await migrate(upTo7)).error).toBeUndefined();

    const business = (id: string, name: string, isPlatform: number) => ({
      id,
      slug: `${name.toLowerCase()}-${id.slice(-6)}`,
      shop_name: name,
      shop_type: 'coffee_shop',
      package: isPlatform ? 'platform' : 'premium',
      status: 'active',
      phone: null,
      address: null,
      logo: null,
      company_name: null,
      contact_name: null,
      note: null,
      is_platform: isPlatform,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('businesses')
      .values([business(shopId, 'Old Shop', 0), business(platformId, 'Platform', 1)])
      .execute();
    // One minute apart: the oldest of the same name keeps it.
    const branch = (name: string, minute: number) => {
      const created = `2026-01-01T00:0${minute}:00.000Z`;
      return { business_id: shopId, id: newId(), name, address: null, phone: null, status: 1, created_at: created, updated_at: created };
    };
    await db
      .insertInto('branches')
      .values([branch('Main', 1), branch('main', 2), branch('Main (2)', 3), branch('Annex', 4)])
      .execute();
    await db
      .insertInto('payment_methods')
      .values({
        business_id: shopId,
        id: cashId,
        name: 'Cash',
        type: 'cash',
        account_details: null,
        status: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('general_settings')
      .values({
        business_id: shopId,
        currency: 'USD',
        local_currency: 'KHR',
        exchange_rate: 41_000_000,
        sale_tax: 0,
        is_exclude_tax: 1,
        time_zone: 'Asia/Phnom_Penh',
        default_branch_id: null,
        updated_at: at,
      })
      .execute();

    expect((await migrate({ ...upTo7, '0008-shop-settings': shopSettings(kind) })).error).toBeUndefined();
  });
  afterAll(() => tdb.drop());

  it("gives each shop, not the platform, its Walk-in customer and sale settings with the shop's Cash", async () => {
    const customers = await db.selectFrom('customers').selectAll().execute();
    expect(customers).toEqual([
      expect.objectContaining({ business_id: shopId, name: 'Walk-in customer', is_walk_in: 1, status: 1, customer_type: 'retail' }),
    ]);
    const settings = await db.selectFrom('sale_settings').selectAll().execute();
    expect(settings).toEqual([
      expect.objectContaining({
        business_id: shopId,
        default_customer_id: customers[0]!.id,
        default_payment_method_id: cashId,
        invoice_prefix: 'INV-',
        quotation_prefix: 'QUO-',
        receipt_paper_width: 80,
      }),
    ]);
  });

  it('counts the branches and customers of each shop', async () => {
    const counters = await db.selectFrom('tenant_counters').select(['business_id', 'name', 'value']).orderBy('name').execute();
    expect(counters.map((r) => [r.business_id, r.name, Number(r.value)])).toEqual([
      [shopId, 'branches', 4],
      [shopId, 'customers', 1],
    ]);
  });

  it('renames branch names that were the same whatever their case, so they can be unique', async () => {
    const names = (await db.selectFrom('branches').select('name').orderBy('created_at').execute()).map((r) => r.name);
    expect(names).toEqual(['Main', 'main (3)', 'Main (2)', 'Annex']);
  });

  it('adds the new general settings with their defaults', async () => {
    const row = await db.selectFrom('general_settings').selectAll().where('business_id', '=', shopId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      default_stock_alert: 0,
      out_of_stock_sale: 0,
      edit_date: 0,
      edit_cost: 0,
      inline_discount: 0,
      receipt_footer: null,
      vatin_number: null,
    });
  });
});
