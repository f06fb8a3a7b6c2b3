import type { Kysely } from 'kysely';
import type { ListResponse } from '@posauto/shared/schemas/common';
import {
  idempotencyKeySchema,
  saleConvertInputSchema,
  saleInputSchema,
  salePaymentAddSchema,
  saleVoidInputSchema,
  type SaleVoidInput,
  type Sale,
  type SaleConvertInput,
  type SaleDetail,
  type SaleInput,
  type SaleListQuery,
  type SalePaymentAdd,
} from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { isUniqueViolation, preparedRows } from '../../db/dialect/index';
import { groupCommit } from '../../db/group-commit';
import { runList } from '../../db/list';
import { branchFilter, type RequestContext } from '../../http/context';
import { conflict, invalid, unprocessable } from '../../http/errors';
import { auditFor } from '../../kernel/audit';
import { assertMayWrite, commitSale, isTillSale } from './sale-commit';
import { addSalePayment, convertQuotation, updateInvoice, voidSale } from './sale-changes';
import { requestHash } from './sale-money';
import { saleDetail, saleHeader, toApi, visibleTo } from './sales-read';

/** The answer to POST /sales: the document, and whether it is the first answer to its Idempotency-Key. */
export interface CreatedSale {
  sale: SaleDetail;
  replayed: boolean;
}

