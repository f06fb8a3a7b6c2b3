/**
 * Benchmark seeding: inserts many categories and products into one business, fast (multi-row inserts in one
 * transaction), and bumps the business's counters by the same numbers so the lists' totals stay true.
 * Products get their SKU and barcode rows in product_codes, as the products service writes them.
 * Uses the server's own configuration (DATA_DIR / DATABASE_URL) and database code. Used by `npm run bench`.
 * Customers ("Customer 00000i", phone "+855 10 00000i", Member ID "M00000i") are indexed for list search by the same
 * triggers as any customer.
 * Usage: node apps/server/dist/bench-seed.js [--count 100000] [--products 100000] [--customers 100000] [--business 'Demo Coffee'] [--batch 1000]
 * Prints one JSON line: {"business_id": ..., "inserted": N, "products": N, "customers": N, "ms": T}.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { bumpCounter } from '../db/list';
import type { Insertable } from 'kysely';
import type { NewCategory } from '../db/types';
import type { CustomersTable } from '../db/tables/shop-settings';
import { newId } from '../lib/ids';
import { CATEGORY_COUNTER } from '../modules/categories/index';
import { CUSTOMER_COUNTER } from '../modules/businesses/index';
import { PRODUCT_COUNTER } from '../modules/products/index';
import { benchProductRows, PRODUCT_BENCH_BATCH } from './bench-products';

const ICONS = ['coffee', 'cup', 'glass', 'bottle', 'cake', 'cookie', 'bread', 'tag'];
/** The first categories are the parents some later ones point to (inserted in an earlier batch). */
const PARENTS = 1000;

/** Name of the i-th benchmark category, 1-based: "Category 000001" ... "Category 100000". */
const benchCategoryName = (i: number) => `Category ${String(i).padStart(6, '0')}`;

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      products: { type: 'string', default: '0' },
      customers: { type: 'string', default: '0' },
      business: { type: 'string', default: 'Demo Coffee' },
      batch: { type: 'string', default: '1000' },
    },
  });
  const count = Number(values.count);
  const batch = Number(values.batch);
  const productCount = Number(values.products);
  const customerCount = Number(values.customers);
  if (!Number.isInteger(customerCount) || customerCount < 0 || customerCount > 10_000_000)
    throw new Error('--customers must be a whole number from 0 to 10000000');
  if (!Number.isInteger(productCount) || productCount < 0 || productCount > 10_000_000)
    throw new Error('--products must be a whole number from 0 to 10000000');
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) throw new Error('--count must be a whole number from 1 to 10000000');
  // 8 bound values per row: 1000 rows stay far below SQLite's (32766) and PostgreSQL's (65535) parameter limits.
  if (!Number.isInteger(batch) || batch < 1 || batch > 4000) throw new Error('--batch must be a whole number from 1 to 4000');

  const config = loadConfig();
  const handle = openDatabase(config.database);
  try {
    const shop = await handle.db
      .selectFrom('businesses')
      .select('id')
      .where('shop_name', '=', values.business)
      .orderBy('created_at')
      .executeTakeFirst();
    if (!shop) throw new Error(`No business named "${values.business}" (start the server once in development so the demo data is seeded).`);
    const businessId = shop.id;
    const started = performance.now();
    const base = Date.now() - count * 1000;
    const parentIds: string[] = [];

    await handle.db.transaction().execute(async (trx) => {
      for (let from = 1; from <= count; from += batch) {
        const rows: NewCategory[] = [];
        for (let i = from; i < from + batch && i <= count; i++) {
          const t = base + i * 1000;
          const id = newId(t);
          if (i <= PARENTS) parentIds.push(id);
          const at = new Date(t).toISOString();
          rows.push({
            business_id: businessId,
            id,
            name: benchCategoryName(i),
            // One in four later categories has a parent, so the list's parent join does real work.
            parent_id: i > PARENTS && i % 4 === 0 ? parentIds[i % parentIds.length]! : null,
            icon: ICONS[i % ICONS.length]!,
            status: i % 10 === 0 ? 0 : 1,
            created_at: at,
            updated_at: at,
          });
        }
        await trx.insertInto('categories').values(rows).execute();
      }
      await bumpCounter(trx, handle.kind, businessId, CATEGORY_COUNTER, count);
      const allCodes = [];
      for (let from = 1; from <= productCount; from += PRODUCT_BENCH_BATCH) {
        const { products, codes } = benchProductRows(
          businessId,
          from,
          Math.min(productCount, from + PRODUCT_BENCH_BATCH - 1),
          base,
          parentIds,
        );
        await trx.insertInto('products').values(products).execute();
        allCodes.push(...codes);
      }
      // PostgreSQL plans the codes' foreign-key checks once per session: with products still unanalysed it would
      // pick a scan of the whole table per row. Analysed first, each check is one index probe.
      if (handle.kind === 'postgres') await sql`ANALYZE products`.execute(trx);
      for (let i = 0; i < allCodes.length; i += 2 * PRODUCT_BENCH_BATCH) {
        await trx
          .insertInto('product_codes')
          .values(allCodes.slice(i, i + 2 * PRODUCT_BENCH_BATCH))
          .execute();
      }
      await bumpCounter(trx, handle.kind, businessId, PRODUCT_COUNTER, productCount);
      for (let from = 1; from <= customerCount; from += batch) {
        const rows: Array<Insertable<CustomersTable>> = [];
        for (let i = from; i < from + batch && i <= customerCount; i++) {
          const at = new Date(base + i * 1000).toISOString();
          const n = String(i).padStart(6, '0');
          rows.push({
            business_id: businessId,
            id: newId(base + i * 1000),
            name: `Customer ${n}`,
            customer_type: i % 5 === 0 ? 'wholesale' : 'retail',
            company_name: null,
            phone: `+855 10 ${n}`,
            email: null,
            address: null,
            member_id: `M${n}`,
            note: null,
            is_walk_in: 0,
            status: 1,
            created_at: at,
            updated_at: at,
          });
        }
        await trx.insertInto('customers').values(rows).execute();
      }
      await bumpCounter(trx, handle.kind, businessId, CUSTOMER_COUNTER, customerCount);
    });

    // PostgreSQL's autovacuum would analyze the table within a minute of such an insert; do it now so the
    // measured plans are the ones a live server gets. SQLite has no background ANALYZE and the server runs none.
    if (handle.kind === 'postgres') await sql`ANALYZE categories, products, product_codes, customers`.execute(handle.db);
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      `${JSON.stringify({ business_id: businessId, inserted: count, products: productCount, customers: customerCount, ms })}\n`,
    );
  } finally {
    await handle.close();
  }
}

run().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
