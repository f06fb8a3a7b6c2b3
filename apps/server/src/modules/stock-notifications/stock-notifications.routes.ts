import { errorSchema } from '@posauto/shared/schemas/common';
import {
  markAllReadBodySchema,
  markAllReadResponseSchema,
  stockNotificationListQuerySchema,
  stockNotificationListResponseSchema,
  stockNotificationQuerySchema,
  stockNotificationResponseSchema,
} from '@posauto/shared/schemas/shell';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { pickLanguage, translate } from '../../lib/i18n';
import type { Deps } from '../../deps';
import { stockNotificationsService } from './stock-notifications.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export function stockNotificationRoutes(app: AppInstance, deps: Deps): void {
  const service = stockNotificationsService(deps);
  const access = { permission: 'stock-management' } as const;

  app.get('/api/v1/get_stock_notification', {
    config: { access },
    schema: {
      tags: ['stock notifications'],
      operationId: 'getLatestStockNotifications',
      summary: "The newest stock notifications of a branch (the top bar's bell)",
      querystring: stockNotificationQuerySchema,
      response: { 200: stockNotificationResponseSchema, ...errors },
    },
    handler: (req) => service.latest(ctxOf(req), req.query.branch_id),
  });

  app.post('/api/v1/mark_all_read_stock_notification', {
    config: { access },
    schema: {
      tags: ['stock notifications'],
      operationId: 'markAllStockNotificationsRead',
      summary: 'Mark every unread stock notification of a branch read',
      body: markAllReadBodySchema,
      response: { 200: markAllReadResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { updated } = await service.markAllRead(ctxOf(req), req.body.branch_id);
      return { message: translate(pickLanguage(req.headers['accept-language']), 'stock_notification.marked_all_read'), updated };
    },
  });

  app.get('/api/v1/stock_notifications', {
    config: { access },
    schema: {
      tags: ['stock notifications'],
      operationId: 'listStockNotifications',
      summary: 'Stock notifications, paged, searched and sorted (the see-all screen)',
      querystring: stockNotificationListQuerySchema,
      response: { 200: stockNotificationListResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { rows, meta } = await service.list(ctxOf(req), req.query);
      return { data: rows, meta };
    },
  });
}
