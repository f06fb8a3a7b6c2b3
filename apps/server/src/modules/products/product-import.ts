import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { CurrencyCode } from '@posauto/shared/money/index';
import { productInputSchema } from '@posauto/shared/schemas/products';
import type { Deps } from '../../deps';
import { transactional } from '../../db/transaction';
import type { Database } from '../../db/types';
import { shopCurrency } from '../settings/index';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { toCsv, toXlsx } from '../../http/export';
import { CsvError, parseCsv } from '../../lib/csv';
import { FieldErrors } from './field-errors';
import { parseAmount, parseQty } from './money-fields';
import { checkBarcode, codeKey } from './product-codes';
import { insertSingleProducts, type ImportedProduct } from './product-write';
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
/**
 * An XLSX file (a zip) may unpack to at most this much, by the sizes its zip directory declares: checked before
 * anything is unpacked, so a small file cannot expand into gigabytes.
 */
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** An answer lists at most this many problems; fixing them shows the next ones. */
const MAX_REPORTED = 1000;

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

/**
 * The total unpacked size a zip's central directory declares, read without unpacking anything; null when the
 * directory cannot be read, Infinity for ZIP64 (sizes too large for the classic fields).
 */
export function zipUnpackedSize(bytes: Buffer): number | null {
  // End of central directory: 22 bytes plus a comment of up to 65,535, at the very end of the file.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  const dirOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || dirOffset === 0xffffffff) return Infinity;
  let total = 0;
  let at = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

/** The file's cells, or the key of why it cannot be read. */
async function readRows(filename: string, bytes: Buffer): Promise<string[][] | { problem: string }> {
  const isZip = bytes.length > 4 && bytes.readUInt32BE(0) === 0x504b0304;
  if (isZip) {
    const unpacked = zipUnpackedSize(bytes);
    if (unpacked === null) return { problem: 'product_import.bad_file' };
    if (unpacked > MAX_UNPACKED_BYTES) return { problem: 'product_import.unpacked_too_large' };
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
      return { problem: 'product_import.bad_file' };
    }
  }
  if (/\.xlsx?$/i.test(filename)) return { problem: 'product_import.bad_file' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: 'product_import.bad_file' };
  }
  if (text.includes('\u0000')) return { problem: 'product_import.bad_file' };
  return parseCsv(text);
}

const YES = new Set(['1', 'true', 'yes', 'y', 'active']);
const NO = new Set(['0', 'false', 'no', 'n', 'inactive']);

/** A decimal written with a comma (2,50 from a semicolon CSV) reads as 2.50. */
const decimal = (v: string) => (/^\d+,\d+$/.test(v) ? v.replace(',', '.') : v);

interface Prepared {
  row: number;
  values: ImportedProduct;
}

type Names = Map<string, { id: string; status: number }>;
/** What the rows are checked against: the shop's currency and its categories, brands and units by lower-case name. */
interface ShopRefs {
  currency: CurrencyCode;
  categories: Names;
  brands: Names;
  units: Names;
}

async function namesOf(db: Kysely<Database>, table: 'categories' | 'brands' | 'units', businessId: string) {
  const rows = await db.selectFrom(table).select(['id', 'name', 'status']).where('business_id', '=', businessId).execute();
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r]));
}

