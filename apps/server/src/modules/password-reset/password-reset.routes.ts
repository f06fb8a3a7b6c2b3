import type { FastifyRequest } from 'fastify';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from '@posauto/shared/schemas/accounts';
import { errorSchema, okSchema } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { pickLanguage, translate } from '../../lib/i18n';
import * as service from './password-reset.service';

const errors = { 400: errorSchema, 429: errorSchema };
const langOf = (req: FastifyRequest) => pickLanguage(req.headers['accept-language']);

export function passwordResetRoutes(app: AppInstance, deps: Deps): void {
  app.post('/api/v1/forgot-password', {
    config: { access: { public: true } },
    schema: {
      tags: ['auth'],
      operationId: 'forgotPassword',
      summary: 'Email a code to reset the password (same answer for every email)',
      body: forgotPasswordBodySchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (req) => {
      await service.forgotPassword(deps, req.body, { ip: req.ip ?? null, lang: langOf(req), log: req.log });
      return { message: translate(langOf(req), 'messages.reset_code_sent') };
    },
  });

  app.post('/api/v1/reset-password', {
    config: { access: { public: true } },
    schema: {
      tags: ['auth'],
      operationId: 'resetPassword',
      summary: 'Set a new password with the emailed code; ends every session of the user',
      body: resetPasswordBodySchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (req) => {
      await service.resetPassword(deps, req.body, { ip: req.ip ?? null });
      return { message: translate(langOf(req), 'messages.password_reset') };
    },
  });
}
