import { idParamsSchema } from '@posauto/shared/schemas/common';
import {
  purchaseReturnDetailSchema,
  purchaseReturnInputSchema,
  purchaseReturnListQuerySchema,
  purchaseReturnListResponseSchema,
} from '@posauto/shared/schemas/purchases';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { envelopeOf, ROUTE_ERRORS as errors, said } from '../../http/answers';
import { purchaseReturnsService } from './purchase-returns.service';

const read = { access: { permission: 'purchase-listing' as const } };
const write = { access: { permission: 'stock-purchase' as const } };
const returnEnvelope = envelopeOf(purchaseReturnDetailSchema);

/** Returns to suppliers, under the purchases' permissions (read: purchase-listing; write: stock-purchase). */
export function purchaseReturnRoutes(app: AppInstance, deps: Deps): void {
  const returns = purchaseReturnsService(deps);

  app.get('/api/v1/purchase-returns', {
    config: read,
    schema: {
      tags: ['purchases'],
      operationId: 'listPurchaseReturns',
      summary: 'Returns to suppliers, newest first',
      querystring: purchaseReturnListQuerySchema,
      response: { 200: purchaseReturnListResponseSchema, ...errors },
    },
    handler: (req) => returns.list(ctxOf(req), req.query),
  });

  app.get('/api/v1/purchase-returns/:id', {
    config: read,
    schema: {
      tags: ['purchases'],
      operationId: 'getPurchaseReturn',
      summary: 'One return to a supplier with its lines and the cost that left stock',
      params: idParamsSchema,
      response: { 200: purchaseReturnDetailSchema, ...errors },
    },
    handler: (req) => returns.get(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/purchase-returns', {
    config: write,
    schema: {
      tags: ['purchases'],
      operationId: 'createPurchaseReturn',
      summary: 'Return goods of a received purchase to its supplier (never more than received minus returned)',
      body: purchaseReturnInputSchema,
      response: { 201: returnEnvelope, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'messages.created'), data: await returns.create(ctxOf(req), req.body) }),
  });

  app.post('/api/v1/purchase-returns/:id/cancel', {
    config: write,
    schema: {
      tags: ['purchases'],
      operationId: 'cancelPurchaseReturn',
      summary: 'Cancel a return: the goods come back into stock at the cost they left at',
      params: idParamsSchema,
      response: { 200: returnEnvelope, ...errors },
    },
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await returns.cancel(ctxOf(req), req.params.id) }),
  });
}
