/**
 * Benchmark seeding: inserts many categories and products into one business, fast (multi-row inserts in one
 * transaction), and bumps the business's counters by the same numbers so the lists' totals stay true.
 * Products get their SKU and barcode rows in product_codes, as the products service writes them.
 * Uses the server's own configuration (DATA_DIR / DATABASE_URL) and database code. Used by `npm run bench`.
 * Customers ("Customer 00000i", phone "+855 10 00000i", Member ID "M00000i") are indexed for list search by the same
 * triggers as any customer.
 * Stock (`--stock N`, default 3 when products are seeded, 0: none): the business gets branches up to N (new ones
 * written directly, "Bench branch 3" ...; a package whose branch limit is lower is raised to Premium first, which
 * Demo Coffee already is), and every seeded product a stock level in each of them, explained by an opening stock
 * adjustment (documents of 500 lines, as the API would take them: document, lines, one movement per line), so each
 * level's on hand and value equal the sums of its movements (stock-invariants.ts).
 * Usage: node apps/server/dist/bench-seed.js [--count 100000] [--products 100000] [--customers 100000] [--stock 3] [--business 'Demo Coffee'] [--batch 1000]
 * Prints one JSON line: {"business_id": ..., "inserted": N, "products": N, "customers": N, "stock": {...}, "ms": T}.
 */
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { FACTOR_SCALE, QTY_SCALE } from '@posauto/shared/money/index';
import { isPackageKey, PACKAGE_RULES } from '@posauto/shared/packages';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { bumpCounter } from '../db/list';
import type { Insertable } from 'kysely';
import type { Database, NewCategory } from '../db/types';
import type { DialectKind } from '../db/dialect/index';
import { formatDocumentNumber } from '../db/document-number';
import type { CustomersTable } from '../db/tables/shop-settings';
import { newId } from '../lib/ids';
import { CATEGORY_COUNTER } from '../modules/categories/index';
import { BRANCH_COUNTER, CUSTOMER_COUNTER } from '../modules/businesses/index';
import { PRODUCT_COUNTER } from '../modules/products/index';
import { shopSettings } from '../modules/settings/index';
import { AVG_COST_SCALE, STOCK_LEVEL_COUNTER } from '../modules/stock/index';
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
      stock: { type: 'string' },
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
  // Stock by default whenever products are seeded: 3 branches.
  const stockBranches = Number(values.stock ?? (productCount > 0 ? '3' : '0'));
  if (!Number.isInteger(stockBranches) || stockBranches < 0 || stockBranches > 20)
    throw new Error('--stock must be a whole number from 0 to 20');
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
    const seeded: Array<{ id: string; cost: number }> = [];
    let stock: StockSeed | null = null;

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
        for (const p of products) seeded.push({ id: p.id, cost: p.purchase_cost });
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
      if (stockBranches > 0 && seeded.length) stock = await seedStock(trx, handle.kind, businessId, seeded, stockBranches, base);
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
    if (handle.kind === 'postgres')
      await sql`ANALYZE categories, products, product_codes, customers, stock_levels, stock_movements, stock_adjustments, stock_adjustment_lines`.execute(
        handle.db,
      );
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      `${JSON.stringify({ business_id: businessId, inserted: count, products: productCount, customers: customerCount, stock, ms })}\n`,
    );
  } finally {
    await handle.close();
  }
}

interface StockSeed {
  branches: number;
  branches_added: number;
  package_raised: boolean;
  levels: number;
  adjustments: number;
}

/** Lines per opening adjustment: the API's own limit per document (STOCK_DOCUMENT_LIMITS.lines). */
const STOCK_DOC_LINES = 500;
const STOCK_SERIES = 'stock_adjustment_number';

