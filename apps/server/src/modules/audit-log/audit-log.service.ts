import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { AuditEntry, AuditLogListQuery, AuditLogOptions } from '@posauto/shared/schemas/audit-log';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { listBatches, runList, type ListSpec } from '../../db/list';
import { branchScope, whereBranch, type RequestContext } from '../../http/context';
import type { Language } from '../../lib/i18n';
import { shopPeriod, shopTimeZone } from '../settings/index';
import { toEntry, type AuditRow } from './audit-entry';

/**
 * The branch of an entry: its document's (a transfer: the sending branch), a user's for a change to that user, the
 * acting user's for a sign-in. Settings, products, roles... have none: only shop-level users see those.
 */
const branchOf = sql<
  string | null
>`coalesce(s.branch_id, sr.branch_id, cs.branch_id, p.branch_id, pr.branch_id, sa.branch_id, st.from_branch_id, e.branch_id, tu.branch_id, CASE WHEN a.entity = 'session' THEN u.branch_id END)`;

/**
 * The kind of an entry, the screen's filter: the first that fits, so each entry has exactly one. Matched on the words
 * of the action where other modules keep adding actions (a cash refund, a discount approval, a price edit), so a new
 * one lands in its kind without a change here. A close is "with a difference" when the session's frozen counts, written
 * in the same transaction as its audit line, differ from what was expected in either currency.
 */
const kindOf = sql<string>`CASE
  WHEN a.action = 'void' THEN 'voids'
  WHEN a.entity IN ('sale_return', 'purchase_return') OR a.action LIKE '%refund%' THEN 'returns'
  WHEN a.action LIKE '%discount%' THEN 'discounts'
  WHEN a.action LIKE '%price%' THEN 'price_edits'
  WHEN a.action = 'reprint' THEN 'reprints'
  WHEN a.entity = 'cash_session' AND a.action IN ('cash_in', 'cash_out') THEN 'cash_moves'
  WHEN a.entity = 'cash_session' AND a.action = 'close' AND (cs.counted_usd <> cs.expected_usd OR cs.counted_khr <> cs.expected_khr) THEN 'close_differences'
  WHEN a.entity = 'session' THEN 'sign_ins'
  WHEN a.entity IN ('role', 'user') THEN 'roles_users'
  ELSE 'other' END`;

const fullName = (alias: 'u' | 'tu') => sql<string>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;

/** Each audit line with the document it names (every join is on the document's key, and only for its entity). */
const selectEntries = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', sameShop('u', 'a.user_id'))
    .leftJoin('sales as s', (j) =>
      j.on('a.entity', '=', 'sale').onRef('s.business_id', '=', 'a.business_id').onRef('s.id', '=', 'a.entity_id'),
    )
    .leftJoin('sale_returns as sr', (j) =>
      j.on('a.entity', '=', 'sale_return').onRef('sr.business_id', '=', 'a.business_id').onRef('sr.id', '=', 'a.entity_id'),
    )
    .leftJoin('cash_sessions as cs', (j) =>
      j.on('a.entity', '=', 'cash_session').onRef('cs.business_id', '=', 'a.business_id').onRef('cs.id', '=', 'a.entity_id'),
    )
    .leftJoin('purchases as p', (j) =>
      j.on('a.entity', '=', 'purchase').onRef('p.business_id', '=', 'a.business_id').onRef('p.id', '=', 'a.entity_id'),
    )
    .leftJoin('purchase_returns as pr', (j) =>
      j.on('a.entity', '=', 'purchase_return').onRef('pr.business_id', '=', 'a.business_id').onRef('pr.id', '=', 'a.entity_id'),
    )
    .leftJoin('stock_transfers as st', (j) =>
      j.on('a.entity', '=', 'stock_transfer').onRef('st.business_id', '=', 'a.business_id').onRef('st.id', '=', 'a.entity_id'),
    )
    .leftJoin('stock_adjustments as sa', (j) =>
      j.on('a.entity', '=', 'stock_adjustment').onRef('sa.business_id', '=', 'a.business_id').onRef('sa.id', '=', 'a.entity_id'),
    )
    .leftJoin('expenses as e', (j) =>
      j.on('a.entity', '=', 'expense').onRef('e.business_id', '=', 'a.business_id').onRef('e.id', '=', 'a.entity_id'),
    )
    .leftJoin('products as pd', (j) =>
      j.on('a.entity', '=', 'product').onRef('pd.business_id', '=', 'a.business_id').onRef('pd.id', '=', 'a.entity_id'),
    )
    .leftJoin('roles as ro', (j) =>
      j.on('a.entity', '=', 'role').onRef('ro.business_id', '=', 'a.business_id').onRef('ro.id', '=', 'a.entity_id'),
    )
    .leftJoin('users as tu', (j) =>
      j.on('a.entity', '=', 'user').onRef('tu.business_id', '=', 'a.business_id').onRef('tu.id', '=', 'a.entity_id'),
    )
    .leftJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'a.business_id').on(sql<SqlBool>`b.id = ${branchOf}`))
    .leftJoin('branches as tb', sameShop('tb', 'st.to_branch_id'))
    .select([
      'a.id',
      'a.created_at',
      'a.user_id',
      sql<string | null>`CASE WHEN u.id IS NOT NULL THEN ${fullName('u')} END`.as('user_name'),
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.detail',
      'a.ip',
      kindOf.as('kind'),
      sql<string | null>`coalesce(s.id, sr.id, cs.id, p.id, pr.id, st.id, sa.id, pd.id, ro.id, tu.id)`.as('doc_id'),
      sql<
        string | null
      >`coalesce(s.invoice_number, sr.return_number, cs.session_number, p.purchase_number, pr.return_number, st.transfer_number, sa.adjustment_number, pd.product_name, ro.name, CASE WHEN tu.id IS NOT NULL THEN ${fullName('tu')} END)`.as(
        'document_number',
      ),
      's.document as sale_document',
      sql<string | null>`coalesce(s.currency, sr.currency)`.as('doc_currency'),
      'tu.branch_id as target_branch_id',
      'tu.email as target_email',
      'b.id as branch_id',
      'b.name as branch_name',
      'tb.id as to_branch_id',
      'tb.name as to_branch_name',
    ])
    .where('a.business_id', '=', businessId);

