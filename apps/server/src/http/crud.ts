import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '@posauto/shared/permissions';
import {
  errorSchema,
  idParamsSchema,
  idSchema,
  listResponseSchema,
  okSchema,
  statusBodySchema,
  type ListQuery,
} from '@posauto/shared/schemas/common';
import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import type { ListResult } from '../db/list';
import { pickLanguage, translate, type Language } from '../lib/i18n';
import type { AppInstance } from './app-instance';
import { ctxOf, type Access } from './access';
import type { RequestContext } from './context';
import { downloadHeaders, sheetStream, type ExportColumn, type RowBatches } from './export';
import { crudOperations, spreadsheetAnswer } from './openapi';

/** What a list screen's service provides; the routes, export and status toggle come from configuration. */
export interface CrudService<TItem, TInput, TQuery extends ListQuery, TUpdate = TInput, TDetail = TItem> {
  list(ctx: RequestContext, query: TQuery): Promise<ListResult<TItem>>;
  get(ctx: RequestContext, id: string): Promise<TDetail>;
  create(ctx: RequestContext, input: TInput): Promise<TDetail>;
  update(ctx: RequestContext, id: string, input: TUpdate): Promise<TDetail>;
  /** Without it the list has no status toggle (and no PATCH /:id/status route). */
  setStatus?(ctx: RequestContext, id: string, status: boolean): Promise<TDetail>;
  remove(ctx: RequestContext, id: string): Promise<void>;
}

type CrudAction = 'read' | 'create' | 'update' | 'delete';

export interface CrudConfig<TItem, TInput, TQuery extends ListQuery, TUpdate = TInput, TDetail = TItem> {
  /** e.g. /api/v1/categories */
  path: string;
  tag: string;
  /** The API document's names of the operations (listPaymentMethods, getPaymentMethod...) when the path's last part does not give them. */
  names?: { one: string; many: string };
  permissions: { read: Permission; create: Permission; update: Permission; delete: Permission };
  /** Actions only a shop-level user may take (Access.shopLevel in access.ts); true: all of them. */
  shopLevel?: true | readonly CrudAction[];
  /**
   * updateInput: when an update takes other fields than a create (e.g. no password); defaults to input.
   * detail: the answer of GET /:id and of the writes when it says more than a list row (e.g. a product's variants).
   */
  schemas: {
    item: z.ZodType<TItem>;
    detail?: z.ZodType<TDetail>;
    input: z.ZodType<TInput>;
    updateInput?: z.ZodType<TUpdate>;
    query: z.ZodType<TQuery>;
  };
  service: CrudService<TItem, TInput, TQuery, TUpdate, TDetail> & Partial<BatchedRows<TItem, TQuery>>;
  /** fileName: the download's ASCII name (defaults to the fileKey's first part); the translated fileKey is the UTF-8 one. */
  exportSheet: { fileKey: string; fileName?: string; columns: (t: (key: string) => string, lang: Language) => ExportColumn<TItem>[] };
}

/** A service that reads its whole list (no page) in batches, for exports; others are exported page by page. */
/** The permissions of a list that one permission manages whole: read, create, update and delete. */
export const managedBy = (permission: Permission): CrudConfig<unknown, unknown, ListQuery>['permissions'] => ({
  read: permission,
  create: permission,
  update: permission,
  delete: permission,
});

/** The last columns of a setting list's export: whether the row is active, and the day it was made. */
export const statusAndCreated = (t: (key: string) => string): ExportColumn<{ status: boolean; created_at: string }>[] => [
  { header: t('common.status'), value: (r) => t(r.status ? 'common.active' : 'common.inactive'), width: 12 },
  { header: t('common.created_at'), value: (r) => r.created_at.slice(0, 10), width: 14 },
];

export interface BatchedRows<TItem, TQuery extends ListQuery> {
  rows(ctx: RequestContext, query: TQuery): RowBatches<TItem>;
}

/** Rows fetched per list page when a service has no `rows` of its own. */
const EXPORT_PAGE = '100';

/** Every page of a list, one after the other: an export for services that cannot read their list in batches. */
async function* pagesOf<TItem, TQuery extends ListQuery>(
  list: (query: TQuery) => Promise<ListResult<TItem>>,
  query: TQuery,
): AsyncGenerator<TItem[]> {
  for (let page = 1; ; page++) {
    const { rows, meta } = await list({ ...query, per_page: EXPORT_PAGE, page });
    if (rows.length) yield rows;
    if (page >= meta.last_page || rows.length < Number(EXPORT_PAGE)) return;
  }
}

const exportFormatSchema = z.object({ format: z.enum(['xlsx', 'csv'], 'validation.invalid_format').default('xlsx') });

const langOf = (headers: { 'accept-language'?: string | undefined }) => pickLanguage(headers['accept-language']);

/**
 * A preValidation hook for routes that change one row: an id that is not the caller's (another shop's, another
 * branch's, or none) answers 404 before the body is validated, since nothing about the body matters then. A
 * malformed id is left to the params schema (400).
 */
export function rowMustExist(get: (ctx: RequestContext, id: string) => Promise<unknown>) {
  return async (req: FastifyRequest) => {
    const id = (req.params as { id?: unknown }).id;
    if (idSchema.safeParse(id).success) await get(ctxOf(req), id as string);
  };
}

