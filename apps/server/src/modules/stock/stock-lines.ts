import type { Kysely } from 'kysely';
import { FACTOR_SCALE, formatQuantity, parseQuantity } from '@posauto/shared/money/index';
import type { StockLineInput } from '@posauto/shared/schemas/stock';
import type { DialectKind } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import { newId } from '../../lib/ids';
import type { LedgerLine, PostedMovement, ProductRow } from './stock-ledger';
import { moneyText } from './stock-levels';
import { precompiled } from '../../db/precompiled';
import { sameShop } from '../../db/same-shop';
import { unitFactor } from './stock-units';

/** The line tables of the simple stock documents: an item, a unit with its frozen factor, a quantity. */
export type LineTable = 'stock_adjustment_lines' | 'stock_transfer_lines';
const DOC_COLUMN = { stock_adjustment_lines: 'adjustment_id', stock_transfer_lines: 'transfer_id' } as const;

/** A document line as it is stored, before it is written. */
export interface LineRow {
  id: string;
  line_no: number;
  product_id: string;
  /** '' for a product without variants. */
  variant_id: string;
  unit_id: string | null;
  unit_factor: number;
  quantity: number;
}

/**
 * A document's lines, checked (each unit against the product's base, its factor frozen) and numbered but not yet
 * written, with their ledger lines in the given branch, ready for postMovements. A document that takes its number
 * last writes its lines after its movements (insertLines).
 */
export async function prepareLines(
  trx: Kysely<Database>,
  businessId: string,
  branchId: string,
  lines: readonly StockLineInput[],
): Promise<{ rows: LineRow[]; ledger: LedgerLine[] }> {
  const rows: LineRow[] = [];
  const ledger: LedgerLine[] = [];
  for (const [i, line] of lines.entries()) {
    const unit = await unitFactor(trx, businessId, line.product_id, line.unit_id, `lines.${i}.unit_id`);
    const quantity = parseQuantity(line.quantity);
    const id = newId();
    rows.push({
      id,
      line_no: i,
      product_id: line.product_id,
      variant_id: line.variant_id ?? '',
      unit_id: unit?.id ?? null,
      unit_factor: unit?.factor ?? FACTOR_SCALE,
      quantity,
    });
    ledger.push({ branchId, productId: line.product_id, variantId: line.variant_id ?? null, quantity, unit, docLineId: id });
  }
  return { rows, ledger };
}

/** Lines per statement: 9 parameters each, far below either database's limit. */
const LINE_CHUNK = 500;

const LINE_COLUMNS = ['business_id', 'id', 'doc_id', 'line_no', 'product_id', 'variant_id', 'unit_id', 'unit_factor', 'quantity'] as const;
const insertOne = Object.fromEntries(
  (Object.keys(DOC_COLUMN) as LineTable[]).map((table) => [
    table,
    precompiled(LINE_COLUMNS, (db, v) => {
      const { doc_id, ...rest } = v;
      return (db as unknown as Kysely<Record<LineTable, Record<string, unknown>>>)
        .insertInto(table)
        .values({ ...rest, [DOC_COLUMN[table]]: doc_id });
    }),
  ]),
) as Record<LineTable, ReturnType<typeof precompiled<(typeof LINE_COLUMNS)[number]>>>;

/** Writes prepared lines of one document in as few statements as the databases allow. */
export async function insertLines(
  trx: Kysely<Database>,
  kind: DialectKind,
  table: LineTable,
  businessId: string,
  docId: string,
  rows: readonly LineRow[],
) {
  if (rows.length === 1) {
    await insertOne[table](trx, kind, { business_id: businessId, doc_id: docId, ...rows[0]! });
    return;
  }
  for (let i = 0; i < rows.length; i += LINE_CHUNK)
    await (trx as unknown as Kysely<Record<LineTable, Record<string, unknown>>>)
      .insertInto(table)
      .values(rows.slice(i, i + LINE_CHUNK).map((r) => ({ business_id: businessId, ...r, [DOC_COLUMN[table]]: docId })))
      .execute();
}

/**
 * Writes a document's lines (each unit checked against the product's base, its factor frozen) and returns them as
 * ledger lines of the given branch, ready for postMovements.
 */
export async function writeLines(
  trx: Kysely<Database>,
  kind: DialectKind,
  table: LineTable,
  businessId: string,
  docId: string,
  branchId: string,
  lines: readonly StockLineInput[],
): Promise<LedgerLine[]> {
  const { rows, ledger } = await prepareLines(trx, businessId, branchId, lines);
  await insertLines(trx, kind, table, businessId, docId, rows);
  return ledger;
}

/**
 * A document's lines for its detail page: what was typed (quantity in its unit), what moved in the base unit, and
 * at what cost, read from the ledger's movements of the given type (what was posted, not what things cost today).
 */
