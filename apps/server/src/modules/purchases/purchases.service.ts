import type { Kysely } from 'kysely';
import { formatRate } from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import {
  purchaseInputSchema,
  purchasePaymentInputSchema,
  type Purchase,
  type PurchaseDetail,
  type PurchaseInput,
  type PurchaseListQuery,
  type PurchaseOptions,
  type PurchasePaymentInput,
  type SupplierBalance,
} from '@posauto/shared/schemas/purchases';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { runList } from '../../db/list';
import { inPeriod } from '../../db/period';
import { branchFilter, whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { auditFor } from '../../kernel/audit';
import { releaseImage } from '../media/index';
import { shopSettings } from '../settings/index';
import { purchaseDetail, purchaseHeader, purchaseToApi, supplierDue } from './purchase-detail';
import { moneyOut } from './purchase-money';
import { addPaymentIn, removePayment } from './purchase-payments';
import { hasPostedReturns, lockPurchase, receiveStock, reverseReceived, storedLedger } from './purchase-stock';
import { postPurchase, rewritePurchase } from './purchase-write';

export function purchasesService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'purchase');
  const detail = (trx: Kysely<Database>, ctx: RequestContext, id: string) => purchaseDetail(trx, deps, ctx, id);

  return {
    /** Active suppliers, branches (a branch user: its own), payment methods, and the shop's units. */
    async options(ctx: RequestContext): Promise<PurchaseOptions> {
      let branches = db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', ctx.businessId).where('status', '=', 1);
      branches = whereBranch(branches, 'id', ctx);
      const active = (table: 'suppliers' | 'payment_methods') =>
        db
          .selectFrom(table)
          .select(['id', 'name'])
          .where('business_id', '=', ctx.businessId)
          .where('status', '=', 1)
          .orderBy('name')
          .execute();
      const [b, suppliers, methods, units, settings] = await Promise.all([
        branches.orderBy('name').execute(),
        active('suppliers'),
        active('payment_methods'),
        db.selectFrom('units').select(['id', 'name', 'base_unit_id']).where('business_id', '=', ctx.businessId).orderBy('name').execute(),
        shopSettings(db, ctx.businessId),
      ]);
      // A shop without a rate of its own says so ('0'): the form then offers no payment in the other currency.
      const exchange_rate = settings.rateSet ? formatRate(settings.rate) : '0';
      return { currency: settings.currency, exchange_rate, branches: b, suppliers, payment_methods: methods, units };
    },

    async list(ctx: RequestContext, query: PurchaseListQuery): Promise<ListResponse<Purchase>> {
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => inPeriod(purchaseHeader(db, biz), 'p.purchase_date', query),
        { ...query, status: undefined, order: query.sort ? query.order : 'desc' },
        {
          searchColumns: ['p.purchase_number', 's.name', 'p.note'],
          sorts: { purchase_number: 'p.purchase_number', purchase_date: 'p.purchase_date', created_at: 'p.created_at' },
          // Newest purchase date first (then the newest made), the way a shop reads its purchases.
          defaultSort: 'p.purchase_date',
          idColumn: 'p.id',
        },
        undefined,
        {
          ...branchFilter(ctx, 'p.branch_id', query.branch_id),
          'p.supplier_id': query.supplier_id,
          'p.status': query.purchase_status,
          'p.payment_status': query.payment_status,
        },
      );
      return { data: rows.map(purchaseToApi), meta };
    },

    get: (ctx: RequestContext, id: string) => detail(db, ctx, id),

    async supplierBalance(ctx: RequestContext, supplierId: string): Promise<SupplierBalance> {
      const supplier = await db
        .selectFrom('suppliers')
        .select(['id', 'name'])
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', supplierId)
        .executeTakeFirst();
      if (!supplier) throw notFound();
      const [due, { currency }] = await Promise.all([supplierDue(db, ctx, supplierId), shopSettings(db, ctx.businessId)]);
      return {
        supplier_id: supplier.id,
        supplier_name: supplier.name,
        currency,
        purchase_count: due.n,
        grand_total: moneyOut(due.total, currency),
        paid: moneyOut(due.paid, currency),
        balance_due: moneyOut(due.due, currency),
      };
    },

    async create(ctx: RequestContext, raw: PurchaseInput): Promise<PurchaseDetail> {
      const input = purchaseInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => detail(trx, ctx, await postPurchase(trx, deps, ctx, input)));
    },

    /**
     * Pending and ordered purchases are edited freely. A received one stays received: what it put in stock is taken
     * back and the new lines are received, so the ledger shows the correction. Returns made against it block edits.
     */
    async update(ctx: RequestContext, id: string, raw: PurchaseInput): Promise<PurchaseDetail> {
      const input = purchaseInputSchema.parse(raw);
      let replaced: string | null = null;
      const saved = await db.transaction().execute(async (trx) => {
        replaced = await rewritePurchase(trx, deps, ctx, id, input);
        return detail(trx, ctx, id);
      });
      // The old image goes once the change is committed (and only when nothing else shows it).
      if (replaced) await releaseImage(deps, ctx.businessId, replaced);
      return saved;
    },

    /** A pending or ordered purchase arrives: its lines go into stock at their cost plus their part of shipping. */
    async receive(ctx: RequestContext, id: string): Promise<PurchaseDetail> {
      return db.transaction().execute(async (trx) => {
        const row = await lockPurchase(trx, deps, ctx, id);
        if (row.status === 'received') throw unprocessable('purchases.errors.already_received');
        if (row.status === 'void') throw unprocessable('purchases.errors.void');
        const ledger = await storedLedger(trx, ctx, id, row.branch_id);
        const at = clock.now().toISOString();
        await trx
          .updateTable('purchases')
          .set({ status: 'received', received_at: at, updated_at: at })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        await receiveStock(trx, deps, ctx, id, ledger);
        await audit(trx, ctx, 'receive', id, { purchase_number: row.purchase_number });
        return detail(trx, ctx, id);
      });
    },

    /** Cancels a purchase: what it received leaves stock again; it stays in the list, void. */
    async cancel(ctx: RequestContext, id: string): Promise<PurchaseDetail> {
      return db.transaction().execute(async (trx) => {
        const row = await lockPurchase(trx, deps, ctx, id);
        if (row.status === 'void') throw unprocessable('stock.errors.already_void');
        if (await hasPostedReturns(trx, ctx.businessId, id)) throw unprocessable('purchases.errors.has_returns');
        if (Number(row.paid_amount) > 0) throw unprocessable('purchases.errors.has_payments');
        const at = clock.now().toISOString();
        await trx
          .updateTable('purchases')
          .set({ status: 'void', voided_at: at, updated_at: at })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        if (row.status === 'received') await reverseReceived(trx, deps, ctx, id);
        await audit(trx, ctx, 'void', id, { purchase_number: row.purchase_number });
        return detail(trx, ctx, id);
      });
    },

    async addPayment(ctx: RequestContext, id: string, raw: PurchasePaymentInput): Promise<PurchaseDetail> {
      const input = purchasePaymentInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        await addPaymentIn(trx, deps, ctx, id, input, '');
        await audit(trx, ctx, 'payment', id, { amount: input.amount, currency: input.currency ?? null });
        return detail(trx, ctx, id);
      });
    },

    async deletePayment(ctx: RequestContext, id: string, paymentId: string): Promise<PurchaseDetail> {
      return db.transaction().execute(async (trx) => {
        await removePayment(trx, deps, ctx, id, paymentId);
        await audit(trx, ctx, 'delete_payment', id, { payment_id: paymentId });
        return detail(trx, ctx, id);
      });
    },
  };
}
