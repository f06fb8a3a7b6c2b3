import { errorSchema } from '@posauto/shared/schemas/common';
import {
  generalSettingInputSchema,
  generalSettingResponseSchema,
  generalSettingUpdateResponseSchema,
  logoInputSchema,
} from '@posauto/shared/schemas/settings';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import type { Deps } from '../../deps';
import { pickLanguage, translate } from '../../lib/i18n';
import { getGeneralSetting, setLogo, updateGeneralSetting } from './settings.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

export function settingsRoutes(app: AppInstance, deps: Deps): void {
  // Every signed-in user needs these (currency, exchange rate, VAT, their branch, receipt texts) to work at all.
  app.get('/api/v1/general_setting', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['settings'],
      operationId: 'getGeneralSetting',
      summary: 'The shop settings and the caller branch',
      response: { 200: generalSettingResponseSchema, 401: errorSchema },
    },
    handler: (req) => getGeneralSetting(deps, ctxOf(req)),
  });

  app.put('/api/v1/general_setting', {
    config: { access: { permission: 'general-setting', shopLevel: true } },
    schema: {
      tags: ['settings'],
      operationId: 'updateGeneralSetting',
      summary: 'Save the shop settings',
      body: generalSettingInputSchema,
      response: { 200: generalSettingUpdateResponseSchema, ...errors },
    },
    handler: async (req) => ({
      message: translate(pickLanguage(req.headers['accept-language']), 'messages.updated'),
      data: await updateGeneralSetting(deps, ctxOf(req), req.body),
    }),
  });

  // The logo is uploaded first (POST /api/v1/media/images: checked, resized, stored); this saves its key on the shop.
  app.put('/api/v1/general_setting/logo', {
    config: { access: { permission: 'general-setting', shopLevel: true } },
    schema: {
      tags: ['settings'],
      operationId: 'setShopLogo',
      summary: 'Set (an uploaded image key) or remove (null) the shop logo',
      body: logoInputSchema,
      response: { 200: generalSettingUpdateResponseSchema, ...errors },
    },
    handler: async (req) => ({
      message: translate(
        pickLanguage(req.headers['accept-language']),
        req.body.key ? 'general_setting.logo_saved' : 'general_setting.logo_removed',
      ),
      data: await setLogo(deps, ctxOf(req), req.body.key, req.log),
    }),
  });
}