/** The shop's first `branchCount` active branches, adding bench branches (and raising its package) when it has fewer. */
async function benchBranches(trx: Kysely<Database>, kind: DialectKind, businessId: string, branchCount: number, base: number) {
  const shop = await trx.selectFrom('businesses').select(['package', 'is_platform']).where('id', '=', businessId).executeTakeFirstOrThrow();
  const branches = await trx
    .selectFrom('branches')
    .select(['id', 'name'])
    .where('business_id', '=', businessId)
    .where('status', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const missing = Math.max(0, branchCount - branches.length);
  let packageRaised = false;
  if (missing) {
    // The package's branch limit holds here too: a shop whose package allows fewer branches moves to Premium.
    const total = (
      await trx
        .selectFrom('branches')
        .select(sql<number>`count(*)`.as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow()
    ).n;
    const max = !shop.is_platform && isPackageKey(shop.package) ? PACKAGE_RULES[shop.package].maxBranches : null;
    if (max !== null && Number(total) + missing > max) {
      await trx.updateTable('businesses').set({ package: 'premium' }).where('id', '=', businessId).execute();
      packageRaised = true;
    }
    const at = new Date(base).toISOString();
    for (let k = 0; k < missing; k++) {
      const id = newId(base + k);
      const name = `Bench branch ${branches.length + 1}`;
      await trx
        .insertInto('branches')
        .values({ business_id: businessId, id, name, address: null, phone: null, status: 1, created_at: at, updated_at: at })
        .execute();
      branches.push({ id, name });
    }
    await bumpCounter(trx, kind, businessId, BRANCH_COUNTER, missing);
  }
  return { stocked: branches.slice(0, branchCount), missing, packageRaised };
}

/** Writes the opening stock's rows in multi-row inserts, levels and documents before the rows that point at them. */
async function insertOpeningStock(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  rows: { levels: object[]; docs: object[]; lines: object[]; movements: object[] },
) {
  const { levels, docs, lines, movements } = rows;
  const insert = async (table: 'stock_levels' | 'stock_adjustments' | 'stock_adjustment_lines' | 'stock_movements', rows: object[]) => {
    for (let i = 0; i < rows.length; i += STOCK_DOC_LINES)
      await (trx as unknown as Kysely<Record<string, object>>)
        .insertInto(table)
        .values(rows.slice(i, i + STOCK_DOC_LINES))
        .execute();
  };
  await insert('stock_levels', levels);
  // The stock listing's total, as the ledger keeps it when it creates a level (STOCK_LEVEL_COUNTER).
  await bumpCounter(trx, kind, businessId, STOCK_LEVEL_COUNTER, levels.length);
  await insert('stock_adjustments', docs);
  // The foreign-key checks of lines and movements are planned once per session (see the product codes above).
  if (kind === 'postgres') await sql`ANALYZE stock_levels, stock_adjustments`.execute(trx);
  await insert('stock_adjustment_lines', lines);
  await insert('stock_movements', movements);
}

/**
 * Gives the business `branchCount` branches and every seeded product an opening stock in each: per branch, opening
 * adjustments ("addition") of 500 lines, each line's movement and the level it explains, written as postAdjustment
 * would (numbered documents from the shop's series, cost at the product's purchase cost, the average from it), in
 * multi-row inserts. On hand stays above the shop's default alert level, so no alert is due.
 */
async function seedStock(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  products: ReadonlyArray<{ id: string; cost: number }>,
  branchCount: number,
  base: number,
): Promise<StockSeed> {
  const { stocked, missing, packageRaised } = await benchBranches(trx, kind, businessId, branchCount, base);

  const type = await trx
    .selectFrom('adjustment_types')
    .select('id')
    .where('business_id', '=', businessId)
    .where('direction', '=', 'addition')
    .where('status', '=', 1)
    .orderBy('name')
    .executeTakeFirst();
  if (!type) throw new Error('The business has no active "addition" adjustment type for the opening stock.');
  const owner = await trx
    .selectFrom('users')
    .select('id')
    .where('business_id', '=', businessId)
    .orderBy('is_owner', 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
  const settings = await shopSettings(trx, businessId);
  // Whole units from the alert level up, so every cost below is exact (no rounding to repeat).
  const floor = Math.max(Math.ceil(Number(settings.defaultStockAlert ?? 0) / QTY_SCALE), 0) * QTY_SCALE;

  // Document numbers: the series moves on by the documents written, as if each had taken its own.
  const perBranch = Math.ceil(products.length / STOCK_DOC_LINES);
  const docCount = perBranch * stocked.length;
  await bumpCounter(trx, kind, businessId, STOCK_SERIES, docCount);
  const last = Number(
    (
      await sql<{ value: number }>`SELECT value FROM tenant_counters WHERE business_id = ${businessId} AND name = ${STOCK_SERIES}`.execute(
        trx,
      )
    ).rows[0]!.value,
  );
  let number = last - docCount;
  const at = new Date(base).toISOString();
  const adjustedOn = at.slice(0, 10);
  const levels: Array<Record<string, unknown>> = [];
  const docs: Array<Record<string, unknown>> = [];
  const lines: Array<Record<string, unknown>> = [];
  const movements: Array<Record<string, unknown>> = [];

  for (const [b, branch] of stocked.entries()) {
    for (let from = 0; from < products.length; from += STOCK_DOC_LINES) {
      const docId = newId(base + b * 1_000_000 + from);
      const chunk = products.slice(from, from + STOCK_DOC_LINES);
      docs.push({
        business_id: businessId,
        id: docId,
        adjustment_number: formatDocumentNumber('ADJ', ++number),
        branch_id: branch.id,
        adjustment_type_id: type.id,
        direction: 'addition',
        adjusted_on: adjustedOn,
        reason: 'Opening stock (benchmark)',
        status: 'posted',
        line_count: chunk.length,
        created_by: owner?.id ?? null,
        created_at: at,
        voided_at: null,
      });
      for (const [k, p] of chunk.entries()) {
        const i = from + k;
        // 100 to 199 units (thousandths), above the alert level; bought at the product's purchase cost.
        const onHand = floor + (100 + ((i * 7 + b * 31) % 100)) * QTY_SCALE;
        const value = (p.cost * onHand) / QTY_SCALE;
        const lineId = newId();
        lines.push({
          business_id: businessId,
          id: lineId,
          adjustment_id: docId,
          line_no: k,
          product_id: p.id,
          variant_id: '',
          unit_id: null,
          unit_factor: FACTOR_SCALE,
          quantity: onHand,
        });
        levels.push({
          business_id: businessId,
          branch_id: branch.id,
          product_id: p.id,
          variant_id: '',
          on_hand: onHand,
          stock_value: value,
          avg_cost: p.cost * AVG_COST_SCALE,
          low_alerted: 0,
          updated_at: at,
        });
        movements.push({
          business_id: businessId,
          id: newId(),
          branch_id: branch.id,
          product_id: p.id,
          variant_id: '',
          movement_type: 'adjustment_in',
          quantity: onHand,
          unit_id: null,
          unit_factor: FACTOR_SCALE,
          unit_quantity: onHand,
          cost_total: value,
          currency: 'USD',
          on_hand_after: onHand,
          doc_type: 'adjustment',
          doc_id: docId,
          doc_line_id: lineId,
          user_id: owner?.id ?? null,
          created_at: at,
        });
      }
    }
  }
  await insertOpeningStock(trx, kind, businessId, { levels, docs, lines, movements });
  return {
    branches: stocked.length,
    branches_added: missing,
    package_raised: packageRaised,
    levels: levels.length,
    adjustments: docs.length,
  };
}

run().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
