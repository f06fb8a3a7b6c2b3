import multipart from '@fastify/multipart';
import { z } from 'zod';
import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import { errorSchema, idParamsSchema, okSchema } from '@posauto/shared/schemas/common';
import {
  EXPENSE_ATTACHMENT_MAX_BYTES,
  expenseAttachmentSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseListResponseSchema,
  expenseOptionsSchema,
  expenseSchema,
  type Expense,
  type ExpenseListQuery,
} from '@posauto/shared/schemas/expenses';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { rowMustExist } from '../../http/crud';
import { envelopeOf, ROUTE_ERRORS, said } from '../../http/answers';
import { unprocessable } from '../../http/errors';
import { downloadHeaders, sheetStream, type ExportColumn } from '../../http/export';
import { spreadsheetAnswer } from '../../http/openapi';
import { routeDoc } from '../../http/route-doc';
import { pickLanguage, translate, type Language } from '../../lib/i18n';
import { attachmentTooLarge } from './expense-attachments';
import { expensesService } from './expenses.service';

const errors = ROUTE_ERRORS;
const envelope = envelopeOf(expenseSchema);
const binary = z.string().meta({ format: 'binary' });
/** The API document's description of a receipt download (the handler sends the bytes as stored). */
const RECEIPT_ANSWER = {
  description: 'The receipt as stored: a photo re-encoded as WebP, or the PDF as uploaded',
  content: { 'image/webp': { schema: binary }, 'application/pdf': { schema: binary } },
};
const access = { access: { permission: 'expend-management' as const } };
const doc = routeDoc('expenses');
const langOf = (req: { headers: { 'accept-language'?: string | undefined } }) => pickLanguage(req.headers['accept-language']);

/** The export's columns: what the list shows, each amount with its currency. */
function exportColumns(t: (key: string) => string): ExportColumn<Expense>[] {
  return [
    { header: t('expenses.expense_date'), value: (e) => e.expense_date, width: 14 },
    { header: t('expenses.category'), value: (e) => e.category_name, width: 22 },
    { header: t('expenses.branch'), value: (e) => e.branch_name, width: 22 },
    { header: t('expenses.expend_cost'), value: (e) => e.expend_cost, width: 14 },
    { header: t('expenses.currency'), value: (e) => e.currency, width: 10 },
    { header: t('expenses.exchange_rate'), value: (e) => e.exchange_rate, width: 12 },
    { header: t('expenses.amount'), value: (e) => e.amount, width: 14 },
    { header: t('expenses.shop_currency'), value: (e) => e.shop_currency, width: 10 },
    { header: t('expenses.payment_method'), value: (e) => e.payment_method_name, width: 20 },
    { header: t('expenses.note'), value: (e) => e.note, width: 36 },
    { header: t('expenses.created_by'), value: (e) => e.created_by_name, width: 20 },
  ];
}