export async function readLines(
  trx: Kysely<Database>,
  table: LineTable,
  businessId: string,
  docType: string,
  docId: string,
  movementType: string,
) {
  const docColumn = DOC_COLUMN[table];
  const lines = await (trx as unknown as Kysely<Database>)
    .selectFrom(`${table} as l` as 'stock_adjustment_lines as l')
    .innerJoin('products as p', sameShop('p', 'l.product_id'))
    .leftJoin('product_variants as v', sameShop('v', 'l.variant_id'))
    .leftJoin('units as u', sameShop('u', 'l.unit_id'))
    .select([
      'l.id',
      'l.product_id',
      'l.variant_id',
      'p.product_name',
      'v.name as variant_name',
      'p.sku_code',
      'v.sku_code as variant_sku',
      'l.unit_id',
      'u.name as unit_name',
      'l.quantity',
      'p.currency',
    ])
    .where('l.business_id', '=', businessId)
    .where(`l.${docColumn}` as 'l.adjustment_id', '=', docId)
    .orderBy('l.line_no')
    .execute();
  const moved = await trx
    .selectFrom('stock_movements')
    .select(['doc_line_id', 'quantity', 'cost_total'])
    .where('business_id', '=', businessId)
    .where('doc_type', '=', docType)
    .where('doc_id', '=', docId)
    .where('movement_type', '=', movementType as 'adjustment_in')
    .execute();
  const byLine = new Map<string, { base: number; cost: number }>();
  for (const m of moved) {
    const k = m.doc_line_id ?? '';
    const prev = byLine.get(k) ?? { base: 0, cost: 0 };
    byLine.set(k, { base: prev.base + Math.abs(m.quantity), cost: prev.cost + Math.abs(m.cost_total) });
  }
  return lines.map((l) => {
    const m = byLine.get(l.id) ?? { base: 0, cost: 0 };
    return {
      id: l.id,
      product_id: l.product_id,
      variant_id: l.variant_id || null,
      product_name: l.variant_name ? `${l.product_name} - ${l.variant_name}` : l.product_name,
      sku_code: l.variant_sku ?? l.sku_code,
      unit_id: l.unit_id,
      unit_name: l.unit_name,
      quantity: formatQuantity(l.quantity),
      base_quantity: formatQuantity(m.base),
      cost: moneyText(m.cost, l.currency),
      currency: l.currency,
    };
  });
}

/**
 * The same answer as readLines, built from what a document has just written (its lines, the movements posted, its
 * products) instead of read back: only variant and unit names are read, and only when a line has them.
 */
export async function writtenLines(
  trx: Kysely<Database>,
  businessId: string,
  rows: readonly LineRow[],
  posted: readonly PostedMovement[],
  products: ReadonlyMap<string, ProductRow>,
) {
  const variantIds = [...new Set(rows.filter((r) => r.variant_id).map((r) => r.variant_id))];
  const unitIds = [...new Set(rows.flatMap((r) => (r.unit_id ? [r.unit_id] : [])))];
  const [variants, units] = await Promise.all([
    variantIds.length
      ? trx
          .selectFrom('product_variants')
          .select(['id', 'name', 'sku_code'])
          .where('business_id', '=', businessId)
          .where('id', 'in', variantIds)
          .execute()
      : [],
    unitIds.length
      ? trx.selectFrom('units').select(['id', 'name']).where('business_id', '=', businessId).where('id', 'in', unitIds).execute()
      : [],
  ]);
  const variant = new Map(variants.map((v) => [v.id, v]));
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  const byLine = new Map<string, { base: number; cost: number }>();
  for (const m of posted) {
    const k = m.docLineId ?? '';
    const prev = byLine.get(k) ?? { base: 0, cost: 0 };
    byLine.set(k, { base: prev.base + Math.abs(m.quantity), cost: prev.cost + Math.abs(m.costTotal) });
  }
  return rows.map((l) => {
    const p = products.get(l.product_id)!;
    const v = variant.get(l.variant_id);
    const m = byLine.get(l.id) ?? { base: 0, cost: 0 };
    return {
      id: l.id,
      product_id: l.product_id,
      variant_id: l.variant_id || null,
      product_name: v ? `${p.name} - ${v.name}` : p.name,
      sku_code: v?.sku_code ?? p.sku_code,
      unit_id: l.unit_id,
      unit_name: l.unit_id ? (unitName.get(l.unit_id) ?? null) : null,
      quantity: formatQuantity(l.quantity),
      base_quantity: formatQuantity(m.base),
      cost: moneyText(m.cost, p.currency),
      currency: p.currency,
    };
  });
}

/** A stock document names only an active branch of the caller's shop. */
export async function branchIsActive(trx: Kysely<Database>, businessId: string, branchId: string) {
  return Boolean(
    await trx
      .selectFrom('branches')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', '=', branchId)
      .where('status', '=', 1)
      .executeTakeFirst(),
  );
}
