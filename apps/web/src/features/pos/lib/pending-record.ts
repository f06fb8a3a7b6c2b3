import type { SaleInput } from '@posauto/shared/schemas/sales';

/**
 * The sale waiting for the server's answer, as kept in local storage (pending-sale.ts writes and sends it). Apart
 * from the sending so that the till's first screen, which only looks for a sale left waiting, stays light.
 */
export const PENDING_SALE_KEY = 'posauto.pos.pending-sale';

/** IDEMPOTENCY_HEADER of schemas/sales, written out: importing a value from the schemas would bring zod into the till's bundle. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export interface PendingSale {
  key: string;
  body: SaleInput;
  createdAt: string;
}

export function loadPendingSale(storage: Storage = localStorage): PendingSale | null {
  try {
    const raw = storage.getItem(PENDING_SALE_KEY);
    const p = raw ? (JSON.parse(raw) as PendingSale) : null;
    return p && typeof p.key === 'string' && p.body && typeof p.body === 'object' ? p : null;
  } catch {
    return null;
  }
}
