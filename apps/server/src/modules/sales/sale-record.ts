import type { Kysely } from 'kysely';
import { FACTOR_SCALE, type Discount, type SalePricing } from '@posauto/shared/money/index';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { nextDocumentNumber } from '../../db/document-number';
import type { WriteBatch } from '../../db/write-batch';
import type { RequestContext } from '../../http/context';
import { localDay } from '../../lib/time-zone';
import { auditEntryFor, auditInsert } from '../../kernel/audit';
import type { SaleSettings } from './sale-context';
import type { SaleIn } from './sale-input';
import type { PreparedLine } from './sale-lines';

/** Stored discount columns: type and value as entered (percent in hundredths, fixed in minor units). */
export const discountColumns = (d: Discount | undefined) =>
  d ? { discount_type: d.type === 'percentage' ? ('percent' as const) : ('fixed' as const), discount_value: d.value } : null;

export interface Numbered {
  number: string;
  /** When the sale was made (ISO): the time that goes with its number. */
  at: string;
  saleDate: string;
}

/**
 * The number, the time and the row: on PostgreSQL the series' counter row stays locked from here to the commit and every
 * other sale of the shop waits for it, so everything that can come before it does. One series per shop and kind of
 * document (two branches once printed the same INV-000100), no gap on a rollback. The time is read once the number is
 * ours, so a later number never carries an earlier time (nor an earlier day, across midnight), unless the sale says when
 * it was made (an offline till). A second request with the same Idempotency-Key meets the unique index at the insert
 * (on PostgreSQL after waiting for the first transaction) and rolls back; the service then answers the first sale.
 */
export async function numberAndRecord(
  trx: Kysely<Database>,
  rows: WriteBatch,
  deps: Deps,
  ctx: RequestContext,
  s: SaleSettings,
  input: SaleIn,
  id: string,
  header: Record<string, unknown>,
  opts: {
    replaceId?: string | null;
    soldAt?: Date;
    convertedFromId?: string | null;
    idempotencyKey?: string | null;
    requestHash?: string | null;
    /** The number given at an offline till, from its own series (modules/tills): the shop's series is not taken. */
    number?: string;
  },
): Promise<Numbered> {
  const quotation = input.document === 'quotation';
  if (opts.replaceId) {
    // An invoice edited in place keeps its number and the day it was made.
    const at = deps.clock.now().toISOString();
    const saleDate = input.sale_date ?? localDay(deps.clock.now(), s.timeZone);
    const row = await trx
      .updateTable('sales')
      .set({ ...header, sale_date: saleDate, updated_at: at })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .returning('invoice_number')
      .executeTakeFirstOrThrow();
    return { number: row.invoice_number, at, saleDate };
  }
  const number = opts.number ?? (await shopNumber(trx, deps, ctx, s, quotation));
  const soldAt = opts.soldAt ?? deps.clock.now();
  const at = soldAt.toISOString();
  const saleDate = input.sale_date ?? localDay(soldAt, s.timeZone);
  // Written with the rest of the sale's rows (rows.flush()), so the counter is held for as few round trips as can be.
  rows.add(
    trx.insertInto('sales').values({
      business_id: ctx.businessId,
      id,
      invoice_number: number,
      ...(header as object),
      sale_date: saleDate,
      updated_at: deps.clock.now().toISOString(),
      sold_at: at,
      returned_amount: 0,
      delivered_at: null,
      converted_from_id: opts.convertedFromId ?? null,
      idempotency_key: opts.idempotencyKey ?? null,
      request_hash: opts.requestHash ?? null,
      created_by: ctx.userId,
      created_at: at,
      voided_at: null,
    } as never),
  );
  return { number, at, saleDate };
}

async function shopNumber(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, s: SaleSettings, quotation: boolean) {
  const n = await nextDocumentNumber(trx, deps.kind, ctx.businessId, quotation ? 'quotation' : 'sale');
  return `${quotation ? s.quotationPrefix : s.invoicePrefix}${String(n).padStart(6, '0')}`;
}

/** The lines, each with its share of the document discount, its VAT and the cost frozen on it. */
export function writeLines(
  trx: Kysely<Database>,
  rows: WriteBatch,
  ctx: RequestContext,
  saleId: string,
  lines: readonly PreparedLine[],
  totals: SalePricing,
  cost: ReadonlyMap<string, number>,
): void {
  rows.add(
    trx.insertInto('sale_lines').values(
      lines.map((l, i) => {
        const lt = totals.lines[i]!;
        return {
          business_id: ctx.businessId,
          id: l.id,
          sale_id: saleId,
          line_no: i,
          product_id: l.productId,
          variant_id: l.variantId,
          product_name: l.name,
          unit_id: l.unit?.id ?? null,
          unit_factor: l.unit?.factor ?? FACTOR_SCALE,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          discount_type: discountColumns(l.discount)?.discount_type ?? null,
          discount_value: discountColumns(l.discount)?.discount_value ?? 0,
          gross_amount: lt.gross,
          line_discount: lt.discount,
          order_discount_share: totals.documentDiscountAllocation[i]!,
          net_amount: totals.nets[i]!,
          tax_amount: totals.taxes[i]!,
          cost_amount: cost.get(l.id) ?? 0,
        };
      }),
    ),
  );
}

/** The audit: the sale itself, a discount approved above the seller's limit, prices cut below the catalogue's. */
export function auditSale(
  trx: Kysely<Database>,
  rows: WriteBatch,
  deps: Deps,
  ctx: RequestContext,
  saleId: string,
  number: string,
  input: SaleIn,
  facts: {
    replaced: boolean;
    approval: { approvedBy: string; approverName: string } | null;
    given: number;
    priced: boolean;
    lines: readonly PreparedLine[];
  },
): void {
  const entry = auditEntryFor(deps.clock, 'sale');
  const audit = (action: string, detail: Record<string, unknown>) => rows.add(auditInsert(trx, entry(ctx, action, saleId, detail)));
  audit(facts.replaced ? 'update' : 'create', { invoice_number: number, document: input.document });
  if (facts.approval)
    audit('discount_approved', {
      invoice_number: number,
      approved_by: facts.approval.approvedBy,
      approver_name: facts.approval.approverName,
      discount_percent: facts.given,
    });
  const edits = facts.lines.filter((l) => l.unitPrice !== l.cataloguePrice);
  if (edits.length && facts.priced)
    audit('price_edit', {
      invoice_number: number,
      lines: edits.map((l) => ({ product_name: l.name, catalogue_price: l.cataloguePrice, price: l.unitPrice })),
    });
}
