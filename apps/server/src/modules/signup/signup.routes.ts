import type { FastifyRequest } from 'fastify';
import {
  otpResendBodySchema,
  otpVerifyBodySchema,
  otpVerifyResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  shopInfoBodySchema,
  shopInfoResponseSchema,
} from '@posauto/shared/schemas/accounts';
import { errorSchema, okSchema } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { pickLanguage, translate } from '../../lib/i18n';
import type { MailContext } from '../email-codes/index';
import * as service from './signup.service';

const errors = { 400: errorSchema, 409: errorSchema, 413: errorSchema, 429: errorSchema, 503: errorSchema };
const langOf = (req: FastifyRequest) => pickLanguage(req.headers['accept-language']);
const mailContext = (req: FastifyRequest): MailContext => ({ ip: req.ip ?? null, lang: langOf(req), log: req.log });

/** Sign-up, steps 1 to 3 (step 4 is the web's "awaiting activation" page). All public. */
export function signupRoutes(app: AppInstance, deps: Deps): void {
  app.post('/api/v1/register', {
    config: { access: { public: true } },
    schema: {
      tags: ['sign-up'],
      operationId: 'register',
      summary: 'Step 1: create the account and email a 6-digit code',
      body: registerBodySchema,
      response: { 200: registerResponseSchema, ...errors },
    },
    handler: async (req) => {
      await service.register(deps, req.body, mailContext(req));
      return { message: translate(langOf(req), 'messages.code_sent', { email: req.body.email }), email: req.body.email };
    },
  });

  app.post('/api/v1/otp-verify', {
    config: { access: { public: true } },
    schema: {
      tags: ['sign-up'],
      operationId: 'verifyOtp',
      summary: 'Step 2: check the emailed code; answers the registration token',
      body: otpVerifyBodySchema,
      response: { 200: otpVerifyResponseSchema, ...errors },
    },
    handler: async (req) => ({
      message: translate(langOf(req), 'messages.email_verified'),
      ...(await service.verifyEmail(deps, req.body)),
    }),
  });

  app.post('/api/v1/otp-resend', {
    config: { access: { public: true } },
    schema: {
      tags: ['sign-up'],
      operationId: 'resendOtp',
      summary: 'Send a new code (sign-up or password reset); the old one stops working',
      body: otpResendBodySchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (req) => {
      await service.resendCode(deps, req.body, mailContext(req));
      return { message: translate(langOf(req), 'messages.code_resent') };
    },
  });

  app.post('/api/v1/registration', {
    config: { access: { public: true } },
    // The logo travels as a data: URL of up to 1 MB, about 1.4 MB once base64-encoded.
    bodyLimit: 2 * 1024 * 1024,
    schema: {
      tags: ['sign-up'],
      operationId: 'completeRegistration',
      summary: 'Step 3: shop info; creates the shop, waiting for activation',
      body: shopInfoBodySchema,
      response: { 201: shopInfoResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      const result = await service.completeRegistration(deps, req.body, { ip: req.ip ?? null, lang: langOf(req) });
      return reply.status(201).send({ message: translate(langOf(req), 'messages.registration_submitted'), ...result });
    },
  });
}
