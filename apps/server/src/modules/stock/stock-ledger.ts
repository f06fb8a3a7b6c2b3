import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import {
  FACTOR_SCALE,
  LIMIT_MESSAGES,
  NUMBER_LIMITS,
  QTY_SCALE,
  addIfSafe,
  allocate,
  isCurrencyCode,
  minorWithin,
  roundDivIfSafe,
} from '@posauto/shared/money/index';
import { isIncoming, type MovementType } from '@posauto/shared/schemas/stock';
import type { Database } from '../../db/types';
import type { DialectKind } from '../../db/dialect/index';
import type { WriteBatch } from '../../db/write-batch';
import { bumpCounter } from '../../db/list';
import { AppError, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { publishStockAlert } from '../stock-notifications/index';
import { moveBatches } from './stock-batches';
import { precompiled } from '../../db/precompiled';

/** tenant_counters entry: the shop's stock level rows (one per branch and item that ever moved). */
export const STOCK_LEVEL_COUNTER = 'stock_levels';

/** Average costs are millionths of a minor unit per base unit, so fractions of a cent per can survive. */
export const AVG_COST_SCALE = 1_000_000;

/** One line of a document that moves stock: a quantity of one sellable item in the document's unit. */
export interface LedgerLine {
  branchId: string;
  productId: string;
  /** null for a product without variants. */
  variantId: string | null;
  /** Unsigned, thousandths of the document's unit; the movement type gives the sign. */
  quantity: number;
  /** The unit the document counts in and its factor to the base unit now (FACTOR_SCALE); none: the base unit. */
  unit?: { id: string; factor: number } | null;
  /**
   * Incoming: what the line cost in minor units (a purchase; a transfer passes what left the source); none: the
   * branch's average cost (stock found by an adjustment).
   * Outgoing: a cost fixed by the document (a return to the supplier at the purchase's cost); otherwise the
   * branch's moving average cost is frozen on the movement.
   */
  cost?: number;
  docLineId?: string | null;
  /**
   * Incoming only, for a product with `has_expiry`: the batch's expiry date (YYYY-MM-DD). Outgoing movements of such
   * a product take the earliest-expiring batch first (stock_batches).
   */
  expiryDate?: string | null;
  /**
   * Outgoing only (expiry batches): take first from the batches this earlier document brought into the branch (a
   * purchase return names its purchase), then earliest expiry first.
   */
  takeFrom?: { docType: string; docId: string } | null;
  /** The line names an item exactly as an earlier movement moved it (base unit, no combo, no stock-manage check). */
  asMoved?: boolean;
}

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

/** 'There is not enought stock or no item' (spec wording): no such item. */
export const notEnoughStock = (field?: string) => unprocessable('stock.errors.not_enough', field);

/** The spec's words followed by the item that ran short ("…: Tiger beer can 330ml"), on the line's field. */
export const notEnoughStockOf = (name: string, field: string) =>
  new AppError(422, 'stock.errors.not_enough_item', { [field]: 'stock.errors.not_enough_item' }, { name });

interface Who {
  businessId: string;
  userId: string | null;
}

/** A line after combos are broken into their components and units into the base unit. */
interface ItemMove {
  branchId: string;
  productId: string;
  variantId: string;
  base: number;
  unitId: string | null;
  factor: number;
  unitQuantity: number;
  cost: number | undefined;
  docLineId: string | null;
  lineIndex: number;
  /** Expiry batches (stock-batches.ts): the line's date and whether it answers an earlier movement. */
  expiryDate: string | null;
  takeFrom: { docType: string; docId: string } | null;
  asMoved: boolean;
  /** The variant as expand() read it (its name and cost), so it is not read again. */
  variant: VariantRow | null;
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
  /** The shop's general_settings row (its stock part). */
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

/** What the ledger needs of a product: what it is (expand) and what its movements and alerts show (itemInfo). */
export interface ProductRow {
  id: string;
  type: string;
  is_stock_manage: number;
  name: string;
  sku_code: string;
  image: string | null;
  stock_alert: number | null;
  currency: string;
  purchase_cost: number;
  has_expiry: number;
}

/** The given products of one shop in one query (ids of another shop are simply not in the map). */
export async function productRows(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, ProductRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows =
    unique.length === 1
      ? (await oneProduct(trx, kind, { business: businessId, id: unique[0] })).rows
      : await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('business_id', '=', businessId).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

const PRODUCT_COLUMNS = [
  'id',
  'type',
  'is_stock_manage',
  'product_name as name',
  'sku_code',
  'image',
  'stock_alert',
  'currency',
  'purchase_cost',
  'has_expiry',
] as const;
const oneProduct = precompiled<'business' | 'id', ProductRow>(['business', 'id'], (db, v) =>
  db.selectFrom('products').select(PRODUCT_COLUMNS).where('business_id', '=', v.business).where('id', '=', v.id),
);

/** postMovements, with what the caller already knows (LedgerKnown). */
export async function postMovementsWith(
  trx: Kysely<Database>,
  kind: DialectKind,
  now: Date,
  who: Who,
  doc: LedgerDocument,
  known: LedgerKnown,
): Promise<PostedMovement[]> {
  const incoming = isIncoming(doc.type);
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
  const settings =
    known.settings ??
    (await trx
      .selectFrom('general_settings')
      .select(['out_of_stock_sale', 'default_stock_alert'])
      .where('business_id', '=', who.businessId)
      .executeTakeFirst());
  const allowNegative = Boolean(settings?.out_of_stock_sale);
  const at = now.toISOString();

  const order = [...moves].sort(
    (a, b) => cmp(a.branchId, b.branchId) || cmp(a.productId, b.productId) || cmp(a.variantId, b.variantId) || a.lineIndex - b.lineIndex,
  );
  const items = new Map<string, Promise<ItemInfo>>();
  const item = (m: ItemMove) => {
    const k = `${m.productId}/${m.variantId}`;
    if (!items.has(k)) items.set(k, itemInfo(trx, who.businessId, m.productId, m.variantId, product, m.variant));
    return items.get(k)!;
  };
  const posted: PostedMovement[] = [];
  const rows: MovementRow[] = [];
  // Work that needs the movement rows written (batches point at their movement) or is rare (alerts): after them.
  const after: Array<() => Promise<void>> = [];
  const levels = await lockLevels(trx, kind, who.businessId, order, at);
  /** Items whose expiry batches this document must look at: tracked ones, and untracked ones that still hold some. */
  const batched = await itemsWithOpenBatches(trx, who.businessId, incoming ? [] : order);
  for (const m of order) {
    const level = levels.get(levelKey(m))!;
    const qty = incoming ? m.base : -m.base;
    const onHandAfter = addIfSafe(level.on_hand, qty) ?? tooLarge(m);
    const alert = await item(m);
    if (!incoming && onHandAfter < 0 && !allowNegative) throw notEnoughStockOf(alert.name, `lines.${m.lineIndex}.quantity`);

    const cost = incoming ? incomingCost(level, m, alert) : -outgoingCost(level, m);
    const value = addIfSafe(level.stock_value, cost) ?? tooLarge(m);
    // Outgoing stock at the average leaves the average as it was; anything that brings its own cost moves it.
    const avg = (incoming || m.cost !== undefined) && onHandAfter > 0 ? averageOf(value, onHandAfter) : level.avg_cost;

    const threshold = alert.stock_alert ?? settings?.default_stock_alert ?? 0;
    const low = onHandAfter <= threshold;
    // Written once per item after the loop (an item on two lines moves twice from what the first left).
    levels.set(levelKey(m), {
      branchId: m.branchId,
      productId: m.productId,
      variantId: m.variantId,
      on_hand: onHandAfter,
      stock_value: value,
      avg_cost: avg,
      low_alerted: low ? 1 : 0,
    });
    const id = newId();
    rows.push({
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
    if (alert.has_expiry || (!incoming && batched.has(levelKey(m))))
      after.push(() =>
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
    // One alert per crossing: raised when stock reaches the alert level, again only after it has gone above.
    if (low && !level.low_alerted) {
      const raised = {
        business_id: who.businessId,
        id: newId(),
        branch_id: m.branchId,
        product_id: m.productId,
        name: alert.name,
        image: alert.image,
        stock_level: onHandAfter,
        created_at: at,
        read_at: null,
      };
      after.push(async () => {
        await trx.insertInto('stock_notifications').values(raised).execute();
        // Heard live (the bell, every server instance) only once the document's transaction commits.
        await publishStockAlert(trx, kind, raised);
      });
    }
    posted.push({
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
  if (known.writes && !after.length) {
    // Nothing waits for these rows: they go out with the caller's (and its round trips with them).
    for (const write of levelWrites(kind, who.businessId, levels, at)) known.writes.addRaw(write);
    for (let i = 0; i < rows.length; i += MOVEMENT_CHUNK)
      known.writes.add(trx.insertInto('stock_movements').values(rows.slice(i, i + MOVEMENT_CHUNK)));
    return posted;
  }
  for (const write of levelWrites(kind, who.businessId, levels, at)) await write.execute(trx);
  // One statement per MOVEMENT_CHUNK movements (a 200-line purchase: one, not 200).
  if (rows.length === 1) await insertMovement(trx, kind, rows[0]!);
  else
    for (let i = 0; i < rows.length; i += MOVEMENT_CHUNK)
      await trx
        .insertInto('stock_movements')
        .values(rows.slice(i, i + MOVEMENT_CHUNK))
        .execute();
  for (const run of after) await run();
  return posted;
}

/** 18 parameters a movement: 500 stay far below either database's limit of parameters per statement. */
const MOVEMENT_CHUNK = 500;

type MovementRow = Required<Insertable<Database['stock_movements']>>;
const MOVEMENT_COLUMNS = [
  'business_id',
  'id',
  'branch_id',
  'product_id',
  'variant_id',
  'movement_type',
  'quantity',
  'unit_id',
  'unit_factor',
  'unit_quantity',
  'cost_total',
  'currency',
  'on_hand_after',
  'doc_type',
  'doc_id',
  'doc_line_id',
  'user_id',
  'created_at',
] as const satisfies ReadonlyArray<keyof MovementRow>;
const insertMovement = precompiled(MOVEMENT_COLUMNS, (db, v) => db.insertInto('stock_movements').values(v));

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The value per base unit in millionths. A value out of all proportion to what is on hand (stock back from below zero
 * by a hair, shipping on a line that cost nothing) has no meaningful average: it is kept at the largest safe figure
 * rather than refusing the document.
 */
function averageOf(value: number, onHand: number): number {
  const avg = roundDivIfSafe(BigInt(value) * BigInt(QTY_SCALE) * BigInt(AVG_COST_SCALE), BigInt(onHand));
  return avg ?? (value < 0 ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER);
}

/**
 * What arriving stock cost: the document's cost (a purchase, a transfer, a return at the sale's cost); stock found
 * by an adjustment comes in at the branch's average cost, or at the product's purchase cost before it has one.
 */
function incomingCost(level: { avg_cost: number }, m: ItemMove, info: ItemInfo): number {
  if (m.cost !== undefined) return m.cost;
  if (level.avg_cost > 0) return half(BigInt(level.avg_cost) * BigInt(m.base), BigInt(QTY_SCALE) * BigInt(AVG_COST_SCALE), m);
  // A cost stored before NUMBER_LIMITS counts no stock in: the branch's average of it would not be exact.
  if (isCurrencyCode(info.currency) && !minorWithin(info.purchase_cost, info.currency, NUMBER_LIMITS.price))
    throw unprocessable(LIMIT_MESSAGES.price, `lines.${m.lineIndex}.product_id`);
  return half(BigInt(info.purchase_cost) * BigInt(m.base), BigInt(QTY_SCALE), m);
}

/**
 * What leaving stock cost: the document's own cost if it has one; otherwise the share of the stock value that the
 * quantity is of what is on hand (exact: taking everything takes the whole value), and beyond what is on hand (a
 * shop that sells out of stock) the last average cost.
 */
function outgoingCost(level: { on_hand: number; stock_value: number; avg_cost: number }, m: ItemMove): number {
  if (m.cost !== undefined) return m.cost;
  const onHand = Math.max(level.on_hand, 0);
  if (m.base <= onHand) return half(BigInt(level.stock_value) * BigInt(m.base), BigInt(onHand), m);
  const beyond = m.base - onHand;
  const rest = half(BigInt(level.avg_cost) * BigInt(beyond), BigInt(QTY_SCALE) * BigInt(AVG_COST_SCALE), m);
  return addIfSafe(onHand > 0 ? level.stock_value : 0, rest) ?? tooLarge(m);
}

/**
 * Exact division rounded half-up (products here outgrow a double's exact range before they are divided). A result past
 * a safe integer refuses the document on its line (422), never a RangeError: the schemas' limits bound one document,
 * not what a branch has gathered from many, nor a unit or a product stored before the limits.
 */
const half = (n: bigint, d: bigint, m: { lineIndex: number }) => roundDivIfSafe(n, d) ?? tooLarge(m);
const tooLarge = (m: { lineIndex: number }): never => {
  throw unprocessable('validation.stock_too_large', `lines.${m.lineIndex}.quantity`);
};

interface LevelRow {
  on_hand: number;
  stock_value: number;
  avg_cost: number;
  low_alerted: number;
}

type ItemKey = Pick<ItemMove, 'branchId' | 'productId' | 'variantId'>;
const levelKey = (m: ItemKey) => `${m.branchId}/${m.productId}/${m.variantId}`;

/** Items a statement names at most (three parameters each): far below either database's limit per statement. */
const ITEM_CHUNK = 500;

/** The distinct items of a document, in the ledger's order (branch, product, variant). */
function distinctItems(order: readonly ItemMove[]): ItemKey[] {
  const seen = new Map<string, ItemKey>();
  for (const m of order) if (!seen.has(levelKey(m))) seen.set(levelKey(m), m);
  return [...seen.values()];
}

/** `VALUES (branch, product, variant), ...`: the right side of a row-value IN that both databases read. */
const itemTuples = (items: readonly ItemKey[]) =>
  sql`VALUES ${sql.join(items.map((m) => sql`(${m.branchId}, ${m.productId}, ${m.variantId})`))}`;

/**
 * The level rows of a document's items, locked and read in two statements whatever its length: every row is first
 * made sure to exist (an item that has never moved in its branch gets its empty level; the stock listing's counter
 * counts the new ones), then all are read FOR UPDATE in one fixed order, so two documents that touch the same items
 * on PostgreSQL wait for each other instead of deadlocking. Creating before locking keeps that order true when two
 * documents bring the same new item together: the insert waits for the other's, never while holding a lock the other
 * needs. One statement per item, as this was, cost a five-line sale ten round trips to PostgreSQL (issue #22, item 8).
 */
async function lockLevels(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  order: readonly ItemMove[],
  at: string,
): Promise<Map<string, LevelRow & ItemKey>> {
  const items = distinctItems(order);
  const levels = new Map<string, LevelRow & ItemKey>();
  for (let i = 0; i < items.length; i += ITEM_CHUNK) {
    const chunk = items.slice(i, i + ITEM_CHUNK);
    const inserted = await trx
      .insertInto('stock_levels')
      .values(
        chunk.map((m) => ({
          business_id: businessId,
          branch_id: m.branchId,
          product_id: m.productId,
          variant_id: m.variantId,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['business_id', 'branch_id', 'product_id', 'variant_id']).doNothing())
      .executeTakeFirst();
    const created = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    if (created > 0) await bumpCounter(trx, kind, businessId, STOCK_LEVEL_COUNTER, created);
  }
  for (let i = 0; i < items.length; i += ITEM_CHUNK) {
    const chunk = items.slice(i, i + ITEM_CHUNK);
    // PostgreSQL locks the rows in the order it returns them: byte order (COLLATE "C"), the order of the ids' text.
    const by = kind === 'postgres' ? sql`COLLATE "C"` : sql``;
    const lock = kind === 'postgres' ? sql`FOR UPDATE` : sql``;
    const rows = await sql<LevelRow & ItemKeyRow>`SELECT branch_id, product_id, variant_id, on_hand, stock_value, avg_cost, low_alerted
      FROM stock_levels WHERE business_id = ${businessId} AND (branch_id, product_id, variant_id) IN (${itemTuples(chunk)})
      ORDER BY branch_id ${by}, product_id ${by}, variant_id ${by} ${lock}`.execute(trx);
    for (const r of rows.rows)
      levels.set(levelKey({ branchId: r.branch_id, productId: r.product_id, variantId: r.variant_id }), {
        branchId: r.branch_id,
        productId: r.product_id,
        variantId: r.variant_id,
        on_hand: Number(r.on_hand),
        stock_value: Number(r.stock_value),
        avg_cost: Number(r.avg_cost),
        low_alerted: Number(r.low_alerted),
      });
  }
  return levels;
}

interface ItemKeyRow {
  branch_id: string;
  product_id: string;
  variant_id: string;
}

/**
 * The writes of each item's level as the document left it, one statement per ITEM_CHUNK items (their rows are locked).
 * PostgreSQL names the VALUES' columns in place, and the statement starts with UPDATE, so it runs prepared
 * (db/dialect) and can go out in a batch of writes (db/write-batch.ts); SQLite names them in a WITH.
 */
function levelWrites(
  kind: DialectKind,
  businessId: string,
  levels: ReadonlyMap<string, LevelRow & ItemKey>,
  at: string,
): RawBuilder<unknown>[] {
  const all = [...levels.values()];
  const columns = sql`branch_id, product_id, variant_id, on_hand, stock_value, avg_cost, low_alerted`;
  const set = sql`on_hand = v.on_hand, stock_value = v.stock_value, avg_cost = v.avg_cost, low_alerted = v.low_alerted`;
  const match = sql`stock_levels.branch_id = v.branch_id AND stock_levels.product_id = v.product_id AND stock_levels.variant_id = v.variant_id`;
  const writes: RawBuilder<unknown>[] = [];
  for (let i = 0; i < all.length; i += ITEM_CHUNK) {
    const values = sql.join(
      all.slice(i, i + ITEM_CHUNK).map((l) => {
        // Typed in the statement: PostgreSQL reads a bare parameter in VALUES as text.
        return sql`(CAST(${l.branchId} AS TEXT), CAST(${l.productId} AS TEXT), CAST(${l.variantId} AS TEXT), CAST(${l.on_hand} AS BIGINT),
          CAST(${l.stock_value} AS BIGINT), CAST(${l.avg_cost} AS BIGINT), CAST(${l.low_alerted} AS INTEGER))`;
      }),
    );
    writes.push(
      kind === 'postgres'
        ? sql`UPDATE stock_levels SET ${set}, updated_at = ${at} FROM (VALUES ${values}) AS v(${columns})
            WHERE stock_levels.business_id = ${businessId} AND ${match}`
        : sql`WITH v(${columns}) AS (VALUES ${values}) UPDATE stock_levels SET ${set}, updated_at = ${at}
            FROM v WHERE stock_levels.business_id = ${businessId} AND ${match}`,
    );
  }
  return writes;
}

/**
 * Of an outgoing document's items, those that still hold expiry batches. An item that does not track expiry and holds
 * none has nothing to empty, and one statement for the document answers that, not one per line (moveBatches reads an
 * item's batches again, locked, when it has some). Read after the levels are locked: batches change only under them.
 */
async function itemsWithOpenBatches(trx: Kysely<Database>, businessId: string, order: readonly ItemMove[]): Promise<Set<string>> {
  const found = new Set<string>();
  const items = distinctItems(order);
  for (let i = 0; i < items.length; i += ITEM_CHUNK) {
    const rows = await sql<ItemKeyRow>`SELECT DISTINCT branch_id, product_id, variant_id FROM stock_batches
      WHERE business_id = ${businessId} AND quantity_left > 0
        AND (branch_id, product_id, variant_id) IN (${itemTuples(items.slice(i, i + ITEM_CHUNK))})`.execute(trx);
    for (const r of rows.rows) found.add(levelKey({ branchId: r.branch_id, productId: r.product_id, variantId: r.variant_id }));
  }
  return found;
}

interface ItemInfo {
  name: string;
  image: string | null;
  stock_alert: number | null;
  currency: string;
  /** Minor units per base unit. */
  purchase_cost: number;
  /** 1: the item's stock is kept in expiry batches. */
  has_expiry: number;
}

/** What an alert shows and the currency the item's costs are kept in. */
async function itemInfo(
  trx: Kysely<Database>,
  businessId: string,
  productId: string,
  variantId: string,
  product: (id: string) => Promise<ProductRow | undefined>,
  variant: VariantRow | null,
): Promise<ItemInfo> {
  const p = await product(productId);
  if (!p) throw notEnoughStock();
  if (!variantId) return p;
  const v =
    variant ??
    (await trx
      .selectFrom('product_variants')
      .select(['name', 'purchase_cost'])
      .where('business_id', '=', businessId)
      .where('id', '=', variantId)
      .executeTakeFirst());
  return v ? { ...p, name: `${p.name} - ${v.name}`, purchase_cost: v.purchase_cost } : p;
}

interface VariantRow {
  name: string;
  purchase_cost: number;
}

/**
 * Turns document lines into item movements: the unit into the base unit (the factor is frozen on the movement),
 * a combo into its components (a combo has no stock of its own), a product that does not manage stock into
 * nothing. An unknown item, a variant that is not the product's, or a variation product without its variant
 * answers 422 on that line.
 */
async function expand(
  trx: Kysely<Database>,
  businessId: string,
  lines: readonly LedgerLine[],
  product: (id: string) => Promise<ProductRow | undefined>,
): Promise<ItemMove[]> {
  const out: ItemMove[] = [];
  for (const [lineIndex, line] of lines.entries()) {
    const field = `lines.${lineIndex}`;
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0)
      throw unprocessable('stock.errors.quantity_positive', `${field}.quantity`);
    if (line.asMoved) {
      out.push({
        branchId: line.branchId,
        productId: line.productId,
        variantId: line.variantId ?? '',
        base: line.quantity,
        unitId: null,
        factor: FACTOR_SCALE,
        unitQuantity: line.quantity,
        cost: line.cost,
        docLineId: line.docLineId ?? null,
        lineIndex,
        expiryDate: line.expiryDate ?? null,
        takeFrom: line.takeFrom ?? null,
        asMoved: true,
        variant: null,
      });
      continue;
    }
    const factor = line.unit?.factor ?? FACTOR_SCALE;
    // convertQuantity's rounding, refused on the line rather than thrown when a stored factor makes it too large.
    const base = half(BigInt(line.quantity) * BigInt(factor), BigInt(FACTOR_SCALE), { lineIndex });
    if (base <= 0) throw unprocessable('stock.errors.quantity_positive', `${field}.quantity`);
    const p = await product(line.productId);
    if (!p) throw notEnoughStock(`${field}.product_id`);
    if (line.variantId === undefined) throw new Error('variantId must be given (null for none)');
    const common = {
      branchId: line.branchId,
      unitId: line.unit?.id ?? null,
      factor,
      unitQuantity: line.quantity,
      docLineId: line.docLineId ?? null,
      lineIndex,
      expiryDate: line.expiryDate ?? null,
      takeFrom: line.takeFrom ?? null,
      asMoved: false,
      variant: null,
    };
    if (p.type === 'combo') {
      const items = await trx
        .selectFrom('combo_items as c')
        .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'c.business_id').onRef('p.id', '=', 'c.item_product_id'))
        .select(['c.item_product_id', 'c.item_variant_id', 'c.quantity', 'p.is_stock_manage'])
        .where('c.business_id', '=', businessId)
        .where('c.product_id', '=', line.productId)
        .orderBy('c.sort_order')
        .execute();
      const managed = items.filter((i) => i.is_stock_manage);
      const weights = managed.map((i) => i.quantity);
      const costs = line.cost === undefined || !managed.length ? managed.map(() => undefined) : allocate(line.cost, weights);
      managed.forEach((i, k) =>
        out.push({
          ...common,
          productId: i.item_product_id,
          variantId: i.item_variant_id,
          base: half(BigInt(base) * BigInt(i.quantity), BigInt(QTY_SCALE), { lineIndex }),
          cost: costs[k],
        }),
      );
      continue;
    }
    if (!p.is_stock_manage) continue;
    if ((p.type === 'variation') !== Boolean(line.variantId)) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
    let variant: VariantRow | null = null;
    if (line.variantId) {
      const v = await trx
        .selectFrom('product_variants')
        .select(['name', 'purchase_cost'])
        .where('business_id', '=', businessId)
        .where('product_id', '=', line.productId)
        .where('id', '=', line.variantId)
        .executeTakeFirst();
      if (!v) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
      variant = v;
    }
    out.push({ ...common, productId: line.productId, variantId: line.variantId ?? '', base, cost: line.cost, variant });
  }
  return out;
}

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
