import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminBusinessListResponseSchema,
  adminBusinessSchema,
  businessListQuerySchema,
  changePackageBodySchema,
} from '@posauto/shared/schemas/accounts';
import { errorSchema, idParamsSchema } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { pickLanguage, translate } from '../../lib/i18n';
import { platformAdminService, type StatusAction } from './platform-admin.service';

const BASE = '/api/v1/admin/businesses';
const access = { permission: 'user-admin-management' } as const;
/** A change the shop's state refuses; the 400, 401, 403 and 404 every route can give are added by http/openapi.ts. */
const errors = { 409: errorSchema };
const envelope = z.object({ message: z.string(), data: adminBusinessSchema });
const langOf = (req: FastifyRequest) => pickLanguage(req.headers['accept-language']);

const STATUS_ACTIONS: Array<{ action: StatusAction; message: string; summary: string; operationId: string }> = [
  {
    action: 'activate',
    message: 'messages.business_activated',
    summary: 'Activate a shop waiting for activation',
    operationId: 'activateBusiness',
  },
  {
    action: 'suspend',
    message: 'messages.business_suspended',
    summary: 'Suspend a shop: its users are signed out and cannot sign in',
    operationId: 'suspendBusiness',
  },
  {
    action: 'reactivate',
    message: 'messages.business_reactivated',
    summary: 'Reactivate a suspended shop',
    operationId: 'reactivateBusiness',
  },
];

/** The platform team's screen (/user-admin-management): every shop, its activation, suspension and package. */
export function platformAdminRoutes(app: AppInstance, deps: Deps): void {
  const service = platformAdminService(deps);

  app.get(BASE, {
    config: { access },
    schema: {
      tags: ['platform'],
      operationId: 'listBusinesses',
      summary: 'Every shop (not the platform itself)',
      querystring: businessListQuerySchema,
      response: { 200: adminBusinessListResponseSchema },
    },
    handler: async (req) => {
      const { rows, meta } = await service.list(ctxOf(req), req.query);
      return { data: rows, meta };
    },
  });

  app.get(`${BASE}/:id`, {
    config: { access },
    schema: {
      tags: ['platform'],
      operationId: 'getBusiness',
      summary: 'One shop',
      params: idParamsSchema,
      response: { 200: adminBusinessSchema },
    },
    handler: (req) => service.get(ctxOf(req), req.params.id),
  });

  for (const { action, message, summary, operationId } of STATUS_ACTIONS) {
    app.post(`${BASE}/:id/${action}`, {
      config: { access },
      schema: { tags: ['platform'], operationId, summary, params: idParamsSchema, response: { 200: envelope, ...errors } },
      handler: async (req) => ({
        message: translate(langOf(req), message),
        data: await service.changeStatus(ctxOf(req), req.params.id, action),
      }),
    });
  }

  app.put(`${BASE}/:id/package`, {
    config: { access },
    schema: {
      tags: ['platform'],
      operationId: 'changeBusinessPackage',
      summary: "Change a shop's package",
      params: idParamsSchema,
      body: changePackageBodySchema,
      response: { 200: envelope, ...errors },
    },
    handler: async (req) => ({
      message: translate(langOf(req), 'messages.package_changed'),
      data: await service.changePackage(ctxOf(req), req.params.id, req.body.package),
    }),
  });
}
