import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseFailure } from '../db/dialect/failures';
import { isLimitMessage } from '@posauto/shared/money/index';
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

const issueKey = (issue: Issue) => issue.params?.issue?.message ?? issue.message ?? 'validation.invalid';

/** Per-field messages from zod issues: the first issue of each field wins. */
function fieldErrorsFrom(issues: Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.map(String).join('.') || '_';
    const key = issueKey(issue);
    out[field] ??= key.includes('.') && !key.includes(' ') ? key : 'validation.invalid';
  }
  return out;
}

/**
 * A request whose only faults are numbers past their documented limits (NUMBER_LIMITS) is well formed: a rule refuses
 * it, 422, with the limit's own message when one field is at fault. Any other fault makes it a wrong shape, 400.
 */
function validationAnswer(issues: Issue[]): [number, string, Record<string, string>] {
  const fields = fieldErrorsFrom(issues);
  if (!issues.length || !issues.every((i) => isLimitMessage(issueKey(i)))) return [400, 'errors.invalid_input', fields];
  const keys = Object.values(fields);
  return [422, keys.length === 1 ? keys[0]! : 'errors.invalid_input', fields];
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

/** Fastify's codes for a body it could not read: broken JSON, an empty JSON body, a wrong content length. */
const MALFORMED_BODY_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);
/** Multipart errors of @fastify/multipart with a code, and busboy's, which have no status (they would read as 500). */
const MALFORMED_MULTIPART_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR']);
const BUSBOY_MESSAGE =
  /^(Unexpected end of (multipart data|form|file)|Malformed|Multipart: Boundary not found|Unsupported Content-Type)|terminated early/;

/** Seconds a client is asked to wait: a restart, a lock or a busy pool pass in moments; freeing disk takes a person. */
const UNAVAILABLE_RETRY_AFTER_S = '2';
const DISK_FULL_RETRY_AFTER_S = '30';

type AnyError = Partial<FastifyError> & { name?: string; message?: string; code?: string };

/** True for a request body that cannot be read: bad JSON, or a multipart body that is cut short or framed wrong. */
function isMalformedBody(error: AnyError, contentType: string | undefined): boolean {
  if (error.code && (MALFORMED_BODY_CODES.has(error.code) || MALFORMED_MULTIPART_CODES.has(error.code))) return true;
  if (error.statusCode === 400 && error instanceof SyntaxError) return true;
  const multipart = /^multipart\//i.test(contentType ?? '');
  return multipart && error.statusCode === undefined && BUSBOY_MESSAGE.test(error.message ?? '');
}

/** The answer to a failure that is not an AppError: [status, message key], or null for an unexpected (500) one. */
function classify(error: AnyError, contentType: string | undefined): [number, string] | null {
  if (isMalformedBody(error, contentType)) return [400, 'errors.malformed_body'];
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) return [413, 'errors.too_large'];
  if (status === 414) return [414, 'errors.url_too_long'];
  if (status === 415) return [415, 'errors.unsupported_media_type'];
  if (status === 429) return [429, 'errors.too_many_attempts'];
  if (status === 404) return [404, 'errors.not_found'];
  if (status >= 400 && status < 500) return [400, 'errors.invalid_input'];
  return null;
}

/** Sends {message, errors?} translated into the caller's language (Accept-Language). */
function sendTranslated(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: string,
  fields?: Record<string, string>,
  vars?: Record<string, string | number>,
) {
  const lang = pickLanguage(request.headers['accept-language']);
  const t = (k: string, v?: Record<string, string | number>) => translate(lang, k, v);
  // A field's message may name the same values as the whole answer's (what a drawer holds).
  const errors = fields ? Object.fromEntries(Object.entries(fields).map(([f, k]) => [f, t(k, vars)])) : undefined;
  return reply
    .status(status)
    .type('application/json')
    .send(JSON.stringify(errors ? { message: t(key, vars), errors } : { message: t(key, vars) }));
}

/**
 * Fastify's `frameworkErrors`: failures found while routing, before any hook or error handler runs (a path with
 * invalid percent-encoding, a path parameter over maxParamLength). Answered in the API's shape and language.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, key] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'errors.url_too_long']
      : (classify(error, undefined) ?? [400, 'errors.invalid_input']);
  void sendTranslated(request, reply, status, key);
}

export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold U+0000: refuse it as invalid input up front instead of failing with a 500.
  // A callback hook, not an async one: it runs on every request, and finds nothing on nearly all of them.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field) return done(invalid({ [field]: 'validation.invalid' }));
    }
    done();
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const send = (status: number, key: string, fields?: Record<string, string>, vars?: Record<string, string | number>) =>
      sendTranslated(request, reply, status, key, fields, vars);

    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(error.statusCode, error.messageKey, error.fieldErrors, error.vars);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [status, key, fields] = validationAnswer(error.validation as unknown as Issue[]);
      return send(status, key, fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, route: request.routeOptions.url }, 'response did not match its schema');
      return send(500, 'errors.internal');
    }
    const failure = databaseFailure(error);
    if (failure) {
      // The real cause, once per failed request; the caller may try again (the till does, with its key).
      const full = failure === 'disk_full';
      request.log[full ? 'error' : 'warn']({ err: error }, full ? 'database disk full' : 'database unavailable');
      reply.header('retry-after', full ? DISK_FULL_RETRY_AFTER_S : UNAVAILABLE_RETRY_AFTER_S);
      return send(full ? 507 : 503, full ? 'errors.disk_full' : 'errors.database_unavailable');
    }
    const known = classify(error, request.headers['content-type']);
    if (known) {
      const [status, key] = known;
      return send(status, key, undefined, status === 429 ? { minutes: 60 } : undefined);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, 'errors.internal');
  });
}
