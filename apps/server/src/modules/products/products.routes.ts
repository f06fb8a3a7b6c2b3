import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { errorSchema } from '@posauto/shared/schemas/common';
import {
  importErrorSchema,
  importResultSchema,
  productDetailSchema,
  productInputObject,
  productListQuerySchema,
  productSchema,
  variantSchema,
  type Product,
} from '@posauto/shared/schemas/products';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { AppError, unprocessable } from '../../http/errors';
import { downloadHeaders, type ExportColumn } from '../../http/export';
import { spreadsheetAnswer } from '../../http/openapi';
import { pickLanguage, translate } from '../../lib/i18n';
import { importProducts, importTemplate, MAX_IMPORT_BYTES } from './product-import';
import { productsService } from './products.service';

const BASE = '/api/v1/products';
const TAG = 'products';
/** What an import may refuse; the 400, 401, 403 and 404 every route can give are added by http/openapi.ts. */
const errors = { 409: errorSchema, 422: errorSchema };
const formatQuery = z.object({ format: z.enum(['xlsx', 'csv'], 'validation.invalid_format').default('xlsx') });
const langOf = (headers: { 'accept-language'?: string | undefined }) => pickLanguage(headers['accept-language']);

/** Sends a spreadsheet as a download named in ASCII and, for browsers that read it, in the caller's language. */
function sendSheet(reply: FastifyReply, format: 'xlsx' | 'csv', ascii: string, name: string, file: Buffer) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply.headers(downloadHeaders(format, ascii, name, stamp)).send(file);
}

function exportColumns(t: (key: string) => string): ExportColumn<Product>[] {
  const c = (key: string) => t(`product_import.columns.${key}`);
  return [
    { header: c('product_name'), value: (p) => p.product_name, width: 32 },
    { header: c('sku_code'), value: (p) => p.sku_code, width: 16 },
    { header: c('barcode'), value: (p) => p.barcode, width: 18 },
    { header: c('type'), value: (p) => t(`product_import.types.${p.type}`), width: 14 },
    { header: c('category'), value: (p) => p.category_name, width: 20 },
    { header: c('brand'), value: (p) => p.brand_name, width: 20 },
    { header: c('unit'), value: (p) => p.unit_name, width: 14 },
    { header: c('currency'), value: (p) => p.currency, width: 10 },
    { header: c('purchase_cost'), value: (p) => p.purchase_cost, width: 14 },
    { header: c('sale_cost'), value: (p) => p.sale_cost, width: 14 },
    { header: c('discount_cost'), value: (p) => p.discount_cost, width: 14 },
    { header: c('variant_count'), value: (p) => p.variant_count, width: 10 },
    ...statusAndCreated(t),
  ];
}

export function productRoutes(app: AppInstance, deps: Deps): void {
  const service = productsService(deps);

  // List, export, detail, create, update, status and delete: the generic list routes, with a product's detail.
  registerCrudRoutes(app, {
    path: BASE,
    tag: TAG,
    permissions: { read: 'product-list', create: 'product-create', update: 'product-edit', delete: 'product-delete' },
    schemas: { item: productSchema, detail: productDetailSchema, input: productInputObject, query: productListQuerySchema },
    service,
    exportSheet: { fileKey: 'product_import.export_file', fileName: 'products', columns: exportColumns },
  });

  app.get(`${BASE}/import/template`, {
    config: { access: { permission: 'product-create' } },
    schema: {
      tags: [TAG],
      operationId: 'getProductImportTemplate',
      summary: 'The import template: machine column names, identical in every language',
      querystring: formatQuery,
      response: { 200: spreadsheetAnswer('An empty import sheet: its header row names the columns') },
    },
    handler: async (req, reply) => {
      const format = req.query.format;
      return sendSheet(reply, format, 'products-import', 'products-import', await importTemplate(format));
    },
  });

  app.get(`${BASE}/lookup`, {
    config: { access: { permission: 'product-list' } },
    schema: {
      tags: [TAG],
      operationId: 'lookupProduct',
      summary: 'The product (and variant) with this exact SKU or barcode',
      querystring: z.object({ code: z.string('validation.required').trim().min(1, 'validation.required').max(64, 'validation.too_long') }),
      response: { 200: z.object({ product: productSchema, variant: variantSchema.nullable() }), 404: errorSchema },
    },
    handler: (req) => service.lookup(ctxOf(req), req.query.code),
  });

  app.post(`${BASE}/barcode`, {
    config: { access: { anyOf: ['product-create', 'product-edit'] } },
    schema: {
      tags: [TAG],
      operationId: 'newProductBarcode',
      summary: 'A fresh in-store EAN-13 no product of the shop uses',
      response: { 200: z.object({ barcode: z.string() }) },
    },
    handler: async (req) => ({ barcode: await service.newBarcode(ctxOf(req)) }),
  });

  // The import reads one uploaded file; multipart parsing is registered for it alone.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 } });
    scope.post(`${BASE}/import`, {
      config: { access: { permission: 'product-create' } },
      schema: {
        tags: [TAG],
        operationId: 'importProducts',
        summary:
          'Import single products from XLSX or CSV (multipart field "file"): every row is checked first, then all are imported or none',
        upload: { field: 'file', description: 'The filled-in import template: XLSX or CSV' },
        response: { ...errors, 200: importResultSchema, 413: errorSchema, 422: z.union([importErrorSchema, errorSchema]) },
      },
      handler: async (req, reply) => {
        const ctx = ctxOf(req);
        const lang = langOf(req.headers);
        if (!req.isMultipart()) throw unprocessable('product_import.file_required', 'file');
        const file = await req.file();
        if (!file || file.fieldname !== 'file') throw unprocessable('product_import.file_required', 'file');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (e) {
          if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(413, 'product_import.file_too_large', { file: 'product_import.file_too_large' });
          throw e;
        }
        const result = await importProducts(deps, ctx, file.filename, bytes);
        const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
        if (!result.ok) {
          return reply.status(422).send({
            message: t('product_import.failed'),
            rows: result.rows.map((r) => ({ row: r.row, column: r.column, message: t(r.key, r.vars) })),
          });
        }
        return { message: t('product_import.done', { count: result.imported }), imported: result.imported };
      },
    });
  });
}