/** /expend-listing (permission expend-management): branch users read and write their own branch's expenses only. */
export function expenseRoutes(app: AppInstance, deps: Deps): void {
  const expenses = expensesService(deps);
  const mustExist = rowMustExist((ctx, id) => expenses.get(ctx, id));

  app.get('/api/v1/expenses', {
    config: access,
    schema: doc(
      'listExpenses',
      'Expenses, newest first, filtered by category, branch, payment method and period, with the totals of every matching row',
      {
        querystring: expenseListQuerySchema,
        response: { 200: expenseListResponseSchema, ...errors },
      },
    ),
    handler: (req) => expenses.list(ctxOf(req), req.query),
  });

  app.get('/api/v1/expenses/export', {
    config: access,
    schema: doc('exportExpenses', 'Export the listed expenses as XLSX or CSV, the totals row last', {
      querystring: expenseListQuerySchema.extend({ format: z.enum(['xlsx', 'csv'], 'validation.invalid_format').default('xlsx') }),
      response: { 200: spreadsheetAnswer('The listed expenses as an XLSX workbook or a CSV file (UTF-8 with a BOM)') },
    }),
    handler: async (req, reply) => {
      const { format, ...rest } = req.query;
      const lang: Language = langOf(req);
      const t = (key: string) => translate(lang, key);
      const ctx = ctxOf(req);
      const query: ExpenseListQuery = { ...rest, per_page: 'all', page: 1 };
      const sums = await expenses.totals(ctx, query);
      // Streamed batch by batch, then one totals row in the shop currency.
      async function* withTotals() {
        yield* expenses.rows(ctx, query);
        yield [
          {
            expense_date: t('expenses.total'),
            category_name: '',
            branch_name: '',
            expend_cost: '',
            currency: '',
            exchange_rate: '',
            amount: sums.amount,
            shop_currency: sums.currency,
            payment_method_name: null,
            note: '',
            created_by_name: null,
          } as unknown as Expense,
        ];
      }
      const columns = exportColumns(t);
      const name = t('expenses.title');
      const file = await sheetStream(format, name, columns, withTotals(), RTL_LANGUAGES.includes(lang));
      const stamp = deps.clock.now().toISOString().slice(0, 10);
      return reply.headers(downloadHeaders(format, 'expenses', name, stamp)).send(file as never);
    },
  });

  app.get('/api/v1/expenses/options', {
    config: access,
    schema: doc(
      'getExpenseOptions',
      "Categories, branches and payment methods the expense form offers, the shop's currency, rate and today",
      {
        response: { 200: expenseOptionsSchema, 401: errorSchema, 403: errorSchema },
      },
    ),
    handler: (req) => expenses.options(ctxOf(req)),
  });

  app.get('/api/v1/expenses/:id', {
    config: access,
    schema: doc('getExpense', 'One expense', {
      params: idParamsSchema,
      response: { 200: expenseSchema, ...errors },
    }),
    handler: (req) => expenses.get(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/expenses', {
    config: access,
    schema: doc(
      'createExpense',
      'Record an expense in USD or riel; its amount in the shop currency is converted once at the current rate',
      {
        body: expenseInputSchema,
        response: { 201: envelope, ...errors },
      },
    ),
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'messages.created'), data: await expenses.create(ctxOf(req), req.body) }),
  });

  app.put('/api/v1/expenses/:id', {
    config: access,
    // Another shop's expense (or another branch's, for a branch user) is not found, whatever the body says.
    preValidation: mustExist,
    schema: doc('updateExpense', 'Correct an expense; it keeps the exchange rate frozen when it was entered', {
      params: idParamsSchema,
      body: expenseInputSchema,
      response: { 200: envelope, ...errors },
    }),
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await expenses.update(ctxOf(req), req.params.id, req.body) }),
  });

  app.delete('/api/v1/expenses/:id', {
    config: access,
    schema: doc('deleteExpense', 'Delete an expense and its receipt', {
      params: idParamsSchema,
      response: { 200: okSchema, ...errors },
    }),
    handler: async (req) => {
      await expenses.remove(ctxOf(req), req.params.id);
      return { message: said(req, 'messages.deleted') };
    },
  });
  expenseReceiptRoutes(app, expenses);
}

/** An expense's receipt: uploaded before the expense takes it, and read back as the photo or PDF it is. */
function expenseReceiptRoutes(app: AppInstance, expenses: ReturnType<typeof expensesService>): void {
  app.get('/api/v1/expenses/:id/attachment', {
    config: access,
    schema: doc('getExpenseAttachment', "The expense's receipt: a WebP photo or a PDF", {
      params: idParamsSchema,
      response: { 200: RECEIPT_ANSWER, ...errors },
    }),
    handler: async (req, reply) => {
      const file = await expenses.attachment(ctxOf(req), req.params.id);
      const ext = file.contentType === 'application/pdf' ? 'pdf' : 'webp';
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="receipt-${file.date}.${ext}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes as never);
    },
  });

  // Multipart parsing only where the receipt is uploaded: one file of at most 5 MB.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: EXPENSE_ATTACHMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 } });
    scope.post('/api/v1/expenses/attachments', {
      config: access,
      schema: doc(
        'uploadExpenseAttachment',
        'Upload a receipt (a PNG, JPEG or WebP photo, or a PDF; at most 5 MB; multipart field "file"), checked by its bytes. ' +
          'Only one expense can take the key; a key no expense takes within a day is deleted.',
        {
          upload: { field: 'file', description: 'The receipt: a photo or a PDF, at most 5 MB' },
          response: {
            201: expenseAttachmentSchema,
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
            413: errorSchema,
            422: errorSchema,
          },
        },
      ),
      handler: async (req, reply) => {
        if (!req.isMultipart()) throw unprocessable('expenses.errors.attachment_required', 'file');
        const file = await req.file();
        if (!file || file.fieldname !== 'file') throw unprocessable('expenses.errors.attachment_required', 'file');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (e) {
          if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw attachmentTooLarge();
          throw e;
        }
        if (bytes.length === 0) throw unprocessable('expenses.errors.attachment_required', 'file');
        return reply.status(201).send(await expenses.upload(ctxOf(req), bytes));
      },
    });
  });
}