export function salesService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'sale');
  // New documents: on SQLite those that arrive together share one commit (db/group-commit.ts).
  const written = kind === 'sqlite' ? groupCommit(db) : <T>(run: (trx: Kysely<Database>) => Promise<T>) => db.transaction().execute(run);

  /** The first sale made with an Idempotency-Key, or undefined. */
  const byKey = async (trx: Kysely<Database>, businessId: string, key: string) =>
    (
      await preparedRows(
        trx,
        trx.selectFrom('sales').select(['id', 'request_hash']).where('business_id', '=', businessId).where('idempotency_key', '=', key),
      )
    )[0];

  /** The same key again: the first sale if the body is the same, refused if it is not. */
  async function replay(ctx: RequestContext, found: { id: string; request_hash: string | null }, hash: string): Promise<CreatedSale> {
    if (found.request_hash !== hash) throw unprocessable('sales.errors.idempotency_mismatch');
    return { sale: await db.connection().execute((conn) => saleDetail(conn, kind, ctx, found.id)), replayed: true };
  }

  return {
    /**
     * POST /sales. With an Idempotency-Key (required at the till), a key already used answers the first sale and
     * saves nothing; when two requests with one key arrive together, the second meets the unique index on the key
     * (on PostgreSQL after waiting for the first transaction), its transaction rolls back, and it answers the first.
     *
     * Each read asks the database for a connection, and at 50 tills on PostgreSQL the wait for one of the pool's ten was
     * most of a sale's time: the key is looked for inside the sale's own transaction, and the answer is read on one
     * connection, not one a query (issue #22, item 8).
     */
    async create(ctx: RequestContext, raw: SaleInput, key?: string | null): Promise<CreatedSale> {
      const input = saleInputSchema.parse(raw);
      assertMayWrite(ctx, input);
      if (key !== undefined && key !== null && !idempotencyKeySchema.safeParse(key).success)
        throw invalid({ 'idempotency-key': 'sales.errors.idempotency_key_invalid' });
      if (!key && isTillSale(input)) throw unprocessable('sales.errors.idempotency_key_required', 'idempotency-key');
      // RFC 9562: a UUID's text is read in either case; one sale, one key.
      if (key) key = key.toLowerCase();
      const hash = key ? requestHash(input) : null;
      try {
        const outcome = await written(async (trx) => {
          if (key) {
            // A key already used: the first sale, and this transaction writes nothing. SQLite runs one write
            // transaction at a time, so a duplicate that waited its turn (or came in the same group commit) finds the
            // first here; on PostgreSQL one still under way is stopped by the unique index on the key at the insert.
            const found = await byKey(trx, ctx.businessId, key);
            if (found) return { replay: found };
          }
          return { id: await commitSale(trx, deps, ctx, input, { idempotencyKey: key ?? null, requestHash: hash }) };
        });
        if ('replay' in outcome) return replay(ctx, outcome.replay!, hash!);
        const id = outcome.id;
        return { sale: await db.connection().execute((conn) => saleDetail(conn, kind, ctx, id, true)), replayed: false };
      } catch (e) {
        if (key && isUniqueViolation(kind, e)) {
          const found = await byKey(db, ctx.businessId, key);
          if (found) return replay(ctx, found, hash!);
        }
        // Two different sales of one offline till with one number, at the same moment: the second meets the index.
        if (input.offline && isUniqueViolation(kind, e)) throw conflict('tills.errors.number_taken', 'offline.till_number');
        throw e;
      }
    },

    async list(ctx: RequestContext, query: SaleListQuery): Promise<ListResponse<Sale>> {
      const visible = visibleTo(ctx);
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => {
          let q = saleHeader(db, biz);
          if (visible) q = q.where(visible);
          if (query.from) q = q.where('s.sale_date', '>=', query.from);
          if (query.to) q = q.where('s.sale_date', '<=', query.to);
          if (query.review === 'needed') q = q.where('s.review', 'is not', null);
          return q;
        },
        { ...query, status: undefined, order: query.sort ? query.order : 'desc' },
        {
          searchColumns: ['s.invoice_number', 'c.name', 'c.member_id', 's.note'],
          sorts: { invoice_number: 's.invoice_number', sale_date: 's.sale_date', sold_at: 's.sold_at', grand_total: 's.grand_total' },
          // Newest first, the way a shop reads its sales.
          defaultSort: 's.sold_at',
          idColumn: 's.id',
        },
        undefined,
        {
          ...branchFilter(ctx, 's.branch_id', query.branch_id),
          's.document': query.document,
          's.sale_type': query.sale_type,
          's.created_by': query.cashier_id,
          's.customer_id': query.customer_id,
          's.cash_session_id': query.cash_session_id,
          's.status': query.sale_status,
          's.payment_status': query.payment_status,
        },
      );
      return { data: rows.map(toApi), meta };
    },

    get: (ctx: RequestContext, id: string) => saleDetail(db, kind, ctx, id),

    /** A reprint of a receipt or invoice: allowed, and written to the audit log. */
    async reprint(ctx: RequestContext, id: string): Promise<SaleDetail> {
      return db.transaction().execute(async (trx) => {
        const doc = await saleDetail(trx, kind, ctx, id);
        await audit(trx, ctx, 'reprint', id, { invoice_number: doc.invoice_number });
        return doc;
      });
    },

    /** A payment towards what a sale or invoice is still owed (sale-changes.ts, addSalePayment). */
    async addPayment(ctx: RequestContext, id: string, raw: SalePaymentAdd): Promise<SaleDetail> {
      const input = salePaymentAddSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        await addSalePayment(trx, deps, ctx, id, input);
        return saleDetail(trx, kind, ctx, id);
      });
    },

    /** Voids a sale, invoice or quotation (sale-changes.ts, voidSale). */
    async void(ctx: RequestContext, id: string, raw: SaleVoidInput = {}): Promise<SaleDetail> {
      const input = saleVoidInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        await voidSale(trx, deps, ctx, id, input);
        return saleDetail(trx, kind, ctx, id);
      });
    },

    /** An open quotation becomes a sale or an invoice at its quoted prices; answers the new document. */
    async convert(ctx: RequestContext, id: string, raw: SaleConvertInput): Promise<SaleDetail> {
      const body = saleConvertInputSchema.parse(raw);
      const created = await db.transaction().execute((trx) => convertQuotation(trx, deps, ctx, id, body));
      return saleDetail(db, kind, ctx, created);
    },

    /** Edits an invoice while nothing was paid and nothing delivered (sale-changes.ts, updateInvoice). */
    async update(ctx: RequestContext, id: string, raw: SaleInput): Promise<SaleDetail> {
      const input = saleInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        await updateInvoice(trx, deps, ctx, id, input);
        return saleDetail(trx, kind, ctx, id);
      });
    },
  };
}
