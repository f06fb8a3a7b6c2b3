import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { forUpdate, type DialectKind } from '../../db/dialect/index';
import { sameShop } from '../../db/same-shop';
import { newId } from '../../lib/ids';

/** One movement of an expiry-tracked item, as the ledger has just written it. */
export interface BatchMove {
  movementId: string;
  branchId: string;
  productId: string;
  /** '' for a product without variants. */
  variantId: string;
  /** false: the product no longer tracks expiry; outgoing stock only empties the batches it left. */
  tracked: boolean;
  /** Signed, base unit thousandths. */
  quantity: number;
  onHandBefore: number;
  /** Incoming: the date the document gives (a purchase line); none: see moveBatches. */
  expiryDate: string | null;
  /** The line answers an earlier movement of the same document (a cancel, a transfer's arrival). */
  asMoved: boolean;
  /** Outgoing: first from the batches this earlier document brought into the branch (a return to the supplier). */
  takeFrom: { docType: string; docId: string } | null;
  docType: string;
  docId: string;
  docLineId: string | null;
  at: string;
}

interface Batch {
  id: string;
  expiry_date: string | null;
  quantity_in: number;
  quantity_left: number;
}

/** A part of a movement that goes to one expiry date (or back to one batch). */
interface Piece {
  expiryDate: string | null;
  /** The batch the stock came from, when it goes back there. */
  batchId: string | null;
  quantity: number;
}

/**
 * Keeps an expiry-tracked item's batches in step with a movement, inside the ledger's transaction and after its level
 * row is locked (so two documents never work on the same batches at once; the batches are also read FOR UPDATE).
 *
 * What holds afterwards: the item's batches in this branch hold exactly max(on hand, 0) (stock that was there before
 * the product tracked expiry becomes a batch without a date on its next movement), and never more than that (checked
 * after every server test by assertLedgerBalanced).
 *
 * - Incoming with a date (a purchase): into the branch's batch of that date. Incoming that answers an earlier
 *   movement of the same document (a transfer's arrival, a cancelled sale or subtraction): the dates that movement
 *   took, back into the same batches where they are in this branch. Anything else: the batch without a date. Stock
 *   that only fills a negative on hand (a shop selling out of stock) goes into no batch.
 * - Outgoing: the earliest-expiring batches first (those without a date last); a reversal first takes back from the
 *   batches its document brought in, a return to the supplier (takeFrom) from the batches of its purchase. Beyond
 *   what the batches hold (negative on hand), nothing is batched.
 */
