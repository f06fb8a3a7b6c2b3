import { errorSchema } from '@posauto/shared/schemas/common';
import { setupStatusSchema } from '@posauto/shared/schemas/setup';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { dismissSetup, getSetupStatus } from './setup-status.service';

/**
 * The dashboard's setup checklist. Shop-level, for whoever keeps the shop's settings (general-setting: the owner,
 * a manager): a branch user has nothing of it to do.
 */
const access = { permission: 'general-setting', shopLevel: true } as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

export function setupStatusRoutes(app: AppInstance, deps: Deps): void {
  app.get('/api/v1/setup-status', {
    config: { access },
    schema: {
      tags: ['shell'],
      operationId: 'getSetupStatus',
      summary:
        "The new shop's setup steps (rate and VAT confirmed, payment methods, products, a cashier, the till opened), each done or not",
      response: { 200: setupStatusSchema, ...errors },
    },
    handler: (req) => getSetupStatus(deps, ctxOf(req)),
  });

  app.post('/api/v1/setup-status/dismiss', {
    config: { access },
    schema: {
      tags: ['shell'],
      operationId: 'dismissSetup',
      summary: 'Hide the setup checklist for the whole shop',
      response: { 200: setupStatusSchema, ...errors },
    },
    handler: (req) => dismissSetup(deps, ctxOf(req)),
  });
}
