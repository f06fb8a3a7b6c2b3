import { z } from 'zod';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '@posauto/shared/schemas/sales';
import { invalid, unprocessable } from './errors';

/** The Idempotency-Key header of a change that is applied once (a table's order, a room's stay). */
export const keyHeader = (required: boolean) =>
  z.looseObject({
    [IDEMPOTENCY_HEADER]: (required ? idempotencyKeySchema : idempotencyKeySchema.optional()).describe(
      'A UUID made by the client for this change, resent unchanged on every retry: the change is applied once',
    ),
  });

/** The request's Idempotency-Key in lower case (RFC 9562 text is read in either case), or null. */
export function keyOf(req: { headers: Record<string, unknown> }, required: boolean): string | null {
  const h = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(h) ? h[0] : h;
  if (typeof key !== 'string' || !key) {
    if (required) throw unprocessable('sales.errors.idempotency_key_required', 'idempotency-key');
    return null;
  }
  if (!idempotencyKeySchema.safeParse(key).success) throw invalid({ 'idempotency-key': 'sales.errors.idempotency_key_invalid' });
  return key.toLowerCase();
}
