import { z } from 'zod';
import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import { errorSchema, idParamsSchema } from '@posauto/shared/schemas/common';
import {
  IDEMPOTENCY_HEADER,
  discountApprovalInputSchema,
  discountApprovalSchema,
  idempotencyKeySchema,
  saleConvertInputSchema,
  saleDetailSchema,
  saleInputSchema,
  saleItemListQuerySchema,
  saleItemListResponseSchema,
  saleListQuerySchema,
  saleListResponseSchema,
  salePaymentAddSchema,
  saleReturnDetailSchema,
  saleReturnInputSchema,
  saleReturnListQuerySchema,
  saleReturnListResponseSchema,
  saleReturnPreviewSchema,
  saleVoidInputSchema,
} from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { rowMustExist } from '../../http/crud';
import { csvStream, xlsxStream } from '../../http/export';
import { spreadsheetAnswer } from '../../http/openapi';
import { pickLanguage, translate } from '../../lib/i18n';
import { discountApprovals } from './sale-discount';
import { saleItemColumns, saleItemsService } from './sale-items';
import { formatQuantity } from '@posauto/shared/money/index';
import { moneyOut } from './sale-money';
import { saleReturnsService } from './sale-returns.service';
import { salesService } from './sales.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };
const envelope = z.object({ message: z.string(), data: saleDetailSchema });
const returnEnvelope = z.object({ message: z.string(), data: saleReturnDetailSchema });
const said = (req: { headers: { 'accept-language'?: string } }, key: string) =>
  translate(pickLanguage(req.headers['accept-language']), key);

/** Who reads sales: the service narrows each to the documents it may see (sale-list: the POS sales). */
const read = { access: { anyOf: ['sale-list', 'sale-management', 'sale-invoice', 'sale-quotation'] as const } };
const readOne = { access: { anyOf: ['sale-list', 'sale-management', 'sale-invoice', 'sale-quotation', 'sale-pos'] as const } };

type Sales = ReturnType<typeof salesService>;

/** Sales, invoices and quotations (one table, told apart by `document`), sold lines, and sale returns. */
export function saleRoutes(app: AppInstance, deps: Deps): void {
  const sales = salesService(deps);
  const mustExist = rowMustExist((ctx, id) => sales.get(ctx, id));
  documentRoutes(app, sales, mustExist);
  afterSaleRoutes(app, deps, sales, mustExist);
  soldLineRoutes(app, deps);
  returnRoutes(app, deps);
}

type MustExist = ReturnType<typeof rowMustExist>;

/** Listing, reading, making and editing a document. */
function documentRoutes(app: AppInstance, sales: Sales, mustExist: MustExist): void {
  app.get('/api/v1/sales', {
    config: read,
    schema: {
      tags: ['sales'],
      operationId: 'listSales',
      summary: 'Sales, invoices and quotations, newest first, filtered by date, branch, cashier, customer, type and status',
      querystring: saleListQuerySchema,
      response: { 200: saleListResponseSchema, ...errors },
    },
    handler: (req) => sales.list(ctxOf(req), req.query),
  });

  app.get('/api/v1/sales/:id', {
    config: readOne,
    schema: {
      tags: ['sales'],
      operationId: 'getSale',
      summary: 'One sale, invoice or quotation with its lines, payments, change, returns and the customer balance due',
      params: idParamsSchema,
      response: { 200: saleDetailSchema, ...errors },
    },
    handler: (req) => sales.get(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/sales', {
    config: { access: { anyOf: ['sale-pos', 'sale-management', 'sale-list', 'sale-invoice', 'sale-quotation'] } },
    schema: {
      tags: ['sales'],
      operationId: 'createSale',
      summary:
        'Commit a sale, invoice or quotation in one transaction; the Idempotency-Key header (required at the till) makes a resend answer the first sale (200)',
      // Declared, so the API document names it and a client generator sends it; any other header passes untouched.
      headers: z.looseObject({
        [IDEMPOTENCY_HEADER]: idempotencyKeySchema
          .optional()
          .describe('A UUID made by the client when the sale is paid, resent unchanged on every retry of that sale'),
      }),
      body: saleInputSchema,
      response: { 200: envelope, 201: envelope, ...errors },
    },
    handler: async (req, reply) => {
      const header = req.headers[IDEMPOTENCY_HEADER];
      const key = Array.isArray(header) ? header[0] : header;
      const { sale, replayed } = await sales.create(ctxOf(req), req.body, key ?? null);
      const message = said(req, sale.document === 'sale' ? 'sales.messages.sale_success' : 'messages.created');
      return reply.status(replayed ? 200 : 201).send({ message, data: sale });
    },
  });

  app.put('/api/v1/sales/:id', {
    config: { access: { anyOf: ['sale-invoice'] } },
    schema: {
      tags: ['sales'],
      operationId: 'updateSale',
      summary: 'Edit an invoice while it is unpaid and not delivered: its stock movements are reversed and posted again',
      params: idParamsSchema,
      body: saleInputSchema,
      response: { 200: envelope, ...errors },
    },
    // Another shop's sale (or one out of the caller's reach) is not found, whatever the body says.
    preValidation: mustExist,
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await sales.update(ctxOf(req), req.params.id, req.body) }),
  });
}