export async function moveBatches(trx: Kysely<Database>, kind: DialectKind, businessId: string, m: BatchMove): Promise<void> {
  const item = (q: any) =>
    q
      .where('business_id', '=', businessId)
      .where('branch_id', '=', m.branchId)
      .where('product_id', '=', m.productId)
      .where('variant_id', '=', m.variantId);
  const open: Batch[] = await forUpdate(
    kind,
    item(trx.selectFrom('stock_batches').select(['id', 'expiry_date', 'quantity_in', 'quantity_left']))
      .where('quantity_left', '>', 0)
      .orderBy(sql`CASE WHEN expiry_date IS NULL THEN 1 ELSE 0 END`)
      .orderBy('expiry_date')
      .orderBy('id'),
  ).execute();
  if (!m.tracked && !open.length) return;
  for (const b of open) {
    b.quantity_in = Number(b.quantity_in);
    b.quantity_left = Number(b.quantity_left);
  }
  const changed = new Map<string, Batch>();
  const moved = new Map<string, number>();
  const take = (b: Batch, q: number, record: boolean) => {
    b.quantity_left -= q;
    changed.set(b.id, b);
    if (record) moved.set(b.id, (moved.get(b.id) ?? 0) - q);
  };

  // Bring the batches to what was on hand before (stock from before tracking, or taken while it was off).
  const held = open.reduce((s, b) => s + b.quantity_left, 0);
  const before = Math.max(m.onHandBefore, 0);
  if (held < before && m.tracked) await addTo(null, null, before - held, false);
  else if (held > before) takeFirst(open, held - before, null, false);

  if (m.quantity > 0 && m.tracked) {
    const pieces = m.expiryDate ? [{ expiryDate: m.expiryDate, batchId: null, quantity: m.quantity }] : await incomingPieces();
    // A negative on hand is filled first, from the part without a date, then from the latest dates.
    let hole = Math.max(-m.onHandBefore, 0);
    for (const p of [...pieces].reverse()) {
      const q = Math.min(hole, p.quantity);
      p.quantity -= q;
      hole -= q;
    }
    for (const p of pieces) if (p.quantity > 0) await addTo(p.expiryDate, p.batchId, p.quantity, true);
  } else if (m.quantity < 0) {
    const preferred = m.asMoved ? await broughtIn(m) : m.takeFrom ? await broughtIn({ ...m.takeFrom, docLineId: null }) : [];
    takeFirst(open, -m.quantity, preferred, true);
  }

  for (const b of changed.values())
    await trx
      .updateTable('stock_batches')
      .set({ quantity_in: b.quantity_in, quantity_left: b.quantity_left })
      .where('business_id', '=', businessId)
      .where('id', '=', b.id)
      .execute();
  const rows = [...moved].filter(([, q]) => q !== 0);
  if (rows.length)
    await trx
      .insertInto('stock_batch_moves')
      .values(rows.map(([batchId, quantity]) => ({ business_id: businessId, movement_id: m.movementId, batch_id: batchId, quantity })))
      .execute();

  /** Takes `quantity` from the open batches: the preferred ones first (in their order), then earliest expiry first. */
  function takeFirst(batches: Batch[], quantity: number, preferred: string[] | null, record: boolean) {
    const rank = new Map((preferred ?? []).map((id, i) => [id, i]));
    const order = [...batches].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
    let rest = quantity;
    for (const b of order) {
      if (rest <= 0) break;
      const q = Math.min(rest, b.quantity_left);
      if (q > 0) take(b, q, record);
      rest -= q;
    }
  }

  /** Adds to the batch it came from (if it is this branch's), else to this branch's batch of that date. */
  async function addTo(expiryDate: string | null, batchId: string | null, quantity: number, record: boolean) {
    let b = (batchId && open.find((x) => x.id === batchId)) || changed.get(batchId ?? '') || null;
    if (!b && batchId) b = (await byKey(trx.selectFrom('stock_batches').where('id', '=', batchId))) ?? null;
    if (b) {
      // Back into the batch it left: it held this stock before, so what came in does not grow.
      b.quantity_left += quantity;
      b.quantity_in = Math.max(b.quantity_in, b.quantity_left);
    } else {
      b = open.find((x) => x.expiry_date === expiryDate) ?? null;
      b ??=
        (await byKey(
          expiryDate === null
            ? trx.selectFrom('stock_batches').where('expiry_date', 'is', null)
            : trx.selectFrom('stock_batches').where('expiry_date', '=', expiryDate),
        )) ?? null;
      if (!b) {
        b = { id: newId(), expiry_date: expiryDate, quantity_in: 0, quantity_left: 0 };
        await trx
          .insertInto('stock_batches')
          .values({
            business_id: businessId,
            id: b.id,
            branch_id: m.branchId,
            product_id: m.productId,
            variant_id: m.variantId,
            expiry_date: expiryDate,
            quantity_in: 0,
            quantity_left: 0,
            movement_id: m.movementId,
            created_at: m.at,
          })
          .execute();
      }
      b.quantity_in += quantity;
      b.quantity_left += quantity;
    }
    if (!open.includes(b)) open.push(b);
    changed.set(b.id, b);
    if (record) moved.set(b.id, (moved.get(b.id) ?? 0) + quantity);
  }

  /** One of this item's batches in this branch (locked), or undefined. */
  async function byKey(q: any): Promise<Batch | undefined> {
    const row = await forUpdate(
      kind,
      item(q.select(['id', 'expiry_date', 'quantity_in', 'quantity_left'])).orderBy('id'),
    ).executeTakeFirst();
    return row ? { ...row, quantity_in: Number(row.quantity_in), quantity_left: Number(row.quantity_left) } : undefined;
  }

  /** Earlier batch moves of a document (this one) and this item with the given sign, this branch's first, newest first. */
  async function earlier(sign: 'in' | 'out', doc: { docType: string; docId: string; docLineId: string | null } = m) {
    let q = trx
      .selectFrom('stock_batch_moves as bm')
      .innerJoin('stock_movements as sm', sameShop('sm', 'bm.movement_id'))
      .innerJoin('stock_batches as b', sameShop('b', 'bm.batch_id'))
      .select(['bm.batch_id', 'bm.quantity', 'b.expiry_date', 'b.branch_id'])
      .where('bm.business_id', '=', businessId)
      .where('sm.doc_type', '=', doc.docType)
      .where('sm.doc_id', '=', doc.docId)
      .where('sm.product_id', '=', m.productId)
      .where('sm.variant_id', '=', m.variantId)
      .where('sm.id', '!=', m.movementId)
      .where('bm.quantity', sign === 'in' ? '>' : '<', 0);
    if (doc.docLineId) q = q.where('sm.doc_line_id', '=', doc.docLineId);
    const rows = (await q.orderBy('sm.id', 'desc').execute()).map((r) => ({ ...r, quantity: Math.abs(Number(r.quantity)) }));
    const here = rows.filter((r) => r.branch_id === m.branchId);
    return here.length ? here : rows;
  }

  /** Incoming without a date: the dates an earlier movement of the same document took out, the rest undated. */
  async function incomingPieces(): Promise<Piece[]> {
    const pieces: Piece[] = [];
    let rest = m.quantity;
    if (m.asMoved)
      for (const r of await earlier('out')) {
        if (rest <= 0) break;
        const q = Math.min(rest, r.quantity);
        pieces.push({ expiryDate: r.expiry_date, batchId: r.branch_id === m.branchId ? r.batch_id : null, quantity: q });
        rest -= q;
      }
    if (rest > 0) pieces.push({ expiryDate: null, batchId: null, quantity: rest });
    return pieces;
  }

  /** The batches of this branch that a document brought in, newest first (a reversal takes those back). */
  async function broughtIn(doc: { docType: string; docId: string; docLineId: string | null }): Promise<string[]> {
    return (await earlier('in', doc)).filter((r) => r.branch_id === m.branchId).map((r) => r.batch_id);
  }
}
