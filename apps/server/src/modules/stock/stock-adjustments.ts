import { sql, type Insertable, type Kysely } from 'kysely';
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
import { groupCommit } from '../../db/group-commit';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { runList, type ListResult } from '../../db/list';
import { inPeriod } from '../../db/period';
import { branchFilter, branchScope, whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { postMovementsWith, productRows, reverseDocument } from './stock-ledger';
import { insertLines, prepareLines, readLines, writtenLines } from './stock-lines';
import { precompiled } from '../../db/precompiled';
import { sameShop } from '../../db/same-shop';
import { creatorName, documentFrom } from '../../db/document-header';

const SERIES = 'stock_adjustment_number';
const DOC_TYPE = 'adjustment';
const audit = (deps: Deps) => auditFor(deps.clock, 'stock_adjustment');

const header = (db: Kysely<Database>, businessId: string) =>
  documentFrom(db, 'stock_adjustments', 'a', businessId)
    .innerJoin('adjustment_types as t', sameShop('t', 'a.adjustment_type_id'))
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
      creatorName.as('created_by'),
      'a.created_at',
    ]);

export function stockAdjustmentsService(deps: Deps) {
  const { db, kind, clock } = deps;
  const written =
    // SQLite: adjustments arriving together share one transaction and one fsync (db/group-commit.ts, as sales do).
    kind === 'sqlite' ? groupCommit(db) : <T>(run: (trx: Kysely<Database>) => Promise<T>) => db.transaction().execute(run);

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
        (biz) => inPeriod(header(db, biz), 'a.adjusted_on', query),
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
      // The answer is built from what was written, not read back.
      return written((trx) => writeAdjustment(trx, deps, ctx, input));
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
  return (await writeAdjustment(trx, deps, ctx, input)).id;
}

interface Head {
  branch_name: string | null;
  branch_status: number | null;
  type_name: string | null;
  direction: string | null;
  type_status: number | null;
  out_of_stock_sale: number | null;
  default_stock_alert: number | null;
  created_by: string | null;
}
// One statement for everything an adjustment checks before it is written (its branch, its type, the shop's stock flags,
// the author's name): the stock flags are read here with the rest, not through the settings reader, so an adjustment
// asks the database once.
const headQuery = precompiled<'business' | 'branch' | 'type' | 'user', Head>(['business', 'branch', 'type', 'user'], (db, v) =>
  db
    .selectFrom('businesses as s')
    .leftJoin('branches as b', (j) => j.onRef('b.business_id', '=', 's.id').on('b.id', '=', v.branch))
    .leftJoin('adjustment_types as t', (j) => j.onRef('t.business_id', '=', 's.id').on('t.id', '=', v.type))
    .leftJoin('general_settings as g', 'g.business_id', 's.id')
    .leftJoin('users as u', (j) => j.onRef('u.business_id', '=', 's.id').on('u.id', '=', v.user))
    .select([
      'b.name as branch_name',
      'b.status as branch_status',
      't.name as type_name',
      't.direction',
      't.status as type_status',
      'g.out_of_stock_sale',
      'g.default_stock_alert',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('created_by'),
    ])
    .where('s.id', '=', v.business),
);

const DOCUMENT_COLUMNS = [
  'business_id',
  'id',
  'adjustment_number',
  'branch_id',
  'adjustment_type_id',
  'direction',
  'adjusted_on',
  'reason',
  'status',
  'line_count',
  'created_by',
  'created_at',
  'voided_at',
] as const;
const insertDocument = precompiled(DOCUMENT_COLUMNS, (db, v) => db.insertInto('stock_adjustments').values(v));

/**
 * postAdjustment, answering the new document as detail() would read it, built from what was written.
 *
 * The document number is taken last: on PostgreSQL its counter row stays locked from then until the transaction
 * ends, and every other adjustment of the shop waits for it, so everything that can come before it (checks, the
 * movements with their level locks) does. The document's row and lines, which carry or need the number, follow it.
 */
export async function writeAdjustment(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof stockAdjustmentInputSchema>,
): Promise<StockAdjustmentDetail> {
  const { kind, clock } = deps;
  if (branchScope(ctx, input.branch_id) !== input.branch_id) throw unprocessable('stock.errors.branch_not_yours', 'branch_id');
  // One query for what the document names and what the ledger needs of the shop.
  const head = (
    await headQuery(trx, kind, { business: ctx.businessId, branch: input.branch_id, type: input.adjustment_type_id, user: ctx.userId })
  ).rows[0];
  if (!head) throw notFound();
  if (head.branch_status !== 1 || head.branch_name === null) throw unprocessable('validation.branch_required', 'branch_id');
  if (!head.type_status || head.type_name === null) throw unprocessable('stock.errors.type_inactive', 'adjustment_type_id');
  const direction = head.direction as 'addition' | 'subtraction';
  const type = direction === 'addition' ? 'adjustment_in' : 'adjustment_out';

  const id = newId();
  const products = await productRows(
    trx,
    kind,
    ctx.businessId,
    input.lines.map((l) => l.product_id),
  );
  const lines = await prepareLines(trx, ctx.businessId, input.branch_id, input.lines);
  const settings =
    head.out_of_stock_sale === null
      ? undefined
      : { out_of_stock_sale: head.out_of_stock_sale, default_stock_alert: head.default_stock_alert };
  const posted = await postMovementsWith(
    trx,
    kind,
    clock.now(),
    ctx,
    { type, docType: DOC_TYPE, docId: id, lines: lines.ledger },
    { settings, products },
  );

  // Last: the number, and what carries it.
  const number = formatDocumentNumber('ADJ', await nextDocumentNumber(trx, kind, ctx.businessId, SERIES));
  const at = clock.now().toISOString();
  const doc: Required<Insertable<Database['stock_adjustments']>> = {
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
  };
  await insertDocument(trx, kind, doc);
  await insertLines(trx, kind, 'stock_adjustment_lines', ctx.businessId, id, lines.rows);
  await audit(deps)(trx, ctx, 'create', id, { adjustment_number: number });
  return {
    ...toApi({
      id,
      adjustment_number: number,
      branch_id: input.branch_id,
      branch_name: head.branch_name,
      adjustment_type_id: input.adjustment_type_id,
      adjustment_type_name: head.type_name,
      direction,
      adjusted_on: input.adjusted_on,
      reason: input.reason,
      state: 'posted',
      line_count: input.lines.length,
      created_by: head.created_by,
      created_at: at,
    }),
    lines: await writtenLines(trx, ctx.businessId, lines.rows, posted, products),
  };
}
