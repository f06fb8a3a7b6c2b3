import type { ExportColumn } from '../../../http/export';

export type T = (key: string) => string;
/** A sheet row: the cells by column key; the totals row fills the first cell with "Total" and the sums. */
export type Cells = Record<string, string | number | null>;
export const columns = (t: T, spec: [key: string, label: string][]): ExportColumn<Cells>[] =>
  spec.map(([key, label]) => ({ header: t(label), value: (r: Cells) => r[key] ?? null }));

export const TOTAL = 'purchase_reports.total';

/**
 * Amounts and quantities go out as numbers: a spreadsheet adds them up, and a negative difference is not taken for
 * a formula (text starting with "-" is written inert, with a quote). The decimal text converts exactly at our scales.
 */
export const num = (text: string | null | undefined) => (text === null || text === undefined ? null : Number(text));