/** What happens to a document once made: payments, a void, a discount approval, a reprint, a quotation converted. */
function afterSaleRoutes(app: AppInstance, deps: Deps, sales: Sales, mustExist: MustExist): void {
  const approvals = discountApprovals(deps);
  app.post('/api/v1/sales/:id/payments', {
    config: { access: { anyOf: ['sale-management', 'sale-invoice', 'sale-pos', 'sale-list'] } },
    schema: {
      tags: ['sales'],
      operationId: 'addSalePayment',
      summary: 'Record a payment towards what a sale or invoice is still owed, in dollars or riel at its frozen rate',
      params: idParamsSchema,
      body: salePaymentAddSchema,
      response: { 201: envelope, ...errors },
    },
    preValidation: mustExist,
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'messages.created'), data: await sales.addPayment(ctxOf(req), req.params.id, req.body) }),
  });

  app.post('/api/v1/sales/:id/void', {
    config: { access: { anyOf: ['sale-management', 'sale-quotation'] } },
    schema: {
      tags: ['sales'],
      operationId: 'voidSale',
      summary: 'Void a sale, invoice or quotation: stock comes back at its cost and its cash leaves the open session',
      params: idParamsSchema,
      body: saleVoidInputSchema,
      response: { 200: envelope, ...errors },
    },
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await sales.void(ctxOf(req), req.params.id, req.body) }),
  });

  app.post('/api/v1/sales/discount-approvals', {
    config: { access: { anyOf: ['sale-pos', 'sale-management', 'sale-list', 'sale-invoice'] } },
    schema: {
      tags: ['sales'],
      operationId: 'approveDiscount',
      summary: "A discount above the seller's limit, approved on the seller's screen by a user whose role allows it (email and password)",
      body: discountApprovalInputSchema,
      response: { 201: discountApprovalSchema, 429: errorSchema, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await approvals.approve(ctxOf(req), req.body)),
  });

  app.post('/api/v1/sales/:id/reprint', {
    config: readOne,
    schema: {
      tags: ['sales'],
      operationId: 'reprintSale',
      summary: 'Reprint a receipt or invoice: answers the document and writes the reprint to the audit log',
      params: idParamsSchema,
      response: { 200: saleDetailSchema, ...errors },
    },
    handler: (req) => sales.reprint(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/sales/:id/convert', {
    config: { access: { anyOf: ['sale-quotation'] } },
    schema: {
      tags: ['sales'],
      operationId: 'convertQuotation',
      summary: 'Turn an open quotation into a sale or an invoice at its quoted prices; stock moves then',
      params: idParamsSchema,
      body: saleConvertInputSchema,
      response: { 201: envelope, ...errors },
    },
    preValidation: mustExist,
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'messages.created'), data: await sales.convert(ctxOf(req), req.params.id, req.body) }),
  });
}

