import { FACTOR_SCALE } from '@posauto/shared/money/index';
import type { Kysely } from 'kysely';
import type { Deps } from '../deps';
import type { Database } from '../db/types';
import type { NamedTable } from '../http/crud-table';
import { bumpCounter } from '../db/list';
import { lockForSeeding } from '../db/dialect/index';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/secrets';
import { addUser, createBusiness } from '../modules/businesses/index';
import { CATEGORY_COUNTER } from '../modules/categories/index';
import { BRAND_COUNTER } from '../modules/brands/index';
import { PAYMENT_METHOD_COUNTER } from '../modules/payment-methods/index';
import { SUPPLIER_COUNTER } from '../modules/suppliers/index';
import { UNIT_COUNTER } from '../modules/units/index';
import { seedShopSettings } from './demo-shop-settings';
import { seedSettingLists } from './demo-setting-lists';
import { seedDemoProducts } from './demo-products';
import { seedDemoExpenses } from './demo-expenses';
import { seedDemoSales } from './demo-sales';
import { seedDemoStock } from './demo-stock';
import { seedDemoKaraoke } from './demo-karaoke';
import { seedCafeOrder, seedOpenTables, seedRestaurant, WAITER_LOGIN } from './demo-restaurant';
import { seedDemoFloor } from '../modules/floor/index';
import { registerTillIn } from '../modules/tills/index';
import { karaokeRooms, seedDemoRooms } from './demo-rooms';

export const DEMO_LOGINS = [
  { email: 'owner@posauto.local', password: 'owner1234', who: 'Demo Coffee owner (every permission)' },
  { email: 'cashier@posauto.local', password: 'cashier1234', who: 'Demo Coffee cashier, first branch' },
  { email: 'karaoke@posauto.local', password: 'karaoke1234', who: 'Demo Karaoke owner (Standard, one branch)' },
  { ...WAITER_LOGIN, who: 'Demo Karaoke waiter (table service, own drawer)' },
  { email: 'admin@posauto.local', password: 'admin1234', who: 'platform administrator' },
] as const;

const DEMO_CATEGORIES: Array<{ name: string; icon: string; children?: Array<{ name: string; icon: string }> }> = [
  {
    name: 'Coffee',
    icon: 'coffee',
    children: [
      { name: 'Hot coffee', icon: 'cup' },
      { name: 'Iced coffee', icon: 'glass' },
    ],
  },
  { name: 'Tea', icon: 'cup' },
  { name: 'Smoothies', icon: 'glass' },
  { name: 'Bakery', icon: 'bread' },
  { name: 'Snacks', icon: 'cookie' },
  { name: 'Bottled drinks', icon: 'bottle' },
];

/** The second shop: a Standard restaurant with karaoke rooms, so two shops exist out of the box. */
const KARAOKE_CATEGORIES: Array<{ name: string; icon: string }> = [
  { name: 'Beer', icon: 'beer' },
  { name: 'Soft drinks', icon: 'glass' },
  { name: 'Khmer food', icon: 'soup' },
  { name: 'Snacks', icon: 'cookie' },
  { name: 'Karaoke rooms', icon: 'microphone' },
];

const DEMO_BRANDS = [
  { name: 'Nescafé', description: 'Instant coffee and coffee mixes' },
  { name: 'Coca-Cola', description: 'Soft drinks' },
  { name: 'Vital', description: 'Bottled drinking water made in Cambodia' },
];

const DEMO_SUPPLIERS = [
  {
    name: 'Mekong Coffee Roasters',
    company: 'Mekong Coffee Roasters Co., Ltd.',
    phone: '+855 23 456 789',
    email: 'sales@mekong-roasters.example',
    address: 'Street 271, Phnom Penh',
    note: 'Beans every Monday',
  },
  {
    name: 'Angkor Beverage Distribution',
    company: 'Angkor Beverage Distribution Co., Ltd.',
    phone: '+855 12 777 321',
    email: 'orders@angkor-bev.example',
    address: 'National Road 4, Kandal',
    note: null,
  },
];

const PAYMENT_METHODS = [
  { name: 'Cash', type: 'cash', account_details: null },
  { name: 'Bank transfer', type: 'bank_transfer', account_details: 'ABA Bank 000 123 456, Demo shop' },
];

