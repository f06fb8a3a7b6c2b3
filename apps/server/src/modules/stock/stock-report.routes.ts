import type { FastifyReply } from 'fastify';
import { formatQuantity, parseQuantity } from '@posauto/shared/money/index';
import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import { errorSchema } from '@posauto/shared/schemas/common';
import type { MovementType } from '@posauto/shared/schemas/stock';
import {
  stockExpiryQuerySchema,
  stockExpiryResponseSchema,
  stockReportExportQuerySchema,
  stockReportQuerySchema,
  stockReportResponseSchema,
  type StockReportRow,
} from '@posauto/shared/schemas/stock-report';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { toCsv, toXlsx, type ExportColumn } from '../../http/export';
import { spreadsheetAnswer } from '../../http/openapi';
import { pickLanguage, translate } from '../../lib/i18n';
import { stockExpiry, stockReport } from './stock-report';

/** The screen's summary columns: each adds up the movement types it names (signed, so returns net out). */
const SUMMARY: Array<{ header: string; types: MovementType[] }> = [
  { header: 'stock.report.purchases', types: ['purchase_in'] },
  { header: 'stock.report.returns', types: ['purchase_return', 'sale_return'] },
  { header: 'stock.report.sales', types: ['sale_out'] },
  { header: 'stock.report.transfers', types: ['transfer_in', 'transfer_out'] },
  { header: 'stock.report.adjustments', types: ['adjustment_in', 'adjustment_out'] },
];

interface SheetRow {
  product_name: string;
  sku_code: string;
  unit_name: string | null;
  figures: string[];
}

/** The summary rows as the screen shows them (opening, the five columns, closing), a totals row last. */
function summaryRows(data: StockReportRow[], totalLabel: string): SheetRow[] {
  // Quantities as exact integers at the quantity scale, so the sums are exact too.
  const figures = (r: StockReportRow) => [
    parseQuantity(r.opening),
    ...SUMMARY.map((c) => c.types.reduce((s, type) => s + parseQuantity(r.movements[type]), 0)),
    parseQuantity(r.closing),
  ];
  const sums = new Array<number>(SUMMARY.length + 2).fill(0);
  const rows = data.map((r) => {
    const f = figures(r);
    f.forEach((v, i) => (sums[i] = sums[i]! + v));
    return { product_name: r.product_name, sku_code: r.sku_code, unit_name: r.unit_name, figures: f.map(formatQuantity) };
  });
  return [...rows, { product_name: totalLabel, sku_code: '', unit_name: null, figures: sums.map(formatQuantity) }];
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The stock screens' reports: expiry batches and the per-item period report. (The stock filter, "which branches hold
 * this item", is GET /api/v1/stock?product_id=….)
 */
export function stockReportRoutes(app: AppInstance, deps: Deps): void {
  app.get('/api/v1/stock-expiry', {
    config: { access: { permission: 'stock-listing' } },
    schema: {
      tags: ['stock'],
      operationId: 'listStockExpiry',
      summary: 'Expiry batches with stock left: expiring within N days of the shop’s today, expired, or both',
      querystring: stockExpiryQuerySchema,
      response: { 200: stockExpiryResponseSchema, ...errors },
    },
    handler: (req) => stockExpiry(deps, ctxOf(req), req.query),
  });

  // The report screen's own permission (stock-report, in the reports menu) or the stock screens' one.
  app.get('/api/v1/stock-report', {
    config: { access: { anyOf: ['stock-report', 'stock-listing'] } },
    schema: {
      tags: ['stock'],
      operationId: 'getStockReport',
      summary: 'Per item and period: opening, each movement type, closing; with product_id, the item’s movements too',
      querystring: stockReportQuerySchema,
      response: { 200: stockReportResponseSchema, ...errors },
    },
    handler: (req) => stockReport(deps, ctxOf(req), req.query),
  });

  // The report as a file: every item of the period (not only the screen's page), the totals row last.
  app.get('/api/v1/stock-report/export', {
    config: { access: { anyOf: ['stock-report', 'stock-listing'] } },
    schema: {
      tags: ['stock'],
      operationId: 'exportStockReport',
      summary: 'The stock report’s per-item rows (opening, movements, closing) and their totals, as XLSX or CSV',
      querystring: stockReportExportQuerySchema,
      response: {
        200: spreadsheetAnswer('The report’s rows, totals last, as an XLSX workbook or a CSV file (UTF-8 with a BOM)'),
        ...errors,
      },
    },
    handler: async (req, reply) => {
      const { format, ...query } = req.query;
      const lang = pickLanguage(req.headers['accept-language']);
      const t = (key: string) => translate(lang, key);
      const data = await stockReport(deps, ctxOf(req), { ...query, page: 1, per_page: 'all' });
      const columns: ExportColumn<SheetRow>[] = [
        { header: t('stock.report.item'), value: (r) => r.product_name },
        { header: 'SKU', value: (r) => r.sku_code },
        { header: t('stock.report.unit'), value: (r) => r.unit_name },
        ...['stock.report.opening', ...SUMMARY.map((c) => c.header), 'stock.report.closing'].map((key, i): ExportColumn<SheetRow> => ({
          header: t(key),
          // Numbers, not text: numeric cells in the workbook, and a negative is not taken for a formula.
          value: (r) => Number(r.figures[i] ?? 0),
        })),
      ];
      const rows = summaryRows(data.data, t('reports.total'));
      const name = t('stock.report.file_name');
      const stamp = `${data.from}_${data.to}`;
      const file = format === 'csv' ? toCsv(columns, rows) : await toXlsx(name, columns, rows, RTL_LANGUAGES.includes(lang));
      // The spreadsheet answer is a file, which the route's typed replies (JSON schemas) do not describe.
      return (reply as unknown as FastifyReply)
        .header(
          'content-type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header(
          'content-disposition',
          `attachment; filename="stock-report-${stamp}.${format}"; filename*=UTF-8''${encodeURIComponent(`${name}-${stamp}.${format}`)}`,
        )
        .send(file);
    },
  });
}
