import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ListResponse } from '@posauto/shared/schemas/common';
import {
  stockTransferInputSchema,
  type StockTransfer,
  type StockTransferDetail,
  type StockTransferInput,
  type StockTransferListQuery,
} from '@posauto/shared/schemas/stock';
import type { StockTransferOptions } from '@posauto/shared/schemas/stock-transfers';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { runList } from '../../db/list';
import { sameShop } from '../../db/same-shop';
import { creatorName, withCreator } from '../../db/document-header';
import { branchScope, whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { postMovements, type PostedMovement } from './stock-ledger';
import { branchIsActive, readLines, writeLines } from './stock-lines';

const SERIES = 'stock_transfer_number';
const DOC_TYPE = 'transfer';

const header = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('stock_transfers as s')
    .innerJoin('branches as f', sameShop('f', 's.from_branch_id'))
    .innerJoin('branches as d', sameShop('d', 's.to_branch_id'))
    .$call(withCreator('s'))
    .select([
      's.id',
      's.transfer_number',
      's.from_branch_id',
      'f.name as from_branch_name',
      's.to_branch_id',
      'd.name as to_branch_name',
      's.sent_on',
      's.note',
      's.state',
      's.line_count',
      creatorName.as('created_by'),
      's.created_at',
      's.received_at',
    ])
    .where('s.business_id', '=', businessId);

/**
 * Transfers between branches. Sending takes the stock out of the source at its average cost; receiving brings exactly
 * that cost into the destination, so moving stock around the shop never changes what it is worth. A branch user
 * sends only from its own branch, receives only into it, and sees only transfers that touch it.
 */
export function stockTransfersService(deps: Deps) {
  const { db, kind } = deps;
  return {
    async options(ctx: RequestContext): Promise<StockTransferOptions> {
      const branches = db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', ctx.businessId).where('status', '=', 1);
      const [from, to, units] = await Promise.all([
        whereBranch(branches, 'id', ctx).orderBy('name').execute(),
        branches.orderBy('name').execute(),
        db.selectFrom('units').select(['id', 'name', 'base_unit_id']).where('business_id', '=', ctx.businessId).orderBy('name').execute(),
      ]);
      return { from_branches: from, to_branches: to, units };
    },

    async list(ctx: RequestContext, query: StockTransferListQuery): Promise<ListResponse<StockTransfer>> {
      const branch = branchScope(ctx, query.branch_id);
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => {
          let q = header(db, biz);
          if (branch) q = q.where((eb) => eb.or([eb('s.from_branch_id', '=', branch), eb('s.to_branch_id', '=', branch)]));
          if (query.state) q = q.where('s.state', '=', query.state);
          return q;
        },
        { ...query, order: query.sort ? query.order : 'desc' },
        {
          searchColumns: ['s.transfer_number', 's.note'],
          sorts: { transfer_number: 's.transfer_number', sent_on: 's.sent_on', created_at: 's.created_at' },
          defaultSort: 's.created_at',
          idColumn: 's.id',
        },
      );
      return { data: rows, meta };
    },

    get: (ctx: RequestContext, id: string) => transferDetail(db, ctx, id),

    async create(ctx: RequestContext, raw: StockTransferInput): Promise<StockTransferDetail> {
      const input = stockTransferInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => transferDetail(trx, ctx, await postTransfer(trx, deps, ctx, input)));
    },

    /** The destination confirms the arrival (receiveTransfer). */
    receive: (ctx: RequestContext, id: string): Promise<StockTransferDetail> =>
      db.transaction().execute(async (trx) => transferDetail(trx, ctx, await receiveTransfer(trx, deps, ctx, id))),

    /** Edits a transfer still on its way (editTransfer). */
    async update(ctx: RequestContext, id: string, raw: StockTransferInput): Promise<StockTransferDetail> {
      const input = stockTransferInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => transferDetail(trx, ctx, await editTransfer(trx, deps, ctx, id, input)));
    },

    /** Cancels a transfer (cancelTransfer). */
    cancel: (ctx: RequestContext, id: string): Promise<StockTransferDetail> =>
      db.transaction().execute(async (trx) => transferDetail(trx, ctx, await cancelTransfer(trx, deps, ctx, id))),
  };
}

