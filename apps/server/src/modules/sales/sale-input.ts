import type { z } from 'zod';
import type { saleInputSchema } from '@posauto/shared/schemas/sales';
import type { RequestContext } from '../../http/context';
import { forbidden } from '../../http/errors';

export type SaleIn = z.output<typeof saleInputSchema>;

/** The stock ledger's document type of sales (and of their reversals: a void, an invoice edit). */
export const SALE_DOC = 'sale';

/** A sale at the till: a sale of type POS retail, taken in the cashier's open cash session. */
export const isTillSale = (input: Pick<SaleIn, 'document' | 'sale_type'>) => input.document === 'sale' && input.sale_type === 'pos_retail';

/**
 * Who may write which document: quotations need sale-quotation, invoices sale-invoice, till sales sale-pos and
 * back-office sales sale-management or sale-list. The route lets in any of them; this decides.
 */
export function assertMayWrite(ctx: Pick<RequestContext, 'permissions'>, input: Pick<SaleIn, 'document' | 'sale_type'>): void {
  const p = ctx.permissions;
  const ok =
    input.document === 'quotation'
      ? p.has('sale-quotation')
      : input.document === 'invoice'
        ? p.has('sale-invoice')
        : input.sale_type === 'pos_retail'
          ? p.has('sale-pos')
          : p.has('sale-management') || p.has('sale-list');
  if (!ok) throw forbidden();
}
