import type { Kysely } from 'kysely';
import { isIncoming, type MovementType } from '@posauto/shared/schemas/stock';
import type { Database } from '../../db/types';
import type { DialectKind } from '../../db/dialect/index';
import { postMovements, type LedgerLine, type Who } from './stock-ledger';

/**
 * Answers what a document's movements still hold, line by line, with movements of `type` at the costs they moved at: a
 * purchase edited or cancelled gives back what it received (`purchase_return`), a sale voided or re-posted takes back
 * what it sold (`sale_return`). History is never rewritten, only answered, so a line's movements always add up to what
 * the document holds now. The lines carry `asMoved`, so expiry batches come back exactly as they left. Unlike
 * reverseDocument (stock-ledger.ts), which answers a document that moved one way movement for movement, this nets each
 * line's history first: a document edited before has moved both ways.
 */
export async function answerMovements(
  trx: Kysely<Database>,
  kind: DialectKind,
  now: Date,
  who: Who,
  doc: { docType: string; docId: string; type: MovementType },
): Promise<void> {
  const moved = await trx
    .selectFrom('stock_movements')
    .select(['branch_id', 'product_id', 'variant_id', 'doc_line_id', 'quantity', 'cost_total'])
    .where('business_id', '=', who.businessId)
    .where('doc_type', '=', doc.docType)
    .where('doc_id', '=', doc.docId)
    .orderBy('id')
    .execute();
  const net = new Map<string, { m: (typeof moved)[number]; quantity: number; cost: number }>();
  for (const m of moved) {
    const k = [m.branch_id, m.product_id, m.variant_id, m.doc_line_id ?? ''].join('/');
    const prev = net.get(k) ?? { m, quantity: 0, cost: 0 };
    net.set(k, { m, quantity: prev.quantity + Number(m.quantity), cost: prev.cost + Number(m.cost_total) });
  }
  // An incoming answer (a sale's return) takes back what went out: the lines whose net is negative; an outgoing one the
  // lines whose net is positive. The ledger gives the answer its sign from its type.
  const held = isIncoming(doc.type) ? -1 : 1;
  const lines: LedgerLine[] = [...net.values()]
    .filter((n) => Math.sign(n.quantity) === held)
    .map((n) => ({
      branchId: n.m.branch_id,
      productId: n.m.product_id,
      variantId: n.m.variant_id || null,
      quantity: held * n.quantity,
      cost: held * n.cost,
      docLineId: n.m.doc_line_id,
      asMoved: true,
    }));
  if (lines.length) await postMovements(trx, kind, now, who, { type: doc.type, docType: doc.docType, docId: doc.docId, lines });
}
