import { z } from 'zod';
import { errorSchema, idParamsSchema, idSchema } from '@posauto/shared/schemas/common';
import {
  purchaseDetailSchema,
  purchaseInputSchema,
  purchaseListQuerySchema,
  purchaseListResponseSchema,
  purchaseOptionsSchema,
  purchasePaymentInputSchema,
  supplierBalanceSchema,
  supplierBalanceQuerySchema,
} from '@posauto/shared/schemas/purchases';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { rowMustExist } from '../../http/crud';
import { envelopeOf, ROUTE_ERRORS, said } from '../../http/answers';
import { purchaseReturnRoutes } from './purchase-returns.routes';
import { purchasesService } from './purchases.service';

const errors = ROUTE_ERRORS;
const envelope = envelopeOf(purchaseDetailSchema);
const read = { access: { permission: 'purchase-listing' as const } };
const write = { access: { permission: 'stock-purchase' as const } };

/** Purchases (read: purchase-listing; write: stock-purchase) and purchase returns (purchase-returns.routes.ts). */
export function purchaseRoutes(app: AppInstance, deps: Deps): void {
  const purchases = purchasesService(deps);

  app.get('/api/v1/purchases', {
    config: read,
    schema: {
      tags: ['purchases'],
      operationId: 'listPurchases',
      summary: 'Purchases, newest first, filtered by supplier, branch, status, payment status and period',
      querystring: purchaseListQuerySchema,
      response: { 200: purchaseListResponseSchema, ...errors },
    },
    handler: (req) => purchases.list(ctxOf(req), req.query),
  });

  app.get('/api/v1/purchases/options', {
    config: { access: { anyOf: ['purchase-listing', 'stock-purchase'] } },
    schema: {
      tags: ['purchases'],
      operationId: 'getPurchaseOptions',
      summary: 'Suppliers, branches, payment methods and units the purchase and return forms offer',
      response: { 200: purchaseOptionsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => purchases.options(ctxOf(req)),
  });

  app.get('/api/v1/purchases/supplier-balance', {
    config: read,
    schema: {
      tags: ['purchases'],
      operationId: 'getSupplierBalance',
      summary: 'What the shop owes one supplier over all its purchases that are not void',
      querystring: supplierBalanceQuerySchema,
      response: { 200: supplierBalanceSchema, ...errors },
    },
    handler: (req) => purchases.supplierBalance(ctxOf(req), req.query.supplier_id),
  });

  app.get('/api/v1/purchases/:id', {
    config: read,
    schema: {
      tags: ['purchases'],
      operationId: 'getPurchase',
      summary: 'One purchase with its lines, payments and the supplier balance due',
      params: idParamsSchema,
      response: { 200: purchaseDetailSchema, ...errors },
    },
    handler: (req) => purchases.get(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/purchases', {
    config: write,
    schema: {
      tags: ['purchases'],
      operationId: 'createPurchase',
      summary: 'Create a purchase; when received, its stock movements are written in the same transaction',
      body: purchaseInputSchema,
      response: { 201: envelope, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'messages.created'), data: await purchases.create(ctxOf(req), req.body) }),
  });

  app.put('/api/v1/purchases/:id', {
    config: write,
    schema: {
      tags: ['purchases'],
      operationId: 'updatePurchase',
      summary: 'Edit a purchase; a received one is corrected by reversing and reposting its movements',
      params: idParamsSchema,
      body: purchaseInputSchema,
      response: { 200: envelope, ...errors },
    },
    // Another shop's purchase (or one out of a branch user's reach) is not found, whatever the body says.
    preValidation: rowMustExist((ctx, id) => purchases.get(ctx, id)),
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await purchases.update(ctxOf(req), req.params.id, req.body) }),
  });

  app.post('/api/v1/purchases/:id/receive', {
    config: write,
    schema: {
      tags: ['purchases'],
      operationId: 'receivePurchase',
      summary: 'Receive a pending or ordered purchase: its lines go into stock at their landed cost',
      params: idParamsSchema,
      response: { 200: envelope, ...errors },
    },
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await purchases.receive(ctxOf(req), req.params.id) }),
  });

  app.post('/api/v1/purchases/:id/cancel', {
    config: write,
    schema: {
      tags: ['purchases'],
      operationId: 'cancelPurchase',
      summary: 'Cancel a purchase: what it received leaves stock again, the purchase stays marked void',
      params: idParamsSchema,
      response: { 200: envelope, ...errors },
    },
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await purchases.cancel(ctxOf(req), req.params.id) }),
  });

  app.post('/api/v1/purchases/:id/payments', {
    config: write,
    schema: {
      tags: ['purchases'],
      operationId: 'addPurchasePayment',
      summary: 'Record a payment to the supplier for this purchase (never more than the balance due)',
      params: idParamsSchema,
      body: purchasePaymentInputSchema,
      response: { 201: envelope, ...errors },
    },
    // Another shop's purchase (or one out of a branch user's reach) is not found, whatever the body says.
    preValidation: rowMustExist((ctx, id) => purchases.get(ctx, id)),
    handler: async (req, reply) =>
      reply
        .status(201)
        .send({ message: said(req, 'messages.created'), data: await purchases.addPayment(ctxOf(req), req.params.id, req.body) }),
  });

  app.delete('/api/v1/purchases/:id/payments/:paymentId', {
    config: write,
    schema: {
      tags: ['purchases'],
      operationId: 'deletePurchasePayment',
      summary: 'Delete a payment of this purchase; its payment status follows',
      params: z.object({ id: idSchema, paymentId: idSchema }),
      response: { 200: envelope, ...errors },
    },
    preValidation: rowMustExist((ctx, id) => purchases.get(ctx, id)),
    handler: async (req) => ({
      message: said(req, 'messages.deleted'),
      data: await purchases.deletePayment(ctxOf(req), req.params.id, req.params.paymentId),
    }),
  });
  purchaseReturnRoutes(app, deps);
}
