import { loginBodySchema, meResponseSchema, userDataSchema } from '@posauto/shared/schemas/auth';
import { errorSchema, okSchema } from '@posauto/shared/schemas/common';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { errorAnswerOf } from '../../http/openapi';
import { pickLanguage, translate } from '../../lib/i18n';
import type { Deps } from '../../deps';
import * as service from './auth.service';

export function authRoutes(app: AppInstance, deps: Deps): void {
  app.post('/api/v1/login', {
    config: { access: { public: true } },
    schema: {
      tags: ['auth'],
      operationId: 'login',
      summary: 'Sign in with email and password',
      body: loginBodySchema,
      response: {
        200: userDataSchema,
        401: errorAnswerOf('Wrong email or password'),
        403: errorAnswerOf('The user is disabled, or their shop is not active (waiting for activation or suspended)'),
        429: errorSchema,
      },
    },
    handler: (req) => service.login(deps, req.body, { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null }),
  });

  app.post('/api/v1/logout', {
    config: { access: { signedIn: true } },
    schema: { tags: ['auth'], operationId: 'logout', summary: 'End the current session', response: { 200: okSchema, 401: errorSchema } },
    handler: async (req) => {
      await service.logout(deps, ctxOf(req));
      return { message: translate(pickLanguage(req.headers['accept-language']), 'messages.logged_out') };
    },
  });

  app.get('/api/v1/me', {
    config: { access: { signedIn: true } },
    schema: { tags: ['auth'], operationId: 'getMe', summary: 'The signed-in user', response: { 200: meResponseSchema, 401: errorSchema } },
    handler: (req) => service.me(deps, ctxOf(req)),
  });
}
