import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { WriteBatch } from '../../db/write-batch';
import type { RequestContext } from '../../http/context';
import { postMovementsWith, type LedgerLine, type ProductRow, type StockSettings } from '../stock/index';
import { SALE_DOC } from './sale-input';
import type { PreparedLine } from './sale-lines';

/** Stock: the lines leave through the ledger (levels locked in a fixed order); what left is costed, and whether any went short. */
export async function stockOut(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  saleId: string,
  branchId: string,
  lines: PreparedLine[],
  known: { settings: StockSettings; products: ReadonlyMap<string, ProductRow>; writes: WriteBatch },
): Promise<{ cost: Map<string, number>; short: boolean }> {
  const ledger: LedgerLine[] = lines.map((l) => ({
    branchId,
    productId: l.productId,
    variantId: l.variantId || null,
    quantity: l.quantity,
    unit: l.unit,
    docLineId: l.id,
  }));
  const moved = await postMovementsWith(
    trx,
    deps.kind,
    deps.clock.now(),
    ctx,
    { type: 'sale_out', docType: SALE_DOC, docId: saleId, lines: ledger },
    known,
  );
  // The cost of each line: what the ledger costed, plus what it does not cost (products that do not manage stock).
  const cost = new Map(lines.map((l) => [l.id, l.unmanagedCost]));
  for (const m of moved) if (m.docLineId) cost.set(m.docLineId, (cost.get(m.docLineId) ?? 0) - Number(m.costTotal));
  // Below zero: only when the settings sell out of stock (the shop's, or an offline sale's, whose goods are gone).
  return { cost, short: moved.some((m) => m.onHandAfter < 0) };
}
