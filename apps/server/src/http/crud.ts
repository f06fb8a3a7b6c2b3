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
import { ctxOf } from './access';
import type { RequestContext } from './context';
import { toCsv, toXlsx, type ExportColumn } from './export';

/** What a list screen's service provides; the routes, export and status toggle come from configuration. */
export interface CrudService<TItem, TInput, TQuery extends ListQuery, TUpdate = TInput> {
  list(ctx: RequestContext, query: TQuery): Promise<ListResult<TItem>>;
  get(ctx: RequestContext, id: string): Promise<TItem>;
  create(ctx: RequestContext, input: TInput): Promise<TItem>;
  update(ctx: RequestContext, id: string, input: TUpdate): Promise<TItem>;
  /** Without it the list has no status toggle (and no PATCH /:id/status route). */
  setStatus?(ctx: RequestContext, id: string, status: boolean): Promise<TItem>;
  remove(ctx: RequestContext, id: string): Promise<void>;
}

export interface CrudConfig<TItem, TInput, TQuery extends ListQuery, TUpdate = TInput> {
  /** e.g. /api/v1/categories */
  path: string;
  tag: string;
  permissions: { read: Permission; create: Permission; update: Permission; delete: Permission };
  /** updateInput: when an update takes other fields than a create (e.g. no password); defaults to input. */
  schemas: { item: z.ZodType<TItem>; input: z.ZodType<TInput>; updateInput?: z.ZodType<TUpdate>; query: z.ZodType<TQuery> };
  service: CrudService<TItem, TInput, TQuery, TUpdate>;
  exportSheet: { fileKey: string; columns: (t: (key: string) => string, lang: Language) => ExportColumn<TItem>[] };
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

export function registerCrudRoutes<TItem, TInput, TQuery extends ListQuery, TUpdate = TInput>(
  app: AppInstance,
  cfg: CrudConfig<TItem, TInput, TQuery, TUpdate>,
): void {
  const { path, tag, permissions: p, schemas: s, service } = cfg;
  const itemEnvelope = z.object({ message: z.string(), data: s.item });
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };
  const listQuery = s.query as unknown as z.ZodObject;
  // Generic handlers: the schemas still validate and serialize; only the static typing is loosened here.
  const r = app as unknown as FastifyInstance;
  type Req = FastifyRequest<{ Params: { id: string }; Querystring: unknown; Body: unknown }>;

  r.get(path, {
    config: { access: { permission: p.read } },
    schema: { tags: [tag], querystring: s.query, response: { 200: listResponseSchema(s.item), ...errors } },
    handler: async (req: Req) => {
      const { rows, meta } = await service.list(ctxOf(req), req.query as TQuery);
      return { data: rows, meta };
    },
  });

  r.get(`${path}/export`, {
    config: { access: { permission: p.read } },
    schema: {
      tags: [tag],
      querystring: listQuery.extend(exportFormatSchema.shape),
      produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    handler: async (req: Req, reply: FastifyReply) => {
      const { format, ...rest } = req.query as TQuery & { format: 'xlsx' | 'csv' };
      const lang = langOf(req.headers);
      const t = (key: string) => translate(lang, key);
      const { rows } = await service.list(ctxOf(req), { ...(rest as unknown as TQuery), per_page: 'all', page: 1 });
      const columns = cfg.exportSheet.columns(t, lang);
      const name = t(cfg.exportSheet.fileKey);
      const stamp = new Date().toISOString().slice(0, 10);
      const file = format === 'csv' ? toCsv(columns, rows) : await toXlsx(name, columns, rows, RTL_LANGUAGES.includes(lang));
      const ascii = `${cfg.exportSheet.fileKey.split('.')[0]}-${stamp}.${format}`;
      return reply
        .header(
          'content-type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`${name}-${stamp}.${format}`)}`,
        )
        .send(file);
    },
  });

  r.get(`${path}/:id`, {
    config: { access: { permission: p.read } },
    schema: { tags: [tag], params: idParamsSchema, response: { 200: s.item, ...errors } },
    handler: (req: Req) => service.get(ctxOf(req), req.params.id),
  });

  r.post(path, {
    config: { access: { permission: p.create } },
    schema: { tags: [tag], body: s.input, response: { 201: itemEnvelope, ...errors } },
    handler: async (req: Req, reply: FastifyReply) => {
      const data = await service.create(ctxOf(req), req.body as TInput);
      return reply.status(201).send({ message: translate(langOf(req.headers), 'messages.created'), data });
    },
  });

  const mustExist = rowMustExist((ctx, id) => service.get(ctx, id));

  r.put(`${path}/:id`, {
    config: { access: { permission: p.update } },
    preValidation: mustExist,
    schema: { tags: [tag], params: idParamsSchema, body: s.updateInput ?? s.input, response: { 200: itemEnvelope, ...errors } },
    handler: async (req: Req) => ({
      message: translate(langOf(req.headers), 'messages.updated'),
      data: await service.update(ctxOf(req), req.params.id, req.body as TUpdate),
    }),
  });

  const setStatus = service.setStatus?.bind(service);
  if (setStatus) {
    r.patch(`${path}/:id/status`, {
      config: { access: { permission: p.update } },
      preValidation: mustExist,
      schema: { tags: [tag], params: idParamsSchema, body: statusBodySchema, response: { 200: itemEnvelope, ...errors } },
      handler: async (req: Req) => ({
        message: translate(langOf(req.headers), 'messages.status_updated'),
        data: await setStatus(ctxOf(req), req.params.id, (req.body as { status: boolean }).status),
      }),
    });
  }

  r.delete(`${path}/:id`, {
    config: { access: { permission: p.delete } },
    schema: { tags: [tag], params: idParamsSchema, response: { 200: okSchema, ...errors } },
    handler: async (req: Req) => {
      await service.remove(ctxOf(req), req.params.id);
      return { message: translate(langOf(req.headers), 'messages.deleted') };
    },
  });
}
