import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import { errorSchema, idParamsSchema, okSchema, statusBodySchema } from '@posauto/shared/schemas/common';
import {
  importErrorSchema,
  importResultSchema,
  productDetailSchema,
  productInputSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  variantSchema,
  type Product,
} from '@posauto/shared/schemas/products';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { rowMustExist } from '../../http/crud';
import { AppError, unprocessable } from '../../http/errors';
import { toCsv, toXlsx, type ExportColumn } from '../../http/export';
import { pickLanguage, translate, type Language } from '../../lib/i18n';
import { importProducts, importTemplate, MAX_IMPORT_BYTES } from './product-import';
import { productsService } from './products.service';

const BASE = '/api/v1/products';
const TAG = 'products';
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };
const itemEnvelope = z.object({ message: z.string(), data: productDetailSchema });
const formatQuery = z.object({ format: z.enum(['xlsx', 'csv'], 'validation.invalid_format').default('xlsx') });
const langOf = (headers: { 'accept-language'?: string | undefined }) => pickLanguage(headers['accept-language']);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a spreadsheet as a download named in ASCII and, for browsers that read it, in the caller's language. */
function sendSheet(reply: FastifyReply, format: 'xlsx' | 'csv', ascii: string, name: string, file: Buffer) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}-${stamp}.${format}"; filename*=UTF-8''${encodeURIComponent(`${name}-${stamp}.${format}`)}`,
    )
    .send(file);
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
    { header: t('common.status'), value: (p) => t(p.status ? 'common.active' : 'common.inactive'), width: 12 },
    { header: t('common.created_at'), value: (p) => p.created_at.slice(0, 10), width: 14 },
  ];
}

export function productRoutes(app: AppInstance, deps: Deps): void {
  const service = productsService(deps);
  const mustExist = rowMustExist((ctx, id) => service.get(ctx, id));

  app.get(BASE, {
    config: { access: { permission: 'product-list' } },
    schema: { tags: [TAG], querystring: productListQuerySchema, response: { 200: productListResponseSchema, ...errors } },
    handler: async (req) => {
      const { rows, meta } = await service.list(ctxOf(req), req.query);
      return { data: rows, meta };
    },
  });

  app.get(`${BASE}/export`, {
    config: { access: { permission: 'product-list' } },
    schema: { tags: [TAG], querystring: productListQuerySchema.extend(formatQuery.shape), produces: ['text/csv', XLSX_TYPE] },
    handler: async (req, reply) => {
      const { format, ...query } = req.query;
      const lang: Language = langOf(req.headers);
      const t = (key: string) => translate(lang, key);
      const { rows } = await service.list(ctxOf(req), { ...query, per_page: 'all', page: 1 });
      const name = t('product_import.export_file');
      const columns = exportColumns(t);
      const file = format === 'csv' ? toCsv(columns, rows) : await toXlsx(name, columns, rows, RTL_LANGUAGES.includes(lang));
      return sendSheet(reply, format, 'products', name, file);
    },
  });

  app.get(`${BASE}/import/template`, {
    config: { access: { permission: 'product-create' } },
    schema: {
      tags: [TAG],
      summary: 'The import template: machine column names, identical in every language',
      querystring: formatQuery,
      produces: ['text/csv', XLSX_TYPE],
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
      summary: 'The product (and variant) with this exact SKU or barcode',
      querystring: z.object({ code: z.string('validation.required').trim().min(1, 'validation.required').max(64, 'validation.too_long') }),
      response: { 200: z.object({ product: productSchema, variant: variantSchema.nullable() }), ...errors },
    },
    handler: (req) => service.lookup(ctxOf(req), req.query.code),
  });

  app.post(`${BASE}/barcode`, {
    config: { access: { anyOf: ['product-create', 'product-edit'] } },
    schema: {
      tags: [TAG],
      summary: 'A fresh in-store EAN-13 no product of the shop uses',
      response: { 200: z.object({ barcode: z.string() }), ...errors },
    },
    handler: async (req) => ({ barcode: await service.newBarcode(ctxOf(req)) }),
  });

  app.get(`${BASE}/:id`, {
    config: { access: { permission: 'product-list' } },
    schema: { tags: [TAG], params: idParamsSchema, response: { 200: productDetailSchema, ...errors } },
    handler: (req) => service.get(ctxOf(req), req.params.id),
  });

  app.post(BASE, {
    config: { access: { permission: 'product-create' } },
    schema: { tags: [TAG], body: productInputSchema, response: { 201: itemEnvelope, ...errors } },
    handler: async (req, reply) => {
      const data = await service.create(ctxOf(req), req.body);
      return reply.status(201).send({ message: translate(langOf(req.headers), 'messages.created'), data });
    },
  });

  app.put(`${BASE}/:id`, {
    config: { access: { permission: 'product-edit' } },
    preValidation: mustExist,
    schema: { tags: [TAG], params: idParamsSchema, body: productInputSchema, response: { 200: itemEnvelope, ...errors } },
    handler: async (req) => ({
      message: translate(langOf(req.headers), 'messages.updated'),
      data: await service.update(ctxOf(req), req.params.id, req.body),
    }),
  });

  app.patch(`${BASE}/:id/status`, {
    config: { access: { permission: 'product-edit' } },
    preValidation: mustExist,
    schema: { tags: [TAG], params: idParamsSchema, body: statusBodySchema, response: { 200: itemEnvelope, ...errors } },
    handler: async (req) => ({
      message: translate(langOf(req.headers), 'messages.status_updated'),
      data: await service.setStatus(ctxOf(req), req.params.id, req.body.status),
    }),
  });

  app.delete(`${BASE}/:id`, {
    config: { access: { permission: 'product-delete' } },
    schema: { tags: [TAG], params: idParamsSchema, response: { 200: okSchema, ...errors } },
    handler: async (req) => {
      await service.remove(ctxOf(req), req.params.id);
      return { message: translate(langOf(req.headers), 'messages.deleted') };
    },
  });

  // The import reads one uploaded file; multipart parsing is registered for it alone.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 } });
    scope.post(`${BASE}/import`, {
      config: { access: { permission: 'product-create' } },
      schema: {
        tags: [TAG],
        summary:
          'Import single products from XLSX or CSV (multipart field "file"): every row is checked first, then all are imported or none',
        consumes: ['multipart/form-data'],
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
