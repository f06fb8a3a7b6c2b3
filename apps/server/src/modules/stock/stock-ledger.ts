import type { Kysely } from 'kysely';
import { addIfSafe } from '@posauto/shared/money/index';
import { isIncoming, type MovementType } from '@posauto/shared/schemas/stock';
import type { Database } from '../../db/types';
import type { DialectKind } from '../../db/dialect/index';
import type { WriteBatch } from '../../db/write-batch';
import { AppError } from '../../http/errors';
import { raiseEvent, STOCK_LEVEL_LOW } from '../../kernel/events';
import { newId } from '../../lib/ids';
import { shopSettings, type ShopSettings } from '../settings/index';
import { moveBatches } from './stock-batches';
import { averageOf, incomingCost, outgoingCost, tooLarge } from './stock-ledger-costs';
import { expand, itemInfo, productRows, type ItemInfo, type ItemMove, type LedgerLine, type ProductRow } from './stock-ledger-items';
import { itemsWithOpenBatches, levelKey, lockLevels, type ItemKey, type LevelRow } from './stock-ledger-levels';
import { queueLedgerWrites, writeLedger, type MovementRow } from './stock-ledger-writes';

/*
 * The stock ledger: the one door through which any quantity ever changes. This file posts a document's movements;
 * what its lines move is in stock-ledger-items.ts, the value arithmetic in stock-ledger-costs.ts, the level rows in
 * stock-ledger-levels.ts and their writing in stock-ledger-writes.ts.
 */

export { AVG_COST_SCALE } from './stock-ledger-costs';
export { notEnoughStock, productRows, type LedgerLine, type ProductRow } from './stock-ledger-items';
export { STOCK_LEVEL_COUNTER } from './stock-ledger-levels';

export interface LedgerDocument {
  type: MovementType;
  /** e.g. 'purchase', 'sale', 'adjustment', 'transfer' */
  docType: string;
  docId: string;
  lines: readonly LedgerLine[];
}

export interface PostedMovement {
  id: string;
  branchId: string;
  productId: string;
  variantId: string | null;
  quantity: number;
  costTotal: number;
  onHandAfter: number;
  docLineId: string | null;
}

/** The spec's words followed by the item that ran short ("…: Tiger beer can 330ml"), on the line's field. */
export const notEnoughStockOf = (name: string, field: string) =>
  new AppError(422, 'stock.errors.not_enough_item', { [field]: 'stock.errors.not_enough_item' }, { name });

export interface Who {
  businessId: string;
  userId: string | null;
}

/**
 * The one door through which any quantity ever changes. Call it inside the transaction of the document that
 * moves the stock: it writes one movement per item (a combo moves its components; a product that does not
 * manage stock moves nothing), keeps each branch's on hand, stock value and average cost in step, and raises a
 * low-stock alert when an item crosses its alert level. With the shop's `out_of_stock_sale` off, a movement that
 * would take on hand below zero throws and the caller's transaction rolls back, so nothing is saved.
 *
 * Rows are locked in one fixed order (branch, product, variant), so two documents that touch the same items on
 * PostgreSQL wait for each other instead of deadlocking; SQLite runs one write transaction at a time.
 */
export async function postMovements(
  trx: Kysely<Database>,
  kind: DialectKind,
  now: Date,
  who: Who,
  doc: LedgerDocument,
): Promise<PostedMovement[]> {
  return postMovementsWith(trx, kind, now, who, doc, {});
}

/** What a caller that has already read it can hand to the ledger, so the ledger does not read it again. */
export interface LedgerKnown {
  /** The shop's settings, their stock part (stockSettingsOf), when the caller has read them already. */
  settings?: StockSettings;
  /** The document's products, read with productRows (a missing id is read by the ledger). */
  products?: ReadonlyMap<string, ProductRow>;
  /**
   * The caller's batch of writes (db/write-batch.ts): the levels and the movements go out with the document's own
   * rows when the caller flushes it, before its commit, unless batches or alerts must be written after them.
   */
  writes?: WriteBatch;
}

export interface StockSettings {
  out_of_stock_sale: number;
  default_stock_alert: number | null;
}

