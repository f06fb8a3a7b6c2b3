import { errorSchema, idParamsSchema } from '@posauto/shared/schemas/common';
import { tillListSchema, tillRegisterInputSchema, tillSchema } from '@posauto/shared/schemas/tills';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { tillsService } from './tills.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
/** The till's own routes: a cashier holds sale-pos alone. */
const access = { access: { permission: 'sale-pos' as const } };

/** A till registers while online, and reads itself back (its code and the highest number the server holds). */
export function tillRoutes(app: AppInstance, deps: Deps): void {
  const tills = tillsService(deps);

  app.get('/api/v1/pos/tills', {
    config: access,
    schema: {
      tags: ['pos'],
      operationId: 'listTills',
      summary: 'The tills of the shop (a branch user: of its branch), each with its code and highest number',
      response: { 200: tillListSchema, ...errors },
    },
    handler: (req) => tills.list(ctxOf(req)),
  });

  app.post('/api/v1/pos/tills', {
    config: access,
    schema: {
      tags: ['pos'],
      operationId: 'registerTill',
      summary: 'Register this device as a till of the branch: its code prefixes the receipt numbers it gives offline',
      body: tillRegisterInputSchema,
      response: { 201: tillSchema, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await tills.register(ctxOf(req), req.body)),
  });

  app.get('/api/v1/pos/tills/:id', {
    config: access,
    schema: {
      tags: ['pos'],
      operationId: 'getTill',
      summary: 'A till of the shop: its code and the highest of its numbers the server holds',
      params: idParamsSchema,
      response: { 200: tillSchema, ...errors },
    },
    handler: (req) => tills.get(ctxOf(req), req.params.id),
  });
}
