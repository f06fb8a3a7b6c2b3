import { z } from 'zod';
import { errorSchema } from '@posauto/shared/schemas/common';
import { pickLanguage, translate } from '../lib/i18n';

// What the hand-written routes of a document (a purchase, an expense, a till session) answer, said once.

/** The error answers such a route declares: one shape, the status says why (see http/errors.ts). */
export const ROUTE_ERRORS = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** A write's answer: a translated message and the record as it now is. */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** A message key in the caller's language (Accept-Language, Khmer by default), for the `message` of a write's answer. */
export const said = (req: { headers: { 'accept-language'?: string | undefined } }, key: string) =>
  translate(pickLanguage(req.headers['accept-language']), key);