/** Inserts a shop's rows of one setting list and counts them in its tenant counter. */
async function seedRows(
  trx: Kysely<Database>,
  deps: Deps,
  table: NamedTable,
  counter: string,
  businessId: string,
  rows: Array<{ name: string } & Record<string, unknown>>,
  at: string,
) {
  const db = trx as unknown as Kysely<Record<NamedTable, Record<string, unknown>>>;
  for (const row of rows)
    await db
      .insertInto(table)
      .values({ business_id: businessId, id: newId(), status: 1, created_at: at, updated_at: at, ...row })
      .execute();
  await bumpCounter(trx, deps.kind, businessId, counter, rows.length);
}

/** A shop's products' ids by name. */
async function productIds(trx: Kysely<Database>, businessId: string): Promise<Map<string, string>> {
  const rows = await trx.selectFrom('products').select(['id', 'product_name']).where('business_id', '=', businessId).execute();
  return new Map(rows.map((r) => [r.product_name, r.id]));
}

/**
 * Seeds the demo shop into an empty database; does nothing when any business exists. `sales: false` leaves out the
 * sixty days of sales and cash sessions (about 650 sales, seconds on PostgreSQL) and Demo Karaoke's three weeks of
 * evenings, its rooms' stays and its tables and rooms in use now (its stock, deliveries, floor, rooms and waiter stay):
 * server tests that do not read them start without them, and make their own.
 */
