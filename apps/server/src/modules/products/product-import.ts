import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { isCurrencyCode, type CurrencyCode } from '@posauto/shared/money/index';
import { productInputSchema } from '@posauto/shared/schemas/products';
import type { Deps } from '../../deps';
import { bumpCounter } from '../../db/list';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { toCsv, toXlsx } from '../../http/export';
import { CsvError, parseCsv } from '../../lib/csv';
import { newId } from '../../lib/ids';
import { auditFor } from '../audit/index';
import { FieldErrors } from './field-errors';
import { parseAmount, parseQty } from './money-fields';
import { checkBarcode, codeKey, reserveProductSkus } from './product-codes';
import { PRODUCT_COUNTER } from './product-write';
import * as repo from './products.repo';

/** Machine column names, identical in every language (a file made in Khmer imports in French). */
export const IMPORT_COLUMNS = [
  'product_name',
  'sku_code',
  'barcode',
  'category',
  'brand',
  'unit',
  'purchase_cost',
  'sale_cost',
  'discount_cost',
  'stock_alert',
  'is_stock_manage',
  'description',
  'status',
] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;
/** An answer lists at most this many problems; fixing them shows the next ones. */
const MAX_REPORTED = 1000;
const INSERT_BATCH = 200;

export interface ImportProblem {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  column: string;
  key: string;
  vars?: Record<string, string | number>;
}
export type ImportResult = { ok: true; imported: number } | { ok: false; rows: ImportProblem[] };

export async function importTemplate(format: 'xlsx' | 'csv'): Promise<Buffer> {
  const columns = IMPORT_COLUMNS.map((c) => ({
    header: c,
    value: () => null,
    width: c === 'product_name' || c === 'description' ? 32 : 16,
  }));
  return format === 'csv' ? toCsv(columns, []) : toXlsx('products', columns, []);
}

/** Text of an XLSX cell, whatever exceljs read it as (number, rich text, formula result, hyperlink, date). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText((value.result ?? '') as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return '';
  return '';
}

async function readRows(filename: string, bytes: Buffer): Promise<string[][] | null> {
  const isZip = bytes.length > 4 && bytes.readUInt32BE(0) === 0x504b0304;
  if (isZip) {
    try {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      if (!ws) return [];
      const rows: string[][] = [];
      ws.eachRow({ includeEmpty: true }, (row, n) => {
        const values = row.values as ExcelJS.CellValue[];
        rows[n - 1] = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]!));
      });
      return Array.from(rows, (r) => r ?? []);
    } catch {
      return null;
    }
  }
  if (/\.xlsx?$/i.test(filename)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (text.includes('\u0000')) return null;
  return parseCsv(text);
}

const YES = new Set(['1', 'true', 'yes', 'y', 'active']);
const NO = new Set(['0', 'false', 'no', 'n', 'inactive']);

/** A decimal written with a comma (2,50 from a semicolon CSV) reads as 2.50. */
const decimal = (v: string) => (/^\d+,\d+$/.test(v) ? v.replace(',', '.') : v);

interface Prepared {
  row: number;
  values: {
    product_name: string;
    sku: string | null;
    barcode: string | null;
    barcode_type: 'ean13' | 'code128' | null;
    category_id: string | null;
    brand_id: string | null;
    unit_id: string | null;
    purchase_cost: number;
    sale_cost: number;
    discount_cost: number;
    stock_alert: number | null;
    is_stock_manage: number;
    description: string | null;
    status: number;
  };
}

async function namesOf(db: Kysely<Database>, table: 'categories' | 'brands' | 'units', businessId: string) {
  const rows = await db.selectFrom(table).select(['id', 'name', 'status']).where('business_id', '=', businessId).execute();
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r]));
}

/**
 * Imports single products from an XLSX or CSV file: every row is checked first (required values, numbers, names of
 * categories, brands and units, SKUs and barcodes unique in the file and in the shop); any problem and nothing is
 * imported, otherwise every row is written in one transaction.
 */
