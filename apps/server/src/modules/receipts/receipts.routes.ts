import { receiptProfileSchema, saleScreenOptionsSchema } from '@posauto/shared/schemas/receipts';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { receiptsService } from './receipts.service';

/** Whoever may show or print a sale may print its receipt (the till, the sale lists, invoices, quotations, returns). */
const PRINTERS = ['sale-pos', 'sale-list', 'sale-management', 'sale-invoice', 'sale-quotation', 'sale-return'] as const;

/** Routes of this module (issue 12). */
export function receiptRoutes(app: AppInstance, deps: Deps): void {
  const service = receiptsService(deps);

  app.get('/api/v1/receipt-profile', {
    config: { access: { anyOf: [...PRINTERS] } },
    schema: {
      tags: ['receipts'],
      operationId: 'getReceiptProfile',
      summary: 'What a receipt prints besides the sale: shop, logo, VATIN, footer, receipt options and branches',
      response: { 200: receiptProfileSchema },
    },
    handler: (req) => service.profile(ctxOf(req)),
  });

  app.get('/api/v1/sale-screen-options', {
    config: { access: { anyOf: [...PRINTERS] } },
    schema: {
      tags: ['receipts'],
      operationId: 'getSaleScreenOptions',
      summary: 'Branches, staff who recorded sales and active payment methods, for the sale screens and their filters',
      response: { 200: saleScreenOptionsSchema },
    },
    handler: (req) => service.screenOptions(ctxOf(req)),
  });
}