/** Every sold line, listed and exported. */
function soldLineRoutes(app: AppInstance, deps: Deps): void {
  const items = saleItemsService(deps);
  app.get('/api/v1/sale-items', {
    config: { access: { anyOf: ['sale-list', 'sale-management'] } },
    schema: {
      tags: ['sales'],
      operationId: 'listSaleItems',
      summary: 'Every sold line with its invoice number, date, item, quantity, price, branch and cashier',
      querystring: saleItemListQuerySchema,
      response: { 200: saleItemListResponseSchema, ...errors },
    },
    handler: (req) => items.list(ctxOf(req), req.query),
  });

  app.get('/api/v1/sale-items/export', {
    config: { access: { anyOf: ['sale-list', 'sale-management'] } },
    schema: {
      tags: ['sales'],
      operationId: 'exportSaleItems',
      summary: 'The sold lines of the list as an XLSX workbook or a CSV file',
      querystring: saleItemListQuerySchema.extend({ format: z.enum(['xlsx', 'csv'], 'validation.invalid_format').default('xlsx') }),
      response: { 200: spreadsheetAnswer('The listed rows as an XLSX workbook or a CSV file (UTF-8 with a BOM)') },
    },
    handler: async (req, reply) => {
      const { format, ...query } = req.query;
      const lang = pickLanguage(req.headers['accept-language']);
      const t = (key: string) => translate(lang, key);
      const rows = items.rows(ctxOf(req), { ...query, per_page: 'all', page: 1 });
      const name = t('sales.items.file');
      const file =
        format === 'csv'
          ? await csvStream(saleItemColumns(t), rows)
          : await xlsxStream(name, saleItemColumns(t), rows, RTL_LANGUAGES.includes(lang));
      const stamp = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header(
            'content-type',
            format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header(
            'content-disposition',
            `attachment; filename="sale-items-${stamp}.${format}"; filename*=UTF-8''${encodeURIComponent(`${name}-${stamp}.${format}`)}`,
          )
          // The schema documents a binary answer; the stream is sent as it is.
          .send(file as unknown as string)
      );
    },
  });
}

/** Returns against sales: list, detail, reprint, preview and posting. */
function returnRoutes(app: AppInstance, deps: Deps): void {
  const returns = saleReturnsService(deps);
  app.get('/api/v1/sale-returns', {
    config: { access: { anyOf: ['sale-return', 'sale-management'] } },
    schema: {
      tags: ['sales'],
      operationId: 'listSaleReturns',
      summary: 'Returns against sales, newest first',
      querystring: saleReturnListQuerySchema,
      response: { 200: saleReturnListResponseSchema, ...errors },
    },
    handler: (req) => returns.list(ctxOf(req), req.query),
  });

  app.get('/api/v1/sale-returns/:id', {
    config: { access: { anyOf: ['sale-return', 'sale-management'] } },
    schema: {
      tags: ['sales'],
      operationId: 'getSaleReturn',
      summary: 'One sale return with its lines and what was refunded',
      params: idParamsSchema,
      response: { 200: saleReturnDetailSchema, ...errors },
    },
    handler: (req) => returns.get(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/sale-returns/:id/reprint', {
    config: { access: { anyOf: ['sale-return', 'sale-management'] } },
    schema: {
      tags: ['sales'],
      operationId: 'reprintSaleReturn',
      summary: 'Reprint a return receipt: answers the return and writes the reprint to the audit log',
      params: idParamsSchema,
      response: { 200: saleReturnDetailSchema, ...errors },
    },
    handler: (req) => returns.reprint(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/sale-returns/preview', {
    config: { access: { permission: 'sale-return' } },
    schema: {
      tags: ['sales'],
      operationId: 'previewSaleReturn',
      summary: 'What a return would take back and refund, reckoned as the return is, nothing saved; a refund it would refuse is said',
      body: saleReturnInputSchema,
      response: { 200: saleReturnPreviewSchema, ...errors },
    },
    handler: async (req) => {
      const r = await returns.preview(ctxOf(req), req.body);
      const lang = pickLanguage(req.headers['accept-language']);
      return {
        currency: r.sale.currency,
        total: moneyOut(r.total, r.sale.currency),
        settled_amount: moneyOut(r.settled, r.sale.currency),
        refund_value: moneyOut(r.refundValue, r.sale.currency),
        refund_method: req.body.refund_method,
        refund_currency: r.refundCurrency as 'USD' | 'KHR',
        refund_amount: moneyOut(r.refundAmount, r.refundCurrency),
        lines: r.prepared.map((p) => ({
          sale_line_id: p.line.id,
          quantity: formatQuantity(p.quantity),
          amount: moneyOut(p.amount, r.sale.currency),
        })),
        refund_session: r.session,
        refund_problem: r.problem ? translate(lang, r.problem.messageKey, r.problem.vars) : null,
      };
    },
  });

  app.post('/api/v1/sale-returns', {
    config: { access: { permission: 'sale-return' } },
    schema: {
      tags: ['sales'],
      operationId: 'createSaleReturn',
      summary: 'Take goods back against a sale (never more than sold minus returned); refund in cash or to the customer balance',
      body: saleReturnInputSchema,
      response: { 201: returnEnvelope, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'messages.created'), data: await returns.create(ctxOf(req), req.body) }),
  });
}