/** The stock part of the shop's settings (kernel/shop-settings.ts). */
export const stockSettingsOf = (s: Pick<ShopSettings, 'outOfStockSale' | 'defaultStockAlert'>): StockSettings => ({
  out_of_stock_sale: Number(s.outOfStockSale),
  default_stock_alert: s.defaultStockAlert,
});

/** postMovements, with what the caller already knows (LedgerKnown). */
export async function postMovementsWith(
  trx: Kysely<Database>,
  kind: DialectKind,
  now: Date,
  who: Who,
  doc: LedgerDocument,
  known: LedgerKnown,
): Promise<PostedMovement[]> {
  // Products read once per document: expand() needs what each is, the movements and alerts what it is called.
  const products = new Map<string, Promise<ProductRow | undefined>>();
  for (const [id, row] of known.products ?? []) products.set(id, Promise.resolve(row));
  const product = (id: string) => {
    let p = products.get(id);
    if (!p) products.set(id, (p = productRows(trx, kind, who.businessId, [id]).then((m) => m.get(id))));
    return p;
  };
  const moves = await expand(trx, who.businessId, doc.lines, product);
  if (!moves.length) return [];
  const settings = known.settings ?? stockSettingsOf(await shopSettings(trx, who.businessId));
  const at = now.toISOString();
  const incoming = isIncoming(doc.type);

  const order = [...moves].sort(
    (a, b) => cmp(a.branchId, b.branchId) || cmp(a.productId, b.productId) || cmp(a.variantId, b.variantId) || a.lineIndex - b.lineIndex,
  );
  const items = new Map<string, Promise<ItemInfo>>();
  const item = (m: ItemMove) => {
    const k = `${m.productId}/${m.variantId}`;
    if (!items.has(k)) items.set(k, itemInfo(trx, who.businessId, m.productId, m.variantId, product, m.variant));
    return items.get(k)!;
  };
  const levels = await lockLevels(trx, kind, who.businessId, order, at);
  const run: Posting = {
    trx,
    kind,
    who,
    doc,
    at,
    incoming,
    settings,
    levels,
    batched: await itemsWithOpenBatches(trx, who.businessId, incoming ? [] : order),
    posted: [],
    rows: [],
    after: [],
  };
  for (const m of order) moveItem(run, m, await item(m));
  if (known.writes && !run.after.length) {
    // Nothing waits for these rows: they go out with the caller's (and its round trips with them).
    queueLedgerWrites(trx, kind, who.businessId, levels, run.rows, at, known.writes);
    return run.posted;
  }
  await writeLedger(trx, kind, who.businessId, levels, run.rows, at);
  for (const after of run.after) await after();
  return run.posted;
}

/** One document being posted: what it is, the levels it moves, and what it has made so far. */
interface Posting {
  trx: Kysely<Database>;
  kind: DialectKind;
  who: Who;
  doc: LedgerDocument;
  at: string;
  incoming: boolean;
  settings: StockSettings | undefined;
  /** Each item's level as the document leaves it so far (an item on two lines moves twice from what the first left). */
  levels: Map<string, LevelRow & ItemKey>;
  /** Items whose expiry batches this document must look at: tracked ones, and untracked ones that still hold some. */
  batched: ReadonlySet<string>;
  posted: PostedMovement[];
  rows: MovementRow[];
  /** Work that needs the movement rows written (batches point at their movement) or is rare (alerts): after them. */
  after: Array<() => Promise<void>>;
}

