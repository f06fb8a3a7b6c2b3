import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  StockAdjustment,
  StockAdjustmentDetail,
  StockAdjustmentInput,
  StockAdjustmentListQuery,
  StockAdjustmentOptions,
} from '@posauto/shared/schemas/stock';
import { stockAdjustmentInputSchema } from '@posauto/shared/schemas/stock';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { runList, type ListResult } from '../../db/list';
import { branchFilter, branchScope, whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../audit/index';
import { postMovements, reverseDocument } from './stock-ledger';
import { branchIsActive, readLines, writeLines } from './stock-lines';

const SERIES = 'stock_adjustment_number';
const DOC_TYPE = 'adjustment';
const audit = (deps: Deps) => auditFor(deps.clock, 'stock_adjustment');

const header = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('stock_adjustments as a')
    .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'a.business_id').onRef('b.id', '=', 'a.branch_id'))
    .innerJoin('adjustment_types as t', (j) => j.onRef('t.business_id', '=', 'a.business_id').onRef('t.id', '=', 'a.adjustment_type_id'))
    .leftJoin('users as u', (j) => j.onRef('u.business_id', '=', 'a.business_id').onRef('u.id', '=', 'a.created_by'))
    .select([
      'a.id',
      'a.adjustment_number',
      'a.branch_id',
      'b.name as branch_name',
      'a.adjustment_type_id',
      't.name as adjustment_type_name',
      'a.direction',
      'a.adjusted_on',
      'a.reason',
      'a.status as state',
      'a.line_count',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('created_by'),
      'a.created_at',
    ])
    .where('a.business_id', '=', businessId);

export function stockAdjustmentsService(deps: Deps) {
  const { db, kind, clock } = deps;

  async function detail(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<StockAdjustmentDetail> {
    let q = header(trx, ctx.businessId).where('a.id', '=', id);
    q = whereBranch(q, 'a.branch_id', ctx);
    const head = await q.executeTakeFirst();
    if (!head) throw notFound();
    const lines = await readLines(
      trx,
      'stock_adjustment_lines',
      ctx.businessId,
      DOC_TYPE,
      id,
      head.direction === 'addition' ? 'adjustment_in' : 'adjustment_out',
    );
    return { ...toApi(head), lines };
  }

  return {
    /** Active branches (a branch user: its own), active adjustment types and the shop's units. */
    async options(ctx: RequestContext): Promise<StockAdjustmentOptions> {
      let branches = db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', ctx.businessId).where('status', '=', 1);
      branches = whereBranch(branches, 'id', ctx);
      const [b, types, units] = await Promise.all([
        branches.orderBy('name').execute(),
        db
          .selectFrom('adjustment_types')
          .select(['id', 'name', 'direction'])
          .where('business_id', '=', ctx.businessId)
          .where('status', '=', 1)
          .orderBy('name')
          .execute(),
        db.selectFrom('units').select(['id', 'name', 'base_unit_id']).where('business_id', '=', ctx.businessId).orderBy('name').execute(),
      ]);
      return {
        branches: b,
        adjustment_types: types.map((x) => ({ ...x, direction: x.direction as 'addition' | 'subtraction' })),
        units,
      };
    },

    async list(ctx: RequestContext, query: StockAdjustmentListQuery): Promise<ListResult<StockAdjustment>> {
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => {
          let q = header(db, biz);
          if (query.from) q = q.where('a.adjusted_on', '>=', query.from);
          if (query.to) q = q.where('a.adjusted_on', '<=', query.to);
          return q;
        },
        // Newest first unless the user sorts.
        { ...query, order: query.sort ? query.order : 'desc' },
        {
          searchColumns: ['a.adjustment_number', 'a.reason'],
          sorts: { adjustment_number: 'a.adjustment_number', adjusted_on: 'a.adjusted_on', created_at: 'a.created_at' },
          defaultSort: 'a.created_at',
          idColumn: 'a.id',
        },
        undefined,
        branchFilter(ctx, 'a.branch_id', query.branch_id),
      );
      return { rows: rows.map(toApi), meta };
    },

    get: (ctx: RequestContext, id: string) => detail(db, ctx, id),

    async create(ctx: RequestContext, raw: StockAdjustmentInput): Promise<StockAdjustmentDetail> {
      const input = stockAdjustmentInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => detail(trx, ctx, await postAdjustment(trx, deps, ctx, input)));
    },

    /** Cancelling writes the reversing movements; the document stays, marked void, with its history. */
    async cancel(ctx: RequestContext, id: string): Promise<StockAdjustmentDetail> {
      return db.transaction().execute(async (trx) => {
        const doc = await detail(trx, ctx, id);
        if (doc.state === 'void') throw unprocessable('stock.errors.already_void');
        const changed = await trx
          .updateTable('stock_adjustments')
          .set({ status: 'void', voided_at: clock.now().toISOString() })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .where('status', '=', 'posted')
          .executeTakeFirst();
        // A concurrent cancel got there first: it has written the reversal.
        if (!Number(changed.numUpdatedRows)) throw unprocessable('stock.errors.already_void');
        await reverseDocument(trx, kind, clock.now(), ctx, {
          docType: DOC_TYPE,
          docId: id,
          reversal: doc.direction === 'addition' ? 'adjustment_out' : 'adjustment_in',
        });
        await audit(deps)(trx, ctx, 'void', id, { adjustment_number: doc.adjustment_number });
        return detail(trx, ctx, id);
      });
    },
  };
}

