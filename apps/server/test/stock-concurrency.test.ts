/**
 * The last five units, asked for twenty times at once through the HTTP API: exactly five adjustments are saved, the
 * fifteen others get the spec's message and leave nothing behind. On PostgreSQL the twenty are split over two server
 * instances (two apps, each with its own connection pool, on one database), as behind a load balancer: the guard is
 * the database's row lock, not anything one process holds. SQLite runs one server process, so one instance there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { bearer, createTestApp, loginAs, OWNER, TEST_DB, type TestContext } from './harness';

let t: TestContext;
let second: { app: FastifyInstance; handle: DatabaseHandle } | null = null;
let token: string;
let business: string;
let branch: string;
let product: string;
let productName: string;
let addition: string;
let subtraction: string;

beforeAll(async () => {
  t = await createTestApp();
  if (TEST_DB === 'pg') {
    const name = (await t.deps.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${name}`;
    const handle = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    const app = await buildApp({ db: handle.db, kind: handle.kind, clock: t.clock, config: t.deps.config });
    await app.ready();
    second = { app, handle };
  }
  // A session made on one instance is good on the other: sessions live in the database.
  token = await loginAs(t.app, OWNER);
  const db = t.deps.db;
  business = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branch = (
    await db.selectFrom('branches').select('id').where('business_id', '=', business).orderBy('created_at').executeTakeFirstOrThrow()
  ).id;
  ({ id: product, product_name: productName } = await db
    .selectFrom('products')
    .select(['id', 'product_name'])
    .where('business_id', '=', business)
    .where('type', '=', 'single')
    .where('is_stock_manage', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow());
  const types = await db.selectFrom('adjustment_types').select(['id', 'direction']).where('business_id', '=', business).execute();
  addition = types.find((x) => x.direction === 'addition')!.id;
  subtraction = types.find((x) => x.direction === 'subtraction')!.id;
  await db.updateTable('general_settings').set({ out_of_stock_sale: 0 }).where('business_id', '=', business).execute();
});
afterAll(async () => {
  if (second) {
    await second.app.close();
    await second.handle.close();
  }
  await t.close();
});

const adjust = (app: FastifyInstance, type: string, quantity: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/stock-adjustments',
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload: { branch_id: branch, adjustment_type_id: type, adjusted_on: '2026-11-23', lines: [{ product_id: product, quantity }] },
  });

const onHand = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('stock_levels')
        .select('on_hand')
        .where('business_id', '=', business)
        .where('branch_id', '=', branch)
        .where('product_id', '=', product)
        .where('variant_id', '=', '')
        .executeTakeFirst()
    )?.on_hand ?? 0,
  );

const documents = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('stock_adjustments')
        .select((e) => e.fn.countAll().as('n'))
        .where('business_id', '=', business)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`twenty concurrent subtractions of the last five units (${TEST_DB === 'pg' ? 'two server instances' : 'one server'})`, () => {
  it('saves exactly five; the others answer the spec message and save nothing', async () => {
    // Bring the item to exactly five units.
    const now = await onHand();
    if (now > 0) expect((await adjust(t.app, subtraction, String(now / 1000))).statusCode).toBe(201);
    expect((await adjust(t.app, addition, '5')).statusCode).toBe(201);
    expect(await onHand()).toBe(5000);
    const docsBefore = await documents();

    const instances = second ? [t.app, second.app] : [t.app];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => adjust(instances[i % instances.length]!, subtraction, '1')));

    const saved = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(saved).toHaveLength(5);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json().message).toBe(`There is not enought stock or no item: ${productName}`);
    }
    expect(await onHand()).toBe(0);
    expect(await documents()).toBe(docsBefore + 5);
  });
});
