import ExcelJS from 'exceljs';

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