/** Moves one item of the document: its level, its movement row, and what must follow (batches, an alert). */
function moveItem(run: Posting, m: ItemMove, alert: ItemInfo): void {
  const { trx, kind, who, doc, at, incoming } = run;
  const level = run.levels.get(levelKey(m))!;
  const qty = incoming ? m.base : -m.base;
  const onHandAfter = addIfSafe(level.on_hand, qty) ?? tooLarge(m);
  if (!incoming && onHandAfter < 0 && !run.settings?.out_of_stock_sale) throw notEnoughStockOf(alert.name, `lines.${m.lineIndex}.quantity`);

  const cost = incoming ? incomingCost(level, m, alert) : -outgoingCost(level, m);
  const value = addIfSafe(level.stock_value, cost) ?? tooLarge(m);
  // Outgoing stock at the average leaves the average as it was; anything that brings its own cost moves it.
  const avg = (incoming || m.cost !== undefined) && onHandAfter > 0 ? averageOf(value, onHandAfter) : level.avg_cost;

  const threshold = alert.stock_alert ?? run.settings?.default_stock_alert ?? 0;
  const low = onHandAfter <= threshold;
  // Written once per item after the loop (an item on two lines moves twice from what the first left).
  run.levels.set(levelKey(m), {
    branchId: m.branchId,
    productId: m.productId,
    variantId: m.variantId,
    on_hand: onHandAfter,
    stock_value: value,
    avg_cost: avg,
    low_alerted: low ? 1 : 0,
  });
  const id = newId();
  run.rows.push({
    business_id: who.businessId,
    id,
    branch_id: m.branchId,
    product_id: m.productId,
    variant_id: m.variantId,
    movement_type: doc.type,
    quantity: qty,
    unit_id: m.unitId,
    unit_factor: m.factor,
    unit_quantity: m.unitQuantity,
    cost_total: cost,
    currency: alert.currency,
    on_hand_after: onHandAfter,
    doc_type: doc.docType,
    doc_id: doc.docId,
    doc_line_id: m.docLineId,
    user_id: who.userId,
    created_at: at,
  });
  // Expiry batches (stock-batches.ts): an expiry-tracked item's batches follow its on hand (outgoing stock also
  // empties batches left from a time the product tracked expiry). In line order, once the movements are written.
  if (alert.has_expiry || (!incoming && run.batched.has(levelKey(m))))
    run.after.push(() =>
      moveBatches(trx, kind, who.businessId, {
        ...m,
        tracked: Boolean(alert.has_expiry),
        movementId: id,
        quantity: qty,
        onHandBefore: level.on_hand,
        docType: doc.docType,
        docId: doc.docId,
        at,
      }),
    );
  // One alert per crossing: raised when stock reaches the alert level, again only after it has gone above. Whoever
  // listens (the notifications) acts inside this transaction, once the movements are written.
  if (low && !level.low_alerted) {
    const raised = {
      businessId: who.businessId,
      branchId: m.branchId,
      productId: m.productId,
      name: alert.name,
      image: alert.image,
      onHand: onHandAfter,
      at,
    };
    run.after.push(() => raiseEvent({ trx, kind }, STOCK_LEVEL_LOW, raised));
  }
  run.posted.push({
    id,
    branchId: m.branchId,
    productId: m.productId,
    variantId: m.variantId || null,
    quantity: qty,
    costTotal: cost,
    onHandAfter,
    docLineId: m.docLineId,
  });
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Cancels what a document moved: every movement it wrote is answered by the opposite one at the same cost, so the
 * books return exactly to where they were. Stock that has left since (an addition already sold) cannot be taken
 * back below zero while the shop does not sell out of stock.
 */
export async function reverseDocument(
  trx: Kysely<Database>,
  kind: DialectKind,
  now: Date,
  who: Who,
  doc: { docType: string; docId: string; reversal: MovementType },
): Promise<PostedMovement[]> {
  const moved = await trx
    .selectFrom('stock_movements')
    .select(['branch_id', 'product_id', 'variant_id', 'quantity', 'cost_total', 'doc_line_id'])
    .where('business_id', '=', who.businessId)
    .where('doc_type', '=', doc.docType)
    .where('doc_id', '=', doc.docId)
    .orderBy('id')
    .execute();
  if (!moved.length) return [];
  if (isIncoming(doc.reversal) === moved[0]!.quantity > 0) throw new Error(`a ${doc.reversal} cannot reverse these movements`);
  return postMovements(trx, kind, now, who, {
    type: doc.reversal,
    docType: doc.docType,
    docId: doc.docId,
    lines: moved.map((m) => ({
      branchId: m.branch_id,
      productId: m.product_id,
      variantId: m.variant_id || null,
      quantity: Math.abs(m.quantity),
      cost: Math.abs(m.cost_total),
      docLineId: m.doc_line_id,
      asMoved: true,
    })),
  });
}
