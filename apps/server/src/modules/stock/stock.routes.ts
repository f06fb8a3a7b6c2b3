import { z } from 'zod';
import { errorSchema, idParamsSchema } from '@posauto/shared/schemas/common';
import {
  stockAdjustmentDetailSchema,
  stockAdjustmentInputSchema,
  stockAdjustmentListQuerySchema,
  stockAdjustmentListResponseSchema,
  stockAdjustmentOptionsSchema,
  stockCountInputSchema,
  stockOnHandQuerySchema,
  stockOnHandSchema,
  stockLevelListResponseSchema,
  stockLevelQuerySchema,
  stockMovementListResponseSchema,
  stockMovementQuerySchema,
  stockTransferDetailSchema,
  stockTransferInputSchema,
  stockTransferListQuerySchema,
  stockTransferListResponseSchema,
} from '@posauto/shared/schemas/stock';
import { stockTransferOptionsSchema } from '@posauto/shared/schemas/stock-transfers';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { pickLanguage, translate } from '../../lib/i18n';
import { stockAdjustmentsService } from './stock-adjustments';
import { stockCountService } from './stock-count';
import { stockLevels, stockMovements } from './stock-levels';
import { stockTransfersService } from './stock-transfers';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const envelope = z.object({ message: z.string(), data: stockAdjustmentDetailSchema });
const transferEnvelope = z.object({ message: z.string(), data: stockTransferDetailSchema });
const countEnvelope = z.object({ message: z.string(), data: z.object({ adjustments: z.array(stockAdjustmentDetailSchema) }) });

const said = (req: { headers: { 'accept-language'?: string } }, key: string) =>
  translate(pickLanguage(req.headers['accept-language']), key);

/** Stock levels and the ledger, adjustments (and stocktakes, posted as adjustments), transfers between branches. */
export function stockRoutes(app: AppInstance, deps: Deps): void {
  levelRoutes(app, deps);
  adjustmentRoutes(app, deps);
  transferRoutes(app, deps);
}

/** On hand per branch and item, and the movements of the ledger. */
function levelRoutes(app: AppInstance, deps: Deps): void {
  app.get('/api/v1/stock', {
    config: { access: { permission: 'stock-listing' } },
    schema: {
      tags: ['stock'],
      operationId: 'listStockLevels',
      summary: 'On hand per branch and item, with its value at average cost',
      querystring: stockLevelQuerySchema,
      response: { 200: stockLevelListResponseSchema, ...errors },
    },
    handler: (req) => stockLevels(deps, ctxOf(req), req.query),
  });

  app.get('/api/v1/stock-movements', {
    config: { access: { permission: 'stock-listing' } },
    schema: {
      tags: ['stock'],
      operationId: 'listStockMovements',
      summary: 'The stock ledger: every movement, filterable by item, branch, type and period',
      querystring: stockMovementQuerySchema,
      response: { 200: stockMovementListResponseSchema, ...errors },
    },
    handler: (req) => stockMovements(deps, ctxOf(req), req.query),
  });
}

