import { errorSchema } from '@posauto/shared/schemas/common';
import { dashboardQuerySchema, dashboardResponseSchema } from '@posauto/shared/schemas/shell';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import type { Deps } from '../../deps';
import { getDashboard } from './dashboard.service';

export function dashboardRoutes(app: AppInstance, deps: Deps): void {
  // The dashboard is everyone's home page (spec: it needs no permission).
  app.get('/api/v1/dashboard', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['shell'],
      operationId: 'getDashboard',
      summary:
        "Today's, the last 30 days' and this year's monthly and weekly sales and profit; top products, today's sales by hour, low stock",
      querystring: dashboardQuerySchema,
      response: { 200: dashboardResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
    handler: (req) => getDashboard(deps, ctxOf(req), req.query),
  });
}
