import { z } from 'zod';
import { changePasswordBodySchema, profileSchema, profileUpdateSchema } from '@posauto/shared/schemas/accounts';
import { errorSchema, okSchema } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { pickLanguage, translate } from '../../lib/i18n';
import { profileService } from './profile.service';

const profileEnvelope = z.object({ message: z.string(), data: profileSchema });

export function profileRoutes(app: AppInstance, deps: Deps): void {
  const service = profileService(deps);
  const t = (headers: { 'accept-language'?: string | undefined }, key: string) => translate(pickLanguage(headers['accept-language']), key);

  app.get('/api/v1/profile', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['profile'],
      operationId: 'getProfile',
      summary: 'The signed-in user’s profile',
      response: { 200: profileSchema, 401: errorSchema, 404: errorSchema },
    },
    handler: (req) => service.get(ctxOf(req)),
  });

  app.put('/api/v1/profile', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['profile'],
      operationId: 'updateProfile',
      summary: 'Update one’s own name, phone and gender',
      body: profileUpdateSchema,
      response: { 200: profileEnvelope, 400: errorSchema, 401: errorSchema },
    },
    handler: async (req) => ({ message: t(req.headers, 'messages.profile_updated'), data: await service.update(ctxOf(req), req.body) }),
  });

  app.post('/api/v1/change-password', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['profile'],
      operationId: 'changePassword',
      summary: 'Change one’s own password; ends every other session',
      body: changePasswordBodySchema,
      response: { 200: okSchema, 400: errorSchema, 401: errorSchema, 422: errorSchema, 429: errorSchema },
    },
    handler: async (req) => {
      await service.changePassword(ctxOf(req), req.body);
      return { message: t(req.headers, 'messages.password_changed') };
    },
  });
}