/** Stock adjustments and stocktakes. */
function adjustmentRoutes(app: AppInstance, deps: Deps): void {
  const adjustments = stockAdjustmentsService(deps);
  const counts = stockCountService(deps);

  app.get('/api/v1/stock-adjustments', {
    config: { access: { permission: 'stock-adjustment' } },
    schema: {
      tags: ['stock'],
      operationId: 'listStockAdjustments',
      summary: 'Stock adjustments, newest first',
      querystring: stockAdjustmentListQuerySchema,
      response: { 200: stockAdjustmentListResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { rows, meta } = await adjustments.list(ctxOf(req), req.query);
      return { data: rows, meta };
    },
  });

  app.get('/api/v1/stock-adjustments/options', {
    config: { access: { permission: 'stock-adjustment' } },
    schema: {
      tags: ['stock'],
      operationId: 'getStockAdjustmentOptions',
      summary: 'Branches, adjustment types and units the adjustment form offers',
      response: { 200: stockAdjustmentOptionsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => adjustments.options(ctxOf(req)),
  });

  app.get('/api/v1/stock-adjustments/:id', {
    config: { access: { permission: 'stock-adjustment' } },
    schema: {
      tags: ['stock'],
      operationId: 'getStockAdjustment',
      summary: 'One stock adjustment with its lines and the cost each moved at',
      params: idParamsSchema,
      response: { 200: stockAdjustmentDetailSchema, ...errors },
    },
    handler: (req) => adjustments.get(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/stock-adjustments', {
    config: { access: { permission: 'stock-adjustment' } },
    schema: {
      tags: ['stock'],
      operationId: 'createStockAdjustment',
      summary: 'Post a stock adjustment: its movements are written in the same transaction',
      body: stockAdjustmentInputSchema,
      response: { 201: envelope, ...errors },
    },
    handler: async (req, reply) => {
      const data = await adjustments.create(ctxOf(req), req.body);
      return reply.status(201).send({ message: said(req, 'messages.created'), data });
    },
  });

  app.get('/api/v1/stock-adjustments/on-hand', {
    config: { access: { permission: 'stock-adjustment' } },
    schema: {
      tags: ['stock'],
      operationId: 'stockOnHandForCount',
      summary: "One product's on hand at a branch, per variant: what a stocktake is counted against",
      querystring: stockOnHandQuerySchema,
      response: { 200: stockOnHandSchema, ...errors },
    },
    handler: (req) => counts.onHand(ctxOf(req), req.query),
  });

  app.post('/api/v1/stock-adjustments/count', {
    config: { access: { permission: 'stock-adjustment' } },
    schema: {
      tags: ['stock'],
      operationId: 'countStock',
      summary: 'Post a stocktake as counted quantities: the differences from on hand are posted as adjustments (found, missing)',
      body: stockCountInputSchema,
      response: { 201: countEnvelope, ...errors },
    },
    handler: async (req, reply) => {
      const posted = await counts.post(ctxOf(req), req.body);
      const message = said(req, 'messages.created');
      return reply.status(201).send({ message, data: { adjustments: posted } });
    },
  });

  app.post('/api/v1/stock-adjustments/:id/cancel', {
    config: { access: { permission: 'stock-adjustment' } },
    schema: {
      tags: ['stock'],
      operationId: 'cancelStockAdjustment',
      summary: 'Cancel a stock adjustment: reversing movements are written, the document stays marked void',
      params: idParamsSchema,
      response: { 200: envelope, ...errors },
    },
    handler: async (req) => ({
      message: said(req, 'messages.updated'),
      data: await adjustments.cancel(ctxOf(req), req.params.id),
    }),
  });
}

/** Transfers between branches: sent, edited while on their way, received, cancelled. */
function transferRoutes(app: AppInstance, deps: Deps): void {
  const transfers = stockTransfersService(deps);

  app.get('/api/v1/stock-transfers', {
    config: { access: { permission: 'stock-transfer-list' } },
    schema: {
      tags: ['stock'],
      operationId: 'listStockTransfers',
      summary: 'Transfers between branches, newest first',
      querystring: stockTransferListQuerySchema,
      response: { 200: stockTransferListResponseSchema, ...errors },
    },
    handler: (req) => transfers.list(ctxOf(req), req.query),
  });

  app.get('/api/v1/stock-transfers/options', {
    config: { access: { permission: 'stock-transfer' } },
    schema: {
      tags: ['stock'],
      operationId: 'getStockTransferOptions',
      summary: 'Branches to send from and to, and the units, that the transfer form offers',
      response: { 200: stockTransferOptionsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => transfers.options(ctxOf(req)),
  });

  app.get('/api/v1/stock-transfers/:id', {
    config: { access: { permission: 'stock-transfer-list' } },
    schema: {
      tags: ['stock'],
      operationId: 'getStockTransfer',
      summary: 'One transfer with its lines and the cost that moved',
      params: idParamsSchema,
      response: { 200: stockTransferDetailSchema, ...errors },
    },
    handler: (req) => transfers.get(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/stock-transfers', {
    config: { access: { permission: 'stock-transfer' } },
    schema: {
      tags: ['stock'],
      operationId: 'createStockTransfer',
      summary: 'Send stock to another branch (and receive it at once with receive_now)',
      body: stockTransferInputSchema,
      response: { 201: transferEnvelope, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'messages.created'), data: await transfers.create(ctxOf(req), req.body) }),
  });

  app.put('/api/v1/stock-transfers/:id', {
    config: { access: { permission: 'stock-transfer' } },
    schema: {
      tags: ['stock'],
      operationId: 'updateStockTransfer',
      summary: 'Edit a transfer still on its way: what left returns to the source and the new lines leave it',
      params: idParamsSchema,
      body: stockTransferInputSchema,
      response: { 200: transferEnvelope, ...errors },
    },
    // Another shop's transfer (or one out of a branch user's reach) is not found, whatever the body says.
    preValidation: async (req) => {
      await transfers.get(ctxOf(req), (req.params as { id: string }).id);
    },
    handler: async (req) => ({
      message: said(req, 'messages.updated'),
      data: await transfers.update(ctxOf(req), req.params.id, req.body),
    }),
  });

  app.post('/api/v1/stock-transfers/:id/receive', {
    config: { access: { permission: 'stock-transfer' } },
    schema: {
      tags: ['stock'],
      operationId: 'receiveStockTransfer',
      summary: 'Receive a transfer at its destination: the stock arrives at the cost that left the source',
      params: idParamsSchema,
      response: { 200: transferEnvelope, ...errors },
    },
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await transfers.receive(ctxOf(req), req.params.id) }),
  });

  app.post('/api/v1/stock-transfers/:id/cancel', {
    config: { access: { permission: 'stock-transfer' } },
    schema: {
      tags: ['stock'],
      operationId: 'cancelStockTransfer',
      summary: 'Cancel a transfer: its movements are reversed, the document stays marked void',
      params: idParamsSchema,
      response: { 200: transferEnvelope, ...errors },
    },
    handler: async (req) => ({ message: said(req, 'messages.updated'), data: await transfers.cancel(ctxOf(req), req.params.id) }),
  });
}
