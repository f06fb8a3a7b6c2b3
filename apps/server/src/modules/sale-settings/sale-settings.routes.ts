import { z } from 'zod';
import { errorSchema } from '@posauto/shared/schemas/common';
import {
  customerOptionSchema,
  customerOptionsQuerySchema,
  saleSettingsInputSchema,
  saleSettingsSchema,
} from '@posauto/shared/schemas/shop-settings';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { pickLanguage, translate } from '../../lib/i18n';
import { customersService } from '../customers/index';
import { saleSettingsService } from './sale-settings.service';

/** A default customer or payment method that is not the shop's; 400, 401 and 403 are added by http/openapi.ts. */
const errors = { 422: errorSchema };

export function saleSettingsRoutes(app: AppInstance, deps: Deps): void {
  const service = saleSettingsService(deps);
  const customers = customersService(deps);

  app.get('/api/v1/sale-settings', {
    config: { access: { permission: 'sale-setting', shopLevel: true } },
    schema: {
      tags: ['sale settings'],
      operationId: 'getSaleSettings',
      summary: 'The sale defaults and receipt options',
      response: { 200: saleSettingsSchema },
    },
    handler: (req) => service.get(ctxOf(req)),
  });

  app.put('/api/v1/sale-settings', {
    config: { access: { permission: 'sale-setting', shopLevel: true } },
    schema: {
      tags: ['sale settings'],
      operationId: 'updateSaleSettings',
      summary: 'Save the sale defaults and receipt options',
      body: saleSettingsInputSchema,
      response: { 200: z.object({ message: z.string(), data: saleSettingsSchema }), ...errors },
    },
    handler: async (req) => ({
      message: translate(pickLanguage(req.headers['accept-language']), 'messages.updated'),
      data: await service.update(ctxOf(req), req.body),
    }),
  });

  // The default customer select: the sale settings screen may be open to people who do not manage customers.
  app.get('/api/v1/sale-settings/customer-options', {
    config: { access: { permission: 'sale-setting', shopLevel: true } },
    schema: {
      tags: ['sale settings'],
      operationId: 'listSaleCustomerOptions',
      summary: 'Up to 20 active customers matching a name, phone or Member ID',
      querystring: customerOptionsQuerySchema,
      response: { 200: z.array(customerOptionSchema) },
    },
    handler: (req) => customers.options(ctxOf(req), req.query.search),
  });
}
