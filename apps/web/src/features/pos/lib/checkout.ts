import type { SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { ApiError } from '../../../lib/api-client';
import { postSale } from '../api/pos-dialog-api';
import { pendingFor, sendPendingSale } from './pending-sale';

/**
 * Paying: the sale's body from the cart, and its sending (kept with its key until the server answers). Loaded with
 * the payment dialog (till-lazy.tsx loadPayment), not with the till's first screen.
 */

export { approveDiscount } from '../api/pos-dialog-api';
export { saleBody } from './sale-body';

/** Sends the sale until the server answers (network errors again and again, with the same key). */
export function sendSale(
  body: SaleInput,
  options: { onRetry: (attempt: number) => void; signal: { cancelled: boolean } },
): Promise<SaleDetail> {
  return sendPendingSale(pendingFor(body), {
    send: postSale,
    statusOf: (e) => (e instanceof ApiError ? e.status : null),
    ...options,
  });
}