/** Checks every row against the schema and the shop's names (pure): the rows to write, and every problem found. */
function validateRows(header: string[], body: { row: number; cells: string[] }[], refs: ShopRefs) {
  const { currency } = refs;
  const problems: ImportProblem[] = [];
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
    const ref = (column: 'category' | 'brand' | 'unit', names: Names) => {
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
    const values: ImportedProduct = {
      product_name: get('product_name'),
      sku: get('sku_code') || null,
      ...checkBarcode(errors, 'barcode', get('barcode'), null),
      category_id: ref('category', refs.categories),
      brand_id: ref('brand', refs.brands),
      unit_id: ref('unit', refs.units),
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
  return { prepared, problems };
}

/** Rows whose SKU or barcode the shop already uses (one query per kind and batch, by primary key). */
async function takenCodes(db: Kysely<Database>, businessId: string, prepared: readonly Prepared[]): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  for (const kind of ['sku', 'barcode'] as const) {
    const wanted = prepared.flatMap((p) => {
      const v = kind === 'sku' ? p.values.sku : p.values.barcode;
      return v ? [{ row: p.row, code: codeKey(kind, v) }] : [];
    });
    for (let i = 0; i < wanted.length; i += 500) {
      const batch = wanted.slice(i, i + 500);
      const owners = await repo.codeOwners(
        db,
        businessId,
        kind,
        batch.map((w) => w.code),
      );
      const held = new Set(owners.map((o) => o.code));
      for (const w of batch)
        if (held.has(w.code))
          problems.push({
            row: w.row,
            column: kind === 'sku' ? 'sku_code' : 'barcode',
            key: kind === 'sku' ? 'errors.sku_taken' : 'errors.barcode_taken',
          });
    }
  }
  return problems;
}

/**
 * Imports single products from an XLSX or CSV file: read, every row checked (required values, numbers, names of
 * categories, brands and units, SKUs and barcodes unique in the file and in the shop); any problem and nothing is
 * imported, otherwise every row is written in one transaction by the product writer. A code another save takes
 * between the check and the write is refused by product_codes' key: 409, and nothing of the file is kept.
 */
export async function importProducts(deps: Deps, ctx: RequestContext, filename: string, bytes: Buffer): Promise<ImportResult> {
  const fail = (column: string, key: string, row = 1, vars?: ImportProblem['vars']): ImportResult => ({
    ok: false,
    rows: [{ row, column, key, ...(vars ? { vars } : {}) }],
  });
  let table: Awaited<ReturnType<typeof readRows>>;
  try {
    table = await readRows(filename, bytes);
  } catch (e) {
    if (e instanceof CsvError) return fail('file', 'product_import.csv_quote', e.line);
    throw e;
  }
  if ('problem' in table) return fail('file', table.problem, 0, { max: MAX_UNPACKED_BYTES / 1024 / 1024 });
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  if (header.every((h) => h === '')) return fail('file', 'product_import.empty', 0);
  const headerProblems: ImportProblem[] = [];
  header.forEach((h, i) => {
    if (h && !(IMPORT_COLUMNS as readonly string[]).includes(h))
      headerProblems.push({ row: 1, column: h, key: 'product_import.unknown_column' });
    else if (h && header.indexOf(h) !== i) headerProblems.push({ row: 1, column: h, key: 'product_import.duplicate_column' });
  });
  if (!header.includes('product_name')) headerProblems.push({ row: 1, column: 'product_name', key: 'product_import.missing_column' });
  if (headerProblems.length) return { ok: false, rows: headerProblems };

  const body = table
    .slice(1)
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (body.length === 0) return fail('file', 'product_import.empty', 0);
  if (body.length > MAX_IMPORT_ROWS) return fail('file', 'product_import.too_many_rows', 0, { max: MAX_IMPORT_ROWS });

  const { db } = deps;
  const biz = ctx.businessId;
  const [currency, categories, brands, units] = await Promise.all([
    shopCurrency(db, biz),
    namesOf(db, 'categories', biz),
    namesOf(db, 'brands', biz),
    namesOf(db, 'units', biz),
  ]);
  const { prepared, problems } = validateRows(header, body, { currency, categories, brands, units });
  problems.push(...(await takenCodes(db, biz, prepared)));
  if (problems.length) {
    const order = (c: string) => (IMPORT_COLUMNS as readonly string[]).indexOf(c) + 1 || 99;
    return { ok: false, rows: problems.sort((a, b) => a.row - b.row || order(a.column) - order(b.column)).slice(0, MAX_REPORTED) };
  }

  const write = transactional(db, deps.kind, () => conflict('product_import.codes_taken'));
  const imported = await write((trx) =>
    insertSingleProducts(
      trx,
      deps,
      ctx,
      currency,
      prepared.map((p) => p.values),
      { file: filename.slice(0, 200) },
    ),
  );
  return { ok: true, imported };
}
