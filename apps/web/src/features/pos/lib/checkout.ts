import type { SaleDetail, SaleInput } from '@posauto/shared/schemas/sales';
import { ApiError } from '../../../lib/api-client';
import { postSale } from '../api/pos-dialog-api';
import { canCompleteAtTill, completeAtTill, fromServer, OutboxUnavailable, type DoneSale, type TillSale } from './complete-sale';
import { startOutboxSender } from './outbox-sender';
import { pendingFor, sendPendingSale } from './pending-sale';

/**
 * Paying: the sale's body from the cart, and its sending. Loaded with the payment dialog (till-lazy.tsx loadPayment),
 * not with the till's first screen.
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

/**
 * Completes a sale: at a registered till, at once, numbered by the till and sent now or later (complete-sale.ts);
 * at a till that is not one yet (never online since it was opened, or a browser without IndexedDB), or one that cannot
 * write the sale down (its storage full), as before: sent until the server answers.
 */
export async function completeSale(
  body: SaleInput,
  till: TillSale | null,
  options: { onRetry: (attempt: number) => void; signal: { cancelled: boolean } },
): Promise<DoneSale> {
  if (till && (await canCompleteAtTill(till.branchId))) {
    try {
      return await completeAtTill(body, till, postSale);
    } catch (e) {
      if (!(e instanceof OutboxUnavailable)) throw e;
    }
  }
  return fromServer(await sendSale(body, options));
}

/** The till's waiting sales, sent by themselves (outbox-sender.ts). */
export const startSending = (onSent: () => void) => startOutboxSender(postSale, onSent);