export async function seedDemoIfEmpty(deps: Deps, options: { sales?: boolean } = {}): Promise<boolean> {
  const any = await deps.db.selectFrom('businesses').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const at = deps.clock.now().toISOString();
  // Hashed before the transaction, which holds SQLite's single writer (Argon2 takes tens of ms each).
  const hashes = Object.fromEntries(await Promise.all(DEMO_LOGINS.map(async (l) => [l.email, await hashPassword(l.password)] as const)));
  return deps.db.transaction().execute(async (trx) => {
    // Two instances started together on one empty database: the second waits here, then finds the demo seeded.
    await lockForSeeding(trx, deps.kind);
    if (await trx.selectFrom('businesses').select('id').limit(1).executeTakeFirst()) return false;
    await createBusiness(
      trx,
      {
        shopName: 'POSAUTO Platform',
        shopType: 'other',
        package: 'platform',
        status: 'active',
        branches: [],
        isPlatform: true,
        owner: { firstName: 'Platform', lastName: 'Admin', email: 'admin@posauto.local', passwordHash: hashes['admin@posauto.local']! },
      },
      at,
    );

    const shop = await createBusiness(
      trx,
      {
        shopName: 'Demo Coffee',
        shopType: 'coffee_shop',
        package: 'premium',
        status: 'active',
        branches: ['Riverside (Phnom Penh)', 'BKK1 (Phnom Penh)'],
        owner: {
          firstName: 'Sophea',
          lastName: 'Chan',
          email: 'owner@posauto.local',
          passwordHash: hashes['owner@posauto.local']!,
          phone: '+855 12 345 678',
        },
      },
      at,
    );
    const cashierId = await addUser(
      trx,
      {
        businessId: shop.businessId,
        roleId: shop.roleIds.Cashier!,
        branchId: shop.branchIds[0]!,
        firstName: 'Dara',
        lastName: 'Kim',
        email: 'cashier@posauto.local',
        passwordHash: hashes['cashier@posauto.local']!,
        gender: 'male',
      },
      at,
    );

    let count = 0;
    for (const c of DEMO_CATEGORIES) {
      const id = newId();
      await trx
        .insertInto('categories')
        .values({
          business_id: shop.businessId,
          id,
          name: c.name,
          parent_id: null,
          icon: c.icon,
          status: 1,
          created_at: at,
          updated_at: at,
        })
        .execute();
      count++;
      for (const child of c.children ?? []) {
        await trx
          .insertInto('categories')
          .values({
            business_id: shop.businessId,
            id: newId(),
            name: child.name,
            parent_id: id,
            icon: child.icon,
            status: 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
        count++;
      }
    }
    await bumpCounter(trx, deps.kind, shop.businessId, CATEGORY_COUNTER, count);

    await seedRows(trx, deps, 'brands', BRAND_COUNTER, shop.businessId, DEMO_BRANDS, at);
    await seedRows(trx, deps, 'suppliers', SUPPLIER_COUNTER, shop.businessId, DEMO_SUPPLIERS, at);
    await seedRows(trx, deps, 'payment_methods', PAYMENT_METHOD_COUNTER, shop.businessId, PAYMENT_METHODS, at);
    const can = newId();
    await seedRows(
      trx,
      deps,
      'units',
      UNIT_COUNTER,
      shop.businessId,
      [
        { name: 'Cup', short_name: 'cup', base_unit_id: null, operation_value: FACTOR_SCALE },
        { name: 'Bottle', short_name: 'btl', base_unit_id: null, operation_value: FACTOR_SCALE },
        { id: can, name: 'Can', short_name: 'can', base_unit_id: null, operation_value: FACTOR_SCALE },
        { name: 'Box of 24', short_name: 'box', base_unit_id: can, operation_value: 24 * FACTOR_SCALE },
        { name: 'Piece', short_name: 'pc', base_unit_id: null, operation_value: FACTOR_SCALE },
      ],
      at,
    );

    const karaoke = await createBusiness(
      trx,
      {
        shopName: 'Demo Karaoke',
        shopType: 'restaurant_karaoke',
        package: 'standard',
        status: 'active',
        branches: ['Toul Kork (Phnom Penh)'],
        owner: {
          firstName: 'Vanna',
          lastName: 'Sok',
          email: 'karaoke@posauto.local',
          passwordHash: hashes['karaoke@posauto.local']!,
          phone: '+855 17 888 999',
        },
      },
      at,
    );
    for (const c of KARAOKE_CATEGORIES) {
      await trx
        .insertInto('categories')
        .values({
          business_id: karaoke.businessId,
          id: newId(),
          name: c.name,
          parent_id: null,
          icon: c.icon,
          status: 1,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await bumpCounter(trx, deps.kind, karaoke.businessId, CATEGORY_COUNTER, KARAOKE_CATEGORIES.length);
    await seedRows(trx, deps, 'payment_methods', PAYMENT_METHOD_COUNTER, karaoke.businessId, PAYMENT_METHODS, at);
    await seedShopSettings(trx, deps, shop.businessId, karaoke.businessId, at);
    await seedRows(
      trx,
      deps,
      'units',
      UNIT_COUNTER,
      karaoke.businessId,
      ['Can', 'Bottle', 'Plate', 'Piece'].map((name) => ({
        name,
        short_name: name === 'Bottle' ? 'btl' : name === 'Piece' ? 'pc' : name.toLowerCase(),
        base_unit_id: null,
        operation_value: FACTOR_SCALE,
      })),
      at,
    );
    await seedSettingLists(trx, deps, shop.businessId, karaoke.businessId, at);
    await seedDemoProducts(trx, deps, shop, karaoke);
    await seedDemoStock(trx, deps, shop);
    // Demo Coffee has a few tables; Demo Karaoke a restaurant, a waiter, dinners served at tables and tables open now.
    await seedDemoFloor(trx, shop, at, 'cafe');
    await seedCafeOrder(trx, deps, shop);
    await seedDemoRooms(trx, deps, shop, 'cafe', ['Meeting 1']);
    // The main branch's counter is a registered till (issue #26): the code its offline receipts carry (T01-000001).
    const counter = { businessId: shop.businessId, userId: cashierId, branchId: shop.branchIds[0] ?? null };
    if (counter.branchId)
      await registerTillIn(
        trx,
        deps,
        { ...counter, permissions: new Set(), sessionId: 'demo-seed', ip: null },
        { name: 'Counter 1' },
        counter.branchId,
      );
    const restaurant = await seedRestaurant(trx, karaoke, hashes[WAITER_LOGIN.email]!, at);
    // Its rooms are set up on the history's opening day; their stays run in its evenings, three are in use now.
    const rooms = karaokeRooms(trx, deps, karaoke, restaurant?.waiter ?? null);
    await seedDemoKaraoke(trx, deps, karaoke, { sales: options.sales !== false, restaurant, rooms });
    if (restaurant && options.sales !== false) await seedOpenTables(trx, deps, restaurant, await productIds(trx, karaoke.businessId));
    if (options.sales !== false) await rooms.startNow(['S2', 'M1', 'VIP1']);
    if (options.sales !== false) await seedDemoSales(trx, deps, shop, cashierId);
    await seedDemoExpenses(trx, deps, shop, options.sales !== false);

    return true;
  });
}