function toApi(r: {
  id: string;
  adjustment_number: string;
  branch_id: string;
  branch_name: string;
  adjustment_type_id: string;
  adjustment_type_name: string;
  direction: 'addition' | 'subtraction';
  adjusted_on: string;
  reason: string;
  state: 'posted' | 'void';
  line_count: number;
  created_by: string | null;
  created_at: string;
}): StockAdjustment {
  return { ...r };
}

/**
 * Posts an adjustment inside the caller's transaction (the service's own, or the demo seed's): the numbered
 * document, its lines and their movements. Returns the new document's id.
 */
export async function postAdjustment(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof stockAdjustmentInputSchema>,
): Promise<string> {
  const { kind, clock } = deps;
  if (branchScope(ctx, input.branch_id) !== input.branch_id) throw unprocessable('stock.errors.branch_not_yours', 'branch_id');
  if (!(await branchIsActive(trx, ctx.businessId, input.branch_id))) throw unprocessable('validation.branch_required', 'branch_id');
  const type = await trx
    .selectFrom('adjustment_types')
    .select(['direction', 'status'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', input.adjustment_type_id)
    .executeTakeFirst();
  if (!type?.status) throw unprocessable('stock.errors.type_inactive', 'adjustment_type_id');
  const direction = type.direction as 'addition' | 'subtraction';

  const id = newId();
  const number = formatDocumentNumber('ADJ', await nextDocumentNumber(trx, kind, ctx.businessId, SERIES));
  const at = clock.now().toISOString();
  await trx
    .insertInto('stock_adjustments')
    .values({
      business_id: ctx.businessId,
      id,
      adjustment_number: number,
      branch_id: input.branch_id,
      adjustment_type_id: input.adjustment_type_id,
      direction,
      adjusted_on: input.adjusted_on,
      reason: input.reason,
      status: 'posted',
      line_count: input.lines.length,
      created_by: ctx.userId,
      created_at: at,
      voided_at: null,
    })
    .execute();
  const lines = await writeLines(trx, 'stock_adjustment_lines', ctx.businessId, id, input.branch_id, input.lines);
  await postMovements(trx, kind, clock.now(), ctx, {
    type: direction === 'addition' ? 'adjustment_in' : 'adjustment_out',
    docType: DOC_TYPE,
    docId: id,
    lines,
  });
  await audit(deps)(trx, ctx, 'create', id, { adjustment_number: number });
  return id;
}