const LIST: ListSpec = {
  // Raw actions and entities, the details (names, numbers, reasons), who, where, and the documents' numbers.
  searchColumns: [
    'a.action',
    'a.entity',
    'a.detail',
    'a.ip',
    'u.first_name',
    'u.last_name',
    's.invoice_number',
    'sr.return_number',
    'cs.session_number',
    'p.purchase_number',
    'pr.return_number',
    'st.transfer_number',
    'sa.adjustment_number',
    'pd.product_name',
    'ro.name',
    'b.name',
  ],
  sorts: { created_at: 'a.created_at' },
  // Newest first, the way an owner reads what happened.
  defaultSort: 'a.created_at',
  idColumn: 'a.id',
};

export function auditLogService(deps: Deps) {
  const { db, kind } = deps;

  /** The list's base query with the request's period, branch and kind; who acted is a plain filter of runList. */
  async function filtered(ctx: RequestContext, query: AuditLogListQuery) {
    const period = await shopPeriod(db, ctx.businessId, query);
    // A branch user reads its own branch's entries whatever it asks; entries of no branch are the shop's alone.
    const branchId = branchScope(ctx, query.branch_id);
    const base = (biz: string) => {
      let q = selectEntries(db, biz);
      // Days are the shop's local days, turned into instants so that the (business_id, created_at) index serves them.
      if (period.from) q = q.where('a.created_at', '>=', period.from);
      if (period.to) q = q.where('a.created_at', '<', period.to);
      // A transfer belongs to both of its branches.
      if (branchId)
        q = q.where(sql<SqlBool>`(${branchOf} = ${branchId} OR (a.entity = 'stock_transfer' AND st.to_branch_id = ${branchId}))`);
      if (query.kind) q = q.where(sql<SqlBool>`${kindOf} = ${query.kind}`);
      return q;
    };
    const listQuery = { ...query, status: undefined, order: query.sort ? query.order : ('desc' as const) };
    return { base, listQuery, filters: { 'a.user_id': query.user_id } };
  }

  return {
    async list(ctx: RequestContext, query: AuditLogListQuery, lang: Language): Promise<ListResponse<AuditEntry>> {
      const { base, listQuery, filters } = await filtered(ctx, query);
      const { rows, meta } = await runList<AuditRow>(db, kind, ctx.businessId, base, listQuery, LIST, undefined, filters);
      return { data: rows.map((r) => toEntry(lang, r)), meta };
    },

    /** Every matching entry, a batch at a time (exports). */
    async *rows(ctx: RequestContext, query: AuditLogListQuery, lang: Language): AsyncGenerator<AuditEntry[]> {
      const { base, listQuery, filters } = await filtered(ctx, query);
      for await (const batch of listBatches<AuditRow>(db, kind, ctx.businessId, base, listQuery, LIST, undefined, filters))
        yield batch.map((r) => toEntry(lang, r));
    },

    timeZone: (ctx: RequestContext) => shopTimeZone(db, ctx.businessId),

    /** Branches (a branch user: its own) and the users who can act there (a branch user: its branch's and the shop's). */
    async options(ctx: RequestContext): Promise<AuditLogOptions> {
      const branches = whereBranch(db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', ctx.businessId), 'id', ctx);
      let users = db
        .selectFrom('users as u')
        .select(['u.id', fullName('u').as('name')])
        .where('u.business_id', '=', ctx.businessId);
      if (ctx.branchId) users = users.where((eb) => eb.or([eb('u.branch_id', '=', ctx.branchId), eb('u.branch_id', 'is', null)]));
      const [b, u] = await Promise.all([
        branches.orderBy('name').execute(),
        users.orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').execute(),
      ]);
      return { branches: b, users: u };
    },
  };
}
