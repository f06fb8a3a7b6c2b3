import { sql, type Kysely } from 'kysely';
import { tillReceiptNumber, type Till, type TillRegisterInput } from '@posauto/shared/schemas/tills';
import type { Deps } from '../../deps';
import { nextDocumentNumber } from '../../db/document-number';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { auditFor } from '../../kernel/audit';
import { newId } from '../../lib/ids';

/** The shop's series of till codes: T01, T02... */
export const TILL_COUNTER = 'tills';

const COLUMNS = ['id', 'code', 'name', 'branch_id', 'last_number', 'created_at', 'last_seen_at'] as const;

const toApi = (r: {
  id: string;
  code: string;
  name: string;
  branch_id: string;
  last_number: number;
  created_at: string;
  last_seen_at: string | null;
}): Till => ({
  ...r,
  last_number: Number(r.last_number),
});

/** The tills of the caller's shop that the caller may sell at: of its own branch for a branch user. */
const tillRows = (db: Kysely<Database>, ctx: RequestContext) => {
  const q = db.selectFrom('tills').select(COLUMNS).where('business_id', '=', ctx.businessId);
  return ctx.branchId ? q.where('branch_id', '=', ctx.branchId) : q;
};

/**
 * What an offline sale's number must be, checked and taken inside the sale's transaction: the till of the caller's shop
 * in the sale's branch. The number is the till's own and the sale keeps it; the till's `last_number` moves up to it, so
 * a till whose storage was lost goes on after the highest the server holds. A resend of the same sale never gets here
 * (its Idempotency-Key answers it first); another sale with a number the till already used meets the unique index
 * (business_id, till_id, till_number) at the insert, and the sales service answers 409 (one guard, races included).
 */
export async function takeTillNumber(
  trx: Kysely<Database>,
  ctx: RequestContext,
  at: string,
  sale: { tillId: string; number: number; branchId: string },
): Promise<{ invoiceNumber: string }> {
  const till = await trx
    .selectFrom('tills')
    .select(['code', 'branch_id'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', sale.tillId)
    .executeTakeFirst();
  if (!till) throw unprocessable('tills.errors.unknown', 'offline.till_id');
  if (till.branch_id !== sale.branchId) throw unprocessable('tills.errors.other_branch', 'offline.till_id');
  await trx
    .updateTable('tills')
    // The higher of the two, in words both databases read (SQLite's max(a, b) is PostgreSQL's greatest).
    .set({ last_number: sql<number>`case when last_number < ${sale.number} then ${sale.number} else last_number end`, last_seen_at: at })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', sale.tillId)
    .execute();
  return { invoiceNumber: tillReceiptNumber(till.code, sale.number) };
}

/**
 * A new till in a branch: the one named (the demo seed's), else the branch the caller sells in: its open cash
 * session's, else its own (a branch user's). A shop-level user with neither is refused: a till belongs to one branch.
 */
export async function registerTillIn(
  trx: Kysely<Database>,
  deps: Pick<Deps, 'kind' | 'clock'>,
  ctx: RequestContext,
  input: TillRegisterInput,
  branch?: string,
): Promise<Till> {
  const session = branch
    ? undefined
    : await trx
        .selectFrom('cash_sessions')
        .select('branch_id')
        .where('business_id', '=', ctx.businessId)
        .where('user_id', '=', ctx.userId)
        .where('status', '=', 'open')
        .executeTakeFirst();
  const branchId = branch ?? session?.branch_id ?? ctx.branchId;
  if (!branchId) throw unprocessable('tills.errors.no_branch');
  const n = await nextDocumentNumber(trx, deps.kind, ctx.businessId, TILL_COUNTER);
  const row = {
    business_id: ctx.businessId,
    id: newId(),
    branch_id: branchId,
    code: `T${String(n).padStart(2, '0')}`,
    name: input.name.trim(),
    created_by: ctx.userId,
    created_at: deps.clock.now().toISOString(),
    last_seen_at: null,
  };
  await trx.insertInto('tills').values(row).execute();
  await auditFor(deps.clock, 'till')(trx, ctx, 'create', row.id, { code: row.code, name: row.name, branch_id: branchId });
  return toApi({ ...row, last_number: 0 });
}

/**
 * Tills (issue #26): a device registers while online and gets its code, the prefix of the receipt numbers it gives
 * itself; it reads itself back to go on after the highest number the server holds. The list is the shop's tills (a
 * branch user's: its branch's), in the order they were registered.
 */
export function tillsService(deps: Deps) {
  return {
    async get(ctx: RequestContext, id: string): Promise<Till> {
      const row = await tillRows(deps.db, ctx).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      return toApi(row);
    },

    async list(ctx: RequestContext): Promise<{ data: Till[] }> {
      return { data: (await tillRows(deps.db, ctx).orderBy('code').execute()).map(toApi) };
    },

    register: (ctx: RequestContext, input: TillRegisterInput) =>
      deps.db.transaction().execute((trx) => registerTillIn(trx, deps, ctx, input)),
  };
}
