import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { pickLanguage, translate } from '../lib/i18n';

/** An expected failure with an HTTP status, a message key and optional per-field message keys. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly fieldErrors?: Record<string, string>,
    readonly vars?: Record<string, string | number>,
    readonly headers?: Record<string, string>,
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, 'errors.not_found');
export const forbidden = () => new AppError(403, 'errors.forbidden');
export const unauthorized = () => new AppError(401, 'errors.unauthorized');
export const conflict = (key: string, field?: string) => new AppError(409, key, field ? { [field]: key } : undefined);
export const invalid = (fieldErrors: Record<string, string>) => new AppError(400, 'errors.invalid_input', fieldErrors);
export const unprocessable = (key: string, field?: string) => new AppError(422, key, field ? { [field]: key } : undefined);

type Issue = { instancePath?: string; params?: { issue?: { path?: PropertyKey[]; message?: string } }; message?: string };

/** Per-field messages from zod issues: the first issue of each field wins. */
function fieldErrorsFrom(issues: Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.map(String).join('.') || '_';
    const key = issue.params?.issue?.message ?? issue.message ?? 'validation.invalid';
    out[field] ??= key.includes('.') && !key.includes(' ') ? key : 'validation.invalid';
  }
  return out;
}

/** The path of the first string (or key) holding U+0000, walked without recursion so deep JSON cannot overflow. */
function nulPath(root: unknown): string | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '_';
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const p = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return p;
        stack.push([v, p]);
      }
    }
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold U+0000: refuse it as invalid input up front instead of failing with a 500.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field) throw invalid({ [field]: 'validation.invalid' });
    }
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
    const send = (status: number, key: string, fields?: Record<string, string>, vars?: Record<string, string | number>) => {
      const errors = fields ? Object.fromEntries(Object.entries(fields).map(([f, k]) => [f, t(k)])) : undefined;
      return reply
        .status(status)
        .type('application/json')
        .send(JSON.stringify(errors ? { message: t(key, vars), errors } : { message: t(key, vars) }));
    };

    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(error.statusCode, error.messageKey, error.fieldErrors, error.vars);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(400, 'errors.invalid_input', fieldErrorsFrom(error.validation as unknown as Issue[]));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, route: request.routeOptions.url }, 'response did not match its schema');
      return send(500, 'errors.internal');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return send(413, 'errors.too_large');
    if (status === 429) return send(429, 'errors.too_many_attempts', undefined, { minutes: 60 });
    if (status >= 400 && status < 500)
      return send(status === 404 ? 404 : 400, status === 404 ? 'errors.not_found' : 'errors.invalid_input');
    request.log.error({ err: error }, 'unhandled error');
    return send(500, 'errors.internal');
  });
}
