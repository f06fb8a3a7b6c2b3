import { errorSchema } from '@posauto/shared/schemas/common';
import { generalSettingResponseSchema } from '@posauto/shared/schemas/settings';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import type { Deps } from '../../deps';
import { getGeneralSetting } from './settings.service';

export function settingsRoutes(app: AppInstance, deps: Deps): void {
  // Every signed-in user needs these (currency, exchange rate, their branch) to work at all.
  app.get('/api/v1/general_setting', {
    config: { access: { signedIn: true } },
    schema: { tags: ['settings'], summary: 'The shop settings and the caller branch', response: { 200: generalSettingResponseSchema, 401: errorSchema } },
    handler: (req) => getGeneralSetting(deps, ctxOf(req)),
  });
}
