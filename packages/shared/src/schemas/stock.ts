import { z } from 'zod';

/**
 * Every way a quantity can change (spec section 4). Incoming types add to on hand, outgoing types take from it;
 * the ledger signs the quantity from the type, so a caller can never record a "purchase" that removes stock.
 */
export const INCOMING_MOVEMENTS = ['purchase_in', 'sale_return', 'transfer_in', 'adjustment_in'] as const;
export const OUTGOING_MOVEMENTS = ['purchase_return', 'sale_out', 'transfer_out', 'adjustment_out'] as const;
export const MOVEMENT_TYPES = [...INCOMING_MOVEMENTS, ...OUTGOING_MOVEMENTS] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

export function isIncoming(type: MovementType): boolean {
  return (INCOMING_MOVEMENTS as readonly string[]).includes(type);
}

export const movementTypeSchema = z.enum(MOVEMENT_TYPES);
