/**
 * Test support for the products suites (not used by the server): a client on the demo shop and a rival shop,
 * name -> id look-ups of the demo's settings, and a user holding exactly the permissions a test names.
 * The demo shop's seeded products are removed first, so each suite starts from an empty catalogue it fills itself.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Permission } from '@posauto/shared/permissions';
import type { ProductDetail, ProductInput } from '@posauto/shared/schemas/products';
import { addShopUser, createShop, type TestShop } from './factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from './harness';
import { newId } from '../src/lib/ids';
import { PRODUCT_COUNTER } from '../src/modules/products/index';
import { STOCK_LEVEL_COUNTER } from '../src/modules/stock/index';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const BASE = '/api/v1/products';
export const MISSING_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

export interface ProductClient {
  t: TestContext;
  owner: string;
  cashier: string;
  other: string;
  otherShop: TestShop;
  ownerBusiness: string;
  call: (method: Method, url: string, token: string | null, payload?: unknown, lang?: string) => Promise<LightMyRequestResponse>;
  create: (input: Partial<ProductInput> & { product_name: string }, token?: string) => Promise<ProductDetail>;
  /** Id of a demo row by its name (categories, brands, units, variations, variation values, branches). */
  idOf: (
    table: 'categories' | 'brands' | 'units' | 'variations' | 'variation_values' | 'branches',
    name: string,
    businessId?: string,
  ) => Promise<string>;
  /** A signed-in user of the demo shop whose role holds exactly these permissions. */
  userWith: (permissions: Permission[]) => Promise<string>;
}

export function useProductClient(options: { env?: NodeJS.ProcessEnv } = {}): ProductClient {
  const c = {} as ProductClient;
  beforeAll(async () => {
    c.t = await createTestApp(options.env ? { env: options.env } : {});
    c.owner = await loginAs(c.t.app, OWNER);
    c.cashier = await loginAs(c.t.app, CASHIER);
    c.otherShop = await createShop(c.t.deps, { shopName: 'Rival Tea House' });
    c.other = await loginAs(c.t.app, c.otherShop.login);
    c.ownerBusiness = (
      await c.t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()
    ).business_id;
    await emptyCatalogue(c.t, c.ownerBusiness);
  });
  afterAll(() => c.t.close());
  c.call = (method, url, token, payload, lang = 'en') =>
    c.t.app.inject({
      method,
      url,
      headers: { ...(token === null ? {} : bearer(token)), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  c.create = async (input, token = c.owner) => {
    const res = await c.call('POST', BASE, token, { type: 'single', purchase_cost: '1.00', sale_cost: '2.00', ...input });
    if (res.statusCode !== 201) throw new Error(`create ${input.product_name}: ${res.statusCode} ${res.body}`);
    return res.json().data as ProductDetail;
  };
  c.idOf = async (table, name, businessId = c.ownerBusiness) =>
    (
      await c.t.deps.db
        .selectFrom(table)
        .select('id')
        .where('business_id', '=', businessId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  c.userWith = async (permissions) => {
    const roleId = newId();
    const at = c.t.deps.clock.now().toISOString();
    await c.t.deps.db
      .insertInto('roles')
      .values({
        business_id: c.ownerBusiness,
        id: roleId,
        name: `Only ${permissions.join(' ')} ${roleId.slice(-6)}`,
        permissions: JSON.stringify(permissions),
        is_preset: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const user = await addShopUser(c.t.deps, { businessId: c.ownerBusiness, roleId, branchId: null });
    return loginAs(c.t.app, user.login);
  };
  return c;
}

/** A multipart/form-data body with one file part. */
export function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----posauto${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Deletes a shop's products (combo components first; variants, codes and branches cascade) and zeroes its counter. */
export async function emptyCatalogue(t: TestContext, businessId: string): Promise<void> {
  await t.deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('combo_items').where('business_id', '=', businessId).execute();
    // The demo stock goes with the catalogue (documents, their lines, the ledger), so the products can go.
    for (const table of [
      'stock_batch_moves',
      'stock_batches',
      'stock_movements',
      'stock_levels',
      'purchase_return_lines',
      'purchase_returns',
      'purchase_payments',
      'purchase_lines',
      'purchases',
      'stock_adjustment_lines',
      'stock_adjustments',
      'stock_transfer_lines',
      'stock_transfers',
      // The demo's rooms: each room type bills its time on a product of its own.
      'room_stay_requests',
      'room_stay_periods',
      'room_stays',
      'rooms',
      'room_rate_bands',
      'room_types',
    ] as const) {
      await trx.deleteFrom(table).where('business_id', '=', businessId).execute();
    }
    await trx.deleteFrom('products').where('business_id', '=', businessId).execute();
    await trx
      .updateTable('tenant_counters')
      .set({ value: 0 })
      .where('business_id', '=', businessId)
      .where('name', 'in', [PRODUCT_COUNTER, STOCK_LEVEL_COUNTER])
      .execute();
  });
}