export async function importProducts(deps: Deps, ctx: RequestContext, filename: string, bytes: Buffer): Promise<ImportResult> {
  const fail = (column: string, key: string, row = 1, vars?: ImportProblem['vars']): ImportResult => ({
    ok: false,
    rows: [{ row, column, key, ...(vars ? { vars } : {}) }],
  });
  let table: string[][] | null;
  try {
    table = await readRows(filename, bytes);
  } catch (e) {
    if (e instanceof CsvError) return fail('file', 'product_import.csv_quote', e.line);
    throw e;
  }
  if (table === null) return fail('file', 'product_import.bad_file', 0);
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  if (header.every((h) => h === '')) return fail('file', 'product_import.empty', 0);
  const problems: ImportProblem[] = [];
  header.forEach((h, i) => {
    if (h && !(IMPORT_COLUMNS as readonly string[]).includes(h)) problems.push({ row: 1, column: h, key: 'product_import.unknown_column' });
    else if (h && header.indexOf(h) !== i) problems.push({ row: 1, column: h, key: 'product_import.duplicate_column' });
  });
  if (!header.includes('product_name')) problems.push({ row: 1, column: 'product_name', key: 'product_import.missing_column' });
  if (problems.length) return { ok: false, rows: problems };

  const body = table
    .slice(1)
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (body.length === 0) return fail('file', 'product_import.empty', 0);
  if (body.length > MAX_IMPORT_ROWS) return fail('file', 'product_import.too_many_rows', 0, { max: MAX_IMPORT_ROWS });

  const { db } = deps;
  const biz = ctx.businessId;
  const settings = await db.selectFrom('general_settings').select('currency').where('business_id', '=', biz).executeTakeFirst();
  const currency: CurrencyCode = settings && isCurrencyCode(settings.currency) ? settings.currency : 'USD';
  const [categories, brands, units] = await Promise.all([
    namesOf(db, 'categories', biz),
    namesOf(db, 'brands', biz),
    namesOf(db, 'units', biz),
  ]);

  const prepared: Prepared[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of body) {
    const get = (c: Column) => {
      const i = header.indexOf(c);
      return i < 0 ? '' : (cells[i] ?? '').trim();
    };
    const errors = new FieldErrors();
    const parsed = productInputSchema.safeParse({
      type: 'single',
      product_name: get('product_name'),
      sku_code: get('sku_code') || null,
      barcode: get('barcode') || null,
      purchase_cost: decimal(get('purchase_cost')) || '0',
      sale_cost: decimal(get('sale_cost')) || '0',
      discount_cost: decimal(get('discount_cost')) || '0',
      stock_alert: decimal(get('stock_alert')) || null,
      description: get('description') || null,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) errors.add(String(issue.path[0] ?? 'product_name'), issue.message);
    const ref = (column: 'category' | 'brand' | 'unit', names: Map<string, { id: string; status: number }>) => {
      const name = get(column);
      if (!name) return null;
      const found = names.get(name.toLowerCase());
      if (!found) errors.add(column, `product_import.${column}_missing`);
      else if (!found.status) errors.add(column, 'validation.inactive_choice');
      return found?.id ?? null;
    };
    const flag = (column: 'is_stock_manage' | 'status') => {
      const v = get(column).toLowerCase();
      if (v === '') return 1;
      if (YES.has(v)) return 1;
      if (NO.has(v)) return 0;
      errors.add(column, 'product_import.flag_invalid');
      return 1;
    };
    const values = {
      product_name: get('product_name'),
      sku: get('sku_code') || null,
      ...checkBarcode(errors, 'barcode', get('barcode'), null),
      category_id: ref('category', categories),
      brand_id: ref('brand', brands),
      unit_id: ref('unit', units),
      purchase_cost: errors.has('purchase_cost') ? 0 : parseAmount(errors, 'purchase_cost', decimal(get('purchase_cost')), currency),
      sale_cost: errors.has('sale_cost') ? 0 : parseAmount(errors, 'sale_cost', decimal(get('sale_cost')), currency),
      discount_cost: errors.has('discount_cost') ? 0 : parseAmount(errors, 'discount_cost', decimal(get('discount_cost')), currency),
      stock_alert: errors.has('stock_alert') ? null : parseQty(errors, 'stock_alert', decimal(get('stock_alert')), false),
      is_stock_manage: flag('is_stock_manage'),
      description: get('description') || null,
      status: flag('status'),
    };
    if (!errors.has('discount_cost') && !errors.has('sale_cost') && values.discount_cost > values.sale_cost)
      errors.add('discount_cost', 'validation.discount_above_price');
    // The same SKU or barcode twice in the file: the later row is the problem.
    for (const [column, kind, value] of [
      ['sku_code', 'sku', values.sku],
      ['barcode', 'barcode', values.barcode],
    ] as const) {
      if (!value || errors.has(column)) continue;
      const k = `${kind}:${codeKey(kind, value)}`;
      const first = firstRowOf.get(k);
      if (first !== undefined) problems.push({ row, column, key: 'product_import.duplicate_in_file', vars: { row: first } });
      else firstRowOf.set(k, row);
    }
    for (const [column, key] of errors.entries()) problems.push({ row, column, key });
    prepared.push({ row, values });
  }

  // Codes the shop already uses (one query per kind and batch, by primary key).
  for (const kind of ['sku', 'barcode'] as const) {
    const wanted = prepared.flatMap((p) => {
      const v = kind === 'sku' ? p.values.sku : p.values.barcode;
      return v ? [{ row: p.row, code: codeKey(kind, v) }] : [];
    });
    for (let i = 0; i < wanted.length; i += 500) {
      const batch = wanted.slice(i, i + 500);
      const held = new Set(
        (
          await repo.codeOwners(
            db,
            biz,
            kind,
            batch.map((w) => w.code),
          )
        ).map((o) => o.code),
      );
      for (const w of batch)
        if (held.has(w.code))
          problems.push({
            row: w.row,
            column: kind === 'sku' ? 'sku_code' : 'barcode',
            key: kind === 'sku' ? 'errors.sku_taken' : 'errors.barcode_taken',
          });
    }
  }
  if (problems.length) {
    const order = (c: string) => (IMPORT_COLUMNS as readonly string[]).indexOf(c) + 1 || 99;
    return { ok: false, rows: problems.sort((a, b) => a.row - b.row || order(a.column) - order(b.column)).slice(0, MAX_REPORTED) };
  }

  const imported = await db.transaction().execute(async (trx) => {
    const at = deps.clock.now().toISOString();
    const claimed = new Set(prepared.flatMap((p) => (p.values.sku ? [codeKey('sku', p.values.sku)] : [])));
    const generated = await reserveProductSkus(trx, deps.kind, biz, prepared.filter((p) => !p.values.sku).length, claimed);
    const rows = [];
    const codes = [];
    for (const p of prepared) {
      const id = newId();
      const v = p.values;
      const sku = v.sku ?? generated.shift()!;
      rows.push({
        business_id: biz,
        id,
        type: 'single' as const,
        product_name: v.product_name,
        sku_code: sku,
        barcode: v.barcode,
        barcode_type: v.barcode_type,
        image: null,
        description: v.description,
        category_id: v.category_id,
        brand_id: v.brand_id,
        unit_id: v.unit_id,
        purchase_unit_id: v.unit_id,
        sale_unit_id: v.unit_id,
        currency,
        purchase_cost: v.purchase_cost,
        sale_cost: v.sale_cost,
        discount_cost: v.discount_cost,
        stock_alert: v.stock_alert,
        is_stock_manage: v.is_stock_manage,
        has_expiry: 0,
        is_variation_cost: 0,
        all_branches: 1,
        status: v.status,
        created_at: at,
        updated_at: at,
      });
      codes.push({ business_id: biz, kind: 'sku' as const, code: codeKey('sku', sku), product_id: id, variant_id: '' });
      if (v.barcode) codes.push({ business_id: biz, kind: 'barcode' as const, code: v.barcode, product_id: id, variant_id: '' });
    }
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await trx
        .insertInto('products')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
    for (let i = 0; i < codes.length; i += INSERT_BATCH)
      await trx
        .insertInto('product_codes')
        .values(codes.slice(i, i + INSERT_BATCH))
        .execute();
    await bumpCounter(trx, deps.kind, biz, PRODUCT_COUNTER, rows.length);
    await auditFor(deps.clock, 'product')(trx, ctx, 'import', null, { imported: rows.length, file: filename.slice(0, 200) });
    return rows.length;
  });
  return { ok: true, imported };
}
