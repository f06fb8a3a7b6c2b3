import { errorSchema } from '@posauto/shared/schemas/common';
import {
  stockExpiryQuerySchema,
  stockExpiryResponseSchema,
  stockReportQuerySchema,
  stockReportResponseSchema,
} from '@posauto/shared/schemas/stock-report';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { stockExpiry, stockReport } from './stock-report';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The stock screens' reports: expiry batches and the per-item period report. (The stock filter, "which branches hold
 * this item", is GET /api/v1/stock?product_id=….)
 */
export function stockReportRoutes(app: AppInstance, deps: Deps): void {
  app.get('/api/v1/stock-expiry', {
    config: { access: { permission: 'stock-listing' } },
    schema: {
      tags: ['stock'],
      operationId: 'listStockExpiry',
      summary: 'Expiry batches with stock left: expiring within N days of the shop’s today, expired, or both',
      querystring: stockExpiryQuerySchema,
      response: { 200: stockExpiryResponseSchema, ...errors },
    },
    handler: (req) => stockExpiry(deps, ctxOf(req), req.query),
  });

  // The report screen's own permission (stock-report, in the reports menu) or the stock screens' one.
  app.get('/api/v1/stock-report', {
    config: { access: { anyOf: ['stock-report', 'stock-listing'] } },
    schema: {
      tags: ['stock'],
      operationId: 'getStockReport',
      summary: 'Per item and period: opening, each movement type, closing; with product_id, the item’s movements too',
      querystring: stockReportQuerySchema,
      response: { 200: stockReportResponseSchema, ...errors },
    },
    handler: (req) => stockReport(deps, ctxOf(req), req.query),
  });
}
