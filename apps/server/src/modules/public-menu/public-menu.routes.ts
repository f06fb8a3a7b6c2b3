import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { errorSchema } from '@posauto/shared/schemas/common';
import { publicMenuParamsSchema, publicMenuSchema, qrMenuSchema } from '@posauto/shared/schemas/public-menu';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { getPublicMenu, getQrMenu } from './public-menu.service';

/** Phones reopen the menu often: let them (and any proxy) keep it a minute, then revalidate cheaply with the ETag. */
const MENU_CACHE_CONTROL = 'public, max-age=60';

/** A weak validator: the same menu bytes give the same tag. */
export function weakEtag(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names this tag (weak comparison, a list of tags, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export function publicMenuRoutes(app: AppInstance, deps: Deps): void {
  app.get('/api/v1/public/menu/:slug', {
    config: { access: { public: true } },
    schema: {
      tags: ['qr menu'],
      operationId: 'getPublicMenu',
      summary: "A shop's public menu (no sign-in): categories and products with prices in the shop currency and in riel",
      security: [],
      params: publicMenuParamsSchema,
      response: { 200: publicMenuSchema, 400: errorSchema, 404: errorSchema },
    },
    handler: async (req, reply) => {
      const menu = await getPublicMenu(deps, req.params.slug);
      // Serialised by the route's own schema, so the tag covers exactly the bytes sent.
      const body = reply.serialize(menu) as string;
      const etag = weakEtag(body);
      // The body is already serialised: send it as it is, past the typed (object-only) reply.
      const raw = reply as unknown as FastifyReply;
      raw.header('cache-control', MENU_CACHE_CONTROL).header('etag', etag);
      if (matchesEtag(req.headers['if-none-match'], etag)) return raw.status(304).send();
      return raw.type('application/json; charset=utf-8').send(body);
    },
  });

  app.get('/api/v1/qr-menu', {
    config: { access: { permission: 'product-list' } },
    schema: {
      tags: ['qr menu'],
      operationId: 'getQrMenuLink',
      summary: "Where the shop's public menu lives, for the owner's QR card",
      response: { 200: qrMenuSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => getQrMenu(deps, ctxOf(req)),
  });
}