/** One transfer with its lines; a branch user sees only transfers that touch its branch. */
async function transferDetail(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<StockTransferDetail> {
  let q = header(trx, ctx.businessId).where('s.id', '=', id);
  if (ctx.branchId) q = q.where((eb) => eb.or([eb('s.from_branch_id', '=', ctx.branchId), eb('s.to_branch_id', '=', ctx.branchId)]));
  const head = await q.executeTakeFirst();
  if (!head) throw notFound();
  const lines = await readLines(trx, 'stock_transfer_lines', ctx.businessId, DOC_TYPE, id, 'transfer_out');
  return { ...head, lines };
}

/** The destination receives a transfer that is on its way: exactly what left the source, at its cost. Returns the id. */
async function receiveTransfer(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string): Promise<string> {
  const doc = await transferDetail(trx, ctx, id);
  if (ctx.branchId && ctx.branchId !== doc.to_branch_id) throw unprocessable('stock.errors.receive_elsewhere');
  // Only one receipt wins when two arrive together: the state moves from sent exactly once.
  const claimed = await trx
    .updateTable('stock_transfers')
    .set({ state: 'received' })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('state', '=', 'sent')
    .executeTakeFirst();
  if (!Number(claimed.numUpdatedRows)) throw unprocessable('stock.errors.not_sent');
  const sent = await liveMovements(trx, ctx.businessId, id)
    .select(['product_id', 'variant_id', 'quantity', 'cost_total', 'doc_line_id', 'branch_id', 'id', 'on_hand_after'])
    .where('movement_type', '=', 'transfer_out')
    .orderBy('id')
    .execute();
  await arrive(
    trx,
    deps,
    ctx,
    id,
    doc.to_branch_id,
    sent.map((m) => ({
      id: m.id,
      branchId: m.branch_id,
      productId: m.product_id,
      variantId: m.variant_id || null,
      quantity: m.quantity,
      costTotal: m.cost_total,
      onHandAfter: m.on_hand_after,
      docLineId: m.doc_line_id,
    })),
  );
  await auditFor(deps.clock, 'stock_transfer')(trx, ctx, 'receive', id, { transfer_number: doc.transfer_number });
  return id;
}

/**
 * Edits a transfer still on its way. Nothing already written is rewritten: what left the source comes back to it
 * (transfer_in at the cost it left at), the old lines give way to the new ones, and the new lines leave the source
 * as a fresh transfer_out. Receive and cancel then see only the movements of the current lines. Returns the id.
 */
async function editTransfer(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof stockTransferInputSchema>,
): Promise<string> {
  const doc = await transferDetail(trx, ctx, id);
  if (ctx.branchId && ctx.branchId !== doc.from_branch_id) throw unprocessable('stock.errors.branch_not_yours');
  await checkTransfer(trx, ctx, input);
  // Claimed while still sent: an edit racing a receipt or a cancel finds the state moved and stops.
  const claimed = await trx
    .updateTable('stock_transfers')
    .set({
      from_branch_id: input.from_branch_id,
      to_branch_id: input.to_branch_id,
      sent_on: input.sent_on,
      note: input.note,
      line_count: input.lines.length,
    })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('state', '=', 'sent')
    .executeTakeFirst();
  if (!Number(claimed.numUpdatedRows)) throw unprocessable('stock.transfer.not_editable');
  const left = await liveMovements(trx, ctx.businessId, id)
    .select(['branch_id', 'product_id', 'variant_id', 'quantity', 'cost_total', 'doc_line_id'])
    .where('movement_type', '=', 'transfer_out')
    .orderBy('id')
    .execute();
  await postMovements(trx, deps.kind, deps.clock.now(), ctx, {
    type: 'transfer_in',
    docType: DOC_TYPE,
    docId: id,
    lines: left.map((m) => ({
      branchId: m.branch_id,
      productId: m.product_id,
      variantId: m.variant_id || null,
      quantity: -m.quantity,
      cost: -m.cost_total,
      docLineId: m.doc_line_id,
      asMoved: true,
    })),
  });
  await trx.deleteFrom('stock_transfer_lines').where('business_id', '=', ctx.businessId).where('transfer_id', '=', id).execute();
  const sent = await sendLines(trx, deps, ctx, id, input);
  if (input.receive_now) await arrive(trx, deps, ctx, id, input.to_branch_id, sent);
  await auditFor(deps.clock, 'stock_transfer')(trx, ctx, 'update', id, {
    transfer_number: doc.transfer_number,
    receive_now: input.receive_now,
  });
  return id;
}

/** Cancels a transfer: what arrived leaves the destination again, what left comes back to the source. Returns the id. */
async function cancelTransfer(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string): Promise<string> {
  const doc = await transferDetail(trx, ctx, id);
  if (ctx.branchId && ctx.branchId !== doc.from_branch_id) throw unprocessable('stock.errors.branch_not_yours');
  const changed = await trx
    .updateTable('stock_transfers')
    .set({ state: 'void', voided_at: deps.clock.now().toISOString() })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('state', '!=', 'void')
    .executeTakeFirst();
  if (!Number(changed.numUpdatedRows)) throw unprocessable('stock.errors.already_void');
  const moved = await liveMovements(trx, ctx.businessId, id)
    .select(['branch_id', 'product_id', 'variant_id', 'quantity', 'cost_total', 'doc_line_id'])
    .orderBy('id')
    .execute();
  // Each movement answered by its opposite, at its own cost: arrivals first leave, then departures return.
  const back = (type: 'transfer_out' | 'transfer_in', from: 'transfer_in' | 'transfer_out') =>
    postMovements(trx, deps.kind, deps.clock.now(), ctx, {
      type,
      docType: DOC_TYPE,
      docId: id,
      lines: moved
        .filter((m) => (from === 'transfer_in' ? m.quantity > 0 : m.quantity < 0))
        .map((m) => ({
          branchId: m.branch_id,
          productId: m.product_id,
          variantId: m.variant_id || null,
          quantity: Math.abs(m.quantity),
          cost: Math.abs(m.cost_total),
          docLineId: m.doc_line_id,
          asMoved: true,
        })),
    });
  if (doc.state === 'received') await back('transfer_out', 'transfer_in');
  await back('transfer_in', 'transfer_out');
  await auditFor(deps.clock, 'stock_transfer')(trx, ctx, 'void', id, { transfer_number: doc.transfer_number });
  return id;
}

/** The destination receives what left the source: the same items, quantities and costs, movement by movement. */
async function arrive(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  id: string,
  toBranchId: string,
  sent: readonly PostedMovement[],
) {
  const { kind, clock } = deps;
  await postMovements(trx, kind, clock.now(), ctx, {
    type: 'transfer_in',
    docType: DOC_TYPE,
    docId: id,
    lines: sent.map((m) => ({
      branchId: toBranchId,
      productId: m.productId,
      variantId: m.variantId,
      quantity: -m.quantity,
      cost: -m.costTotal,
      docLineId: m.docLineId,
      asMoved: true,
    })),
  });
  await trx
    .updateTable('stock_transfers')
    .set({ state: 'received', received_at: clock.now().toISOString(), received_by: ctx.userId })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
}

/**
 * Sends a transfer inside the caller's transaction (the service's own, or the demo seed's): the numbered document,
 * its lines, the stock leaving the source, and with receive_now its arrival. Returns the new document's id.
 */
export async function postTransfer(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof stockTransferInputSchema>,
): Promise<string> {
  const { kind, clock } = deps;
  await checkTransfer(trx, ctx, input);
  const id = newId();
  const number = formatDocumentNumber('TRF', await nextDocumentNumber(trx, kind, ctx.businessId, SERIES));
  await trx
    .insertInto('stock_transfers')
    .values({
      business_id: ctx.businessId,
      id,
      transfer_number: number,
      from_branch_id: input.from_branch_id,
      to_branch_id: input.to_branch_id,
      sent_on: input.sent_on,
      note: input.note,
      state: 'sent',
      line_count: input.lines.length,
      created_by: ctx.userId,
      received_by: null,
      created_at: clock.now().toISOString(),
      received_at: null,
      voided_at: null,
    })
    .execute();
  const sent = await sendLines(trx, deps, ctx, id, input);
  if (input.receive_now) await arrive(trx, deps, ctx, id, input.to_branch_id, sent);
  await auditFor(clock, 'stock_transfer')(trx, ctx, 'create', id, { transfer_number: number, receive_now: input.receive_now });
  return id;
}

/** What a transfer may name: a source the caller may send from, two active branches, one-step receipt shop-level only. */
async function checkTransfer(trx: Kysely<Database>, ctx: RequestContext, input: z.output<typeof stockTransferInputSchema>) {
  if (branchScope(ctx, input.from_branch_id) !== input.from_branch_id)
    throw unprocessable('stock.errors.branch_not_yours', 'from_branch_id');
  // Receiving is the destination's to confirm: only a shop-level user sends and receives in one step.
  if (ctx.branchId && input.receive_now) throw unprocessable('stock.errors.receive_elsewhere', 'receive_now');
  if (!(await branchIsActive(trx, ctx.businessId, input.from_branch_id)))
    throw unprocessable('validation.branch_required', 'from_branch_id');
  if (!(await branchIsActive(trx, ctx.businessId, input.to_branch_id))) throw unprocessable('validation.branch_required', 'to_branch_id');
}

/** Writes the transfer's lines and takes them out of the source. */
async function sendLines(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof stockTransferInputSchema>,
): Promise<PostedMovement[]> {
  const lines = await writeLines(trx, deps.kind, 'stock_transfer_lines', ctx.businessId, id, input.from_branch_id, input.lines);
  return postMovements(trx, deps.kind, deps.clock.now(), ctx, { type: 'transfer_out', docType: DOC_TYPE, docId: id, lines });
}

/**
 * The movements of a transfer's current lines. An edit replaces the lines; the movements of the old ones (what left
 * and what came back for them) stay in the ledger but no longer take part in receiving or cancelling.
 */
function liveMovements(trx: Kysely<Database>, businessId: string, id: string) {
  return trx
    .selectFrom('stock_movements')
    .where('business_id', '=', businessId)
    .where('doc_type', '=', DOC_TYPE)
    .where('doc_id', '=', id)
    .where('doc_line_id', 'in', (eb) =>
      eb.selectFrom('stock_transfer_lines').select('id').where('business_id', '=', businessId).where('transfer_id', '=', id),
    );
}