export function registerCrudRoutes<TItem, TInput, TQuery extends ListQuery, TUpdate = TInput, TDetail = TItem>(
  app: AppInstance,
  cfg: CrudConfig<TItem, TInput, TQuery, TUpdate, TDetail>,
): void {
  const { path, tag, permissions: p, schemas: s, service } = cfg;
  const accessTo = (action: CrudAction): Access => ({
    permission: p[action],
    ...(cfg.shopLevel === true || cfg.shopLevel?.includes(action) ? { shopLevel: true as const } : {}),
  });
  const detail = s.detail ?? (s.item as unknown as z.ZodType<TDetail>);
  const itemEnvelope = z.object({ message: z.string(), data: detail });
  // The API document adds the 400, 401, 403 and 404 every such route can give (http/openapi.ts); writes may also refuse.
  const ops = crudOperations(path, cfg.names);
  const writeErrors = { 409: errorSchema, 422: errorSchema };
  const listQuery = s.query as unknown as z.ZodObject;
  // Generic handlers: the schemas still validate and serialize; only the static typing is loosened here.
  const r = app as unknown as FastifyInstance;
  type Req = FastifyRequest<{ Params: { id: string }; Querystring: unknown; Body: unknown }>;

  r.get(path, {
    config: { access: accessTo('read') },
    schema: { tags: [tag], ...ops.list, querystring: s.query, response: { 200: listResponseSchema(s.item) } },
    handler: async (req: Req) => {
      const { rows, meta } = await service.list(ctxOf(req), req.query as TQuery);
      return { data: rows, meta };
    },
  });

  r.get(`${path}/export`, {
    config: { access: accessTo('read') },
    schema: {
      tags: [tag],
      ...ops.export,
      querystring: listQuery.extend(exportFormatSchema.shape),
      response: { 200: spreadsheetAnswer('The listed rows as an XLSX workbook or a CSV file (UTF-8 with a BOM)') },
    },
    handler: async (req: Req, reply: FastifyReply) => {
      const { format, ...rest } = req.query as TQuery & { format: 'xlsx' | 'csv' };
      const lang = langOf(req.headers);
      const t = (key: string) => translate(lang, key);
      const ctx = ctxOf(req);
      const query = { ...(rest as unknown as TQuery), per_page: 'all', page: 1 } as TQuery;
      // Streamed batch by batch: an export of any size holds one batch in memory, and is never capped like "All".
      const rows = service.rows ? service.rows(ctx, query) : pagesOf((q: TQuery) => service.list(ctx, q), query);
      const columns = cfg.exportSheet.columns(t, lang);
      const name = t(cfg.exportSheet.fileKey);
      const stamp = new Date().toISOString().slice(0, 10);
      const file = await sheetStream(format, name, columns, rows, RTL_LANGUAGES.includes(lang));
      const ascii = cfg.exportSheet.fileName ?? cfg.exportSheet.fileKey.split('.')[0]!;
      return reply.headers(downloadHeaders(format, ascii, name, stamp)).send(file);
    },
  });

  r.get(`${path}/:id`, {
    config: { access: accessTo('read') },
    schema: { tags: [tag], ...ops.get, params: idParamsSchema, response: { 200: detail } },
    handler: (req: Req) => service.get(ctxOf(req), req.params.id),
  });

  r.post(path, {
    config: { access: accessTo('create') },
    schema: { tags: [tag], ...ops.create, body: s.input, response: { 201: itemEnvelope, ...writeErrors } },
    handler: async (req: Req, reply: FastifyReply) => {
      const data = await service.create(ctxOf(req), req.body as TInput);
      return reply.status(201).send({ message: translate(langOf(req.headers), 'messages.created'), data });
    },
  });

  const mustExist = rowMustExist((ctx, id) => service.get(ctx, id));

  r.put(`${path}/:id`, {
    config: { access: accessTo('update') },
    preValidation: mustExist,
    schema: {
      tags: [tag],
      ...ops.update,
      params: idParamsSchema,
      body: s.updateInput ?? s.input,
      response: { 200: itemEnvelope, ...writeErrors },
    },
    handler: async (req: Req) => ({
      message: translate(langOf(req.headers), 'messages.updated'),
      data: await service.update(ctxOf(req), req.params.id, req.body as TUpdate),
    }),
  });

  const setStatus = service.setStatus?.bind(service);
  if (setStatus) {
    r.patch(`${path}/:id/status`, {
      config: { access: accessTo('update') },
      preValidation: mustExist,
      schema: {
        tags: [tag],
        ...ops.setStatus,
        params: idParamsSchema,
        body: statusBodySchema,
        response: { 200: itemEnvelope, ...writeErrors },
      },
      handler: async (req: Req) => ({
        message: translate(langOf(req.headers), 'messages.status_updated'),
        data: await setStatus(ctxOf(req), req.params.id, (req.body as { status: boolean }).status),
      }),
    });
  }

  r.delete(`${path}/:id`, {
    config: { access: accessTo('delete') },
    schema: { tags: [tag], ...ops.delete, params: idParamsSchema, response: { 200: okSchema, ...writeErrors } },
    handler: async (req: Req) => {
      await service.remove(ctxOf(req), req.params.id);
      return { message: translate(langOf(req.headers), 'messages.deleted') };
    },
  });
}
