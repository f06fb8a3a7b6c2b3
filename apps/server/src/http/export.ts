import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
  width?: number;
}

/** Spreadsheet apps run cells that start with these as formulas; prefix them so exports are inert. */
function inert(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

export function toCsv<T>(columns: ExportColumn<T>[], rows: T[]): Buffer {
  const cell = (v: string | number | null) => {
    if (v === null) return '';
    const s = typeof v === 'number' ? String(v) : inert(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const r of rows) lines.push(columns.map((c) => cell(c.value(r))).join(','));
  // BOM so Excel opens Khmer and Arabic text as UTF-8.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx<T>(sheetName: string, columns: ExportColumn<T>[], rows: T[], rtl = false): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'POSAUTO';
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 24 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow(
      columns.map((c) => {
        const v = c.value(r);
        return typeof v === 'string' ? inert(v) : v;
      }),
    );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Rows to export, a batch at a time (see listBatches): the whole table is never in memory. */
export type RowBatches<T> = AsyncIterable<readonly T[]>;

/** The first batch is read before anything is sent, so a failing query still answers as an error, not a cut file. */
async function primed<T>(batches: RowBatches<T>): Promise<AsyncGenerator<readonly T[]>> {
  const it = batches[Symbol.asyncIterator]();
  const first = await it.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  })();
}

/** CSV written row by row as the batches arrive (same cells as toCsv). */
export async function csvStream<T>(columns: ExportColumn<T>[], batches: RowBatches<T>): Promise<Readable> {
  const rows = await primed(batches);
  const cell = (v: string | number | null) => {
    if (v === null) return '';
    const s = typeof v === 'number' ? String(v) : inert(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Readable.from(
    (async function* () {
      yield Buffer.from(`\uFEFF${columns.map((c) => cell(c.header)).join(',')}\r\n`, 'utf8');
      for await (const batch of rows)
        yield Buffer.from(batch.map((r) => `${columns.map((c) => cell(c.value(r))).join(',')}\r\n`).join(''), 'utf8');
    })(),
  );
}

/** An XLSX workbook written by exceljs' streaming writer: each row is committed (and leaves memory) as it is added. */
export async function xlsxStream<T>(sheetName: string, columns: ExportColumn<T>[], batches: RowBatches<T>, rtl = false): Promise<Readable> {
  const rows = await primed(batches);
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'POSAUTO';
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 24 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  void (async () => {
    for await (const batch of rows) {
      for (const r of batch)
        ws.addRow(
          columns.map((c) => {
            const v = c.value(r);
            return typeof v === 'string' ? inert(v) : v;
          }),
        ).commit();
      // A slow reader holds the writer back instead of the rows piling up in memory.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return out;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows as a streamed CSV file or XLSX workbook (named `sheetName`, right to left for Arabic). */
export function sheetStream<T>(format: ExportFormat, sheetName: string, columns: ExportColumn<T>[], batches: RowBatches<T>, rtl: boolean) {
  return format === 'csv' ? csvStream(columns, batches) : xlsxStream(sheetName, columns, batches, rtl);
}

/**
 * The headers of a spreadsheet download: its type, and its file name `<name>-<stamp>.<format>` in ASCII (`ascii`) and,
 * for the browsers that read it, in the caller's language (`name`, already translated).
 */
export function downloadHeaders(format: ExportFormat, ascii: string, name: string, stamp: string) {
  return {
    'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE,
    'content-disposition': `attachment; filename="${ascii}-${stamp}.${format}"; filename*=UTF-8''${encodeURIComponent(`${name}-${stamp}.${format}`)}`,
  };
}
