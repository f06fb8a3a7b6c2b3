import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  FACTOR_SCALE,
  allocate,
  convertQuantity,
  exchangeRate,
  formatQuantity,
  formatRate,
  isCurrencyCode,
  lineAmount,
  money,
  parseQuantity,
  paymentWorth,
} from '@posauto/shared/money/index';
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
import { sameShop } from '../../db/same-shop';
import { forUpdate } from '../../db/dialect/index';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { runList } from '../../db/list';
import { branchFilter, branchScope, whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { claimUpload, mediaUrl, releaseImage } from '../media/index';
import { postMovements, unitFactor, type LedgerLine } from '../stock/index';
import { moneyOut, paymentStatusOf, shopCurrency, shopRate, toMinor } from './purchase-money';

const SERIES = 'purchase_number';
export const PURCHASE_DOC = 'purchase';
type Input = z.output<typeof purchaseInputSchema>;
type PaymentInput = z.output<typeof purchasePaymentInputSchema>;

const header = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('purchases as p')
    .innerJoin('suppliers as s', sameShop('s', 'p.supplier_id'))
    .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'p.business_id').onRef('b.id', '=', 'p.branch_id'))
    .leftJoin('users as u', (j) => j.onRef('u.business_id', '=', 'p.business_id').onRef('u.id', '=', 'p.created_by'))
    .select([
      'p.id',
      'p.purchase_number',
      'p.purchase_date',
      'p.supplier_id',
      's.name as supplier_name',
      'p.branch_id',
      'b.name as branch_name',
      'p.status',
      'p.payment_status',
      'p.currency',
      'p.subtotal',
      'p.shipping_cost',
      'p.grand_total',
      'p.paid_amount',
      'p.note',
      'p.line_count',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('created_by'),
      'p.created_at',
      'p.received_at',
    ])
    .where('p.business_id', '=', businessId);

type HeaderRow = Awaited<ReturnType<ReturnType<typeof header>['executeTakeFirstOrThrow']>>;

function toApi(r: HeaderRow): Purchase {
  const { subtotal, shipping_cost, grand_total, paid_amount, ...rest } = r;
  return {
    ...rest,
    subtotal: moneyOut(subtotal, r.currency),
    shipping_cost: moneyOut(shipping_cost, r.currency),
    grand_total: moneyOut(grand_total, r.currency),
    paid: moneyOut(paid_amount, r.currency),
    balance_due: moneyOut(Math.max(grand_total - paid_amount, 0), r.currency),
  };
}

/** Locks the purchase row until the transaction ends (PostgreSQL), so returns, edits and payments take turns. */
export async function lockPurchase(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string) {
  let q = trx.selectFrom('purchases').selectAll().where('business_id', '=', ctx.businessId).where('id', '=', id);
  q = whereBranch(q, 'branch_id', ctx);
  const row = await forUpdate(deps.kind, q).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** What a supplier is owed over all its purchases that are not void (a branch user: its branch's purchases). */
async function supplierDue(db: Kysely<Database>, ctx: RequestContext, supplierId: string) {
  let q = db
    .selectFrom('purchases')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(grand_total), 0)`.as('total'),
      sql<number>`coalesce(sum(paid_amount), 0)`.as('paid'),
      sql<number>`coalesce(sum(case when grand_total > paid_amount then grand_total - paid_amount else 0 end), 0)`.as('due'),
    ])
    .where('business_id', '=', ctx.businessId)
    .where('supplier_id', '=', supplierId)
    .where('status', '!=', 'void');
  q = whereBranch(q, 'branch_id', ctx);
  const r = await q.executeTakeFirstOrThrow();
  return { n: Number(r.n), total: Number(r.total), paid: Number(r.paid), due: Number(r.due) };
}

export function purchasesService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'purchase');

  async function detail(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<PurchaseDetail> {
    let q = header(trx, ctx.businessId).select('p.attachment').where('p.id', '=', id);
    q = whereBranch(q, 'p.branch_id', ctx);
    const found = await q.executeTakeFirst();
    if (!found) throw notFound();
    const { attachment, ...head } = found;
    const c = head.currency;
    const lines = await trx
      .selectFrom('purchase_lines as l')
      .innerJoin('products as pr', (j) => j.onRef('pr.business_id', '=', 'l.business_id').onRef('pr.id', '=', 'l.product_id'))
      .leftJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'l.business_id').onRef('v.id', '=', 'l.variant_id'))
      .leftJoin('units as u', (j) => j.onRef('u.business_id', '=', 'l.business_id').onRef('u.id', '=', 'l.unit_id'))
      .select([
        'l.id',
        'l.product_id',
        'l.variant_id',
        'pr.product_name',
        'v.name as variant_name',
        'pr.sku_code',
        'v.sku_code as variant_sku',
        'pr.has_expiry',
        'l.unit_id',
        'u.name as unit_name',
        'l.unit_factor',
        'l.quantity',
        'l.unit_cost',
        'l.line_total',
        'l.shipping_share',
        'l.expiry_date',
      ])
      .where('l.business_id', '=', ctx.businessId)
      .where('l.purchase_id', '=', id)
      .orderBy('l.line_no')
      .execute();
    const returned = await returnedByLine(trx, ctx.businessId, id);
    const payments = await trx
      .selectFrom('purchase_payments as y')
      .innerJoin('payment_methods as m', (j) => j.onRef('m.business_id', '=', 'y.business_id').onRef('m.id', '=', 'y.payment_method_id'))
      .select([
        'y.id',
        'y.payment_method_id',
        'm.name as payment_method_name',
        'y.amount',
        'y.tendered_currency',
        'y.tendered_amount',
        'y.paid_on',
        'y.note',
        'y.created_at',
      ])
      .where('y.business_id', '=', ctx.businessId)
      .where('y.purchase_id', '=', id)
      .orderBy('y.created_at')
      .orderBy('y.id')
      .execute();
    const due = await supplierDue(trx, ctx, head.supplier_id);
    return {
      ...toApi(head),
      lines: lines.map((l) => {
        const back = returned.get(l.id) ?? 0;
        const left = head.status === 'received' ? l.quantity - back : 0;
        return {
          id: l.id,
          product_id: l.product_id,
          variant_id: l.variant_id || null,
          product_name: l.variant_name ? `${l.product_name} - ${l.variant_name}` : l.product_name,
          sku_code: l.variant_sku ?? l.sku_code,
          has_expiry: Boolean(l.has_expiry),
          unit_id: l.unit_id,
          unit_name: l.unit_name,
          quantity: formatQuantity(l.quantity),
          base_quantity: formatQuantity(convertQuantity(l.quantity, l.unit_factor, 'half-up')),
          unit_cost: moneyOut(l.unit_cost, c),
          line_total: moneyOut(l.line_total, c),
          shipping_share: moneyOut(l.shipping_share, c),
          expiry_date: l.expiry_date,
          returned_quantity: formatQuantity(back),
          returnable_quantity: formatQuantity(Math.max(left, 0)),
        };
      }),
      payments: payments.map((p) => ({
        ...p,
        amount: moneyOut(p.amount, c),
        tendered_currency: p.tendered_currency as 'USD' | 'KHR',
        tendered_amount: moneyOut(p.tendered_amount, p.tendered_currency),
      })),
      supplier_balance_due: moneyOut(due.due, c),
      attachment,
      attachment_url: mediaUrl(deps, attachment),
    };
  }

  /** Writes the lines (units checked, costs and shipping shares exact) and the totals; returns the ledger lines. */
  async function writeLines(trx: Kysely<Database>, ctx: RequestContext, id: string, input: Input, currency: string) {
    const prepared = [];
    for (const [i, line] of input.lines.entries()) {
      const field = `lines.${i}`;
      const product = await trx
        .selectFrom('products')
        .select(['type', 'currency', 'has_expiry'])
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', line.product_id)
        .executeTakeFirst();
      if (!product) throw unprocessable('purchases.errors.product_unknown', `${field}.product_id`);
      if (product.currency !== currency) throw unprocessable('purchases.errors.currency_mismatch', `${field}.product_id`);
      if ((product.type === 'variation') !== Boolean(line.variant_id))
        throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
      if (line.variant_id) {
        const v = await trx
          .selectFrom('product_variants')
          .select('id')
          .where('business_id', '=', ctx.businessId)
          .where('product_id', '=', line.product_id)
          .where('id', '=', line.variant_id)
          .executeTakeFirst();
        if (!v) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
      }
      if (product.has_expiry && input.status === 'received' && !line.expiry_date)
        throw unprocessable('purchases.errors.expiry_required', `${field}.expiry_date`);
      const unit = await unitFactor(trx, ctx.businessId, line.product_id, line.unit_id, `${field}.unit_id`);
      const quantity = parseQuantity(line.quantity);
      const unitCost = toMinor(line.unit_cost, currency, `${field}.unit_cost`);
      prepared.push({
        id: newId(),
        line,
        unit,
        quantity,
        unitCost,
        total: lineAmount(quantity, unitCost),
        expiry: product.has_expiry ? (line.expiry_date ?? null) : null,
      });
    }
    const shipping = toMinor(input.shipping_cost, currency, 'shipping_cost');
    // Shipping is spread over the lines by their cost; the parts add up to the shipping cost exactly.
    const shares = allocate(
      shipping,
      prepared.map((p) => p.total),
    );
    const ledger: LedgerLine[] = [];
    for (const [i, p] of prepared.entries()) {
      await trx
        .insertInto('purchase_lines')
        .values({
          business_id: ctx.businessId,
          id: p.id,
          purchase_id: id,
          line_no: i,
          product_id: p.line.product_id,
          variant_id: p.line.variant_id ?? '',
          unit_id: p.unit?.id ?? null,
          unit_factor: p.unit?.factor ?? FACTOR_SCALE,
          quantity: p.quantity,
          unit_cost: p.unitCost,
          line_total: p.total,
          shipping_share: shares[i]!,
          expiry_date: p.expiry,
        })
        .execute();
      ledger.push({
        branchId: input.branch_id,
        productId: p.line.product_id,
        variantId: p.line.variant_id ?? null,
        quantity: p.quantity,
        unit: p.unit,
        cost: p.total + shares[i]!,
        docLineId: p.id,
        expiryDate: p.expiry,
      });
    }
    const subtotal = prepared.reduce((s, p) => s + p.total, 0);
    return { ledger, subtotal, shipping, grandTotal: subtotal + shipping };
  }

  async function checkHeader(trx: Kysely<Database>, ctx: RequestContext, input: Input) {
    if (branchScope(ctx, input.branch_id) !== input.branch_id) throw unprocessable('stock.errors.branch_not_yours', 'branch_id');
    const branch = await trx
      .selectFrom('branches')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', input.branch_id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!branch) throw unprocessable('validation.branch_required', 'branch_id');
    const supplier = await trx
      .selectFrom('suppliers')
      .select(['id', 'status'])
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', input.supplier_id)
      .executeTakeFirst();
    if (!supplier?.status) throw unprocessable('purchases.errors.supplier_required', 'supplier_id');
  }

  /** Takes an uploaded image (purpose 'purchase') for the purchase, in its transaction; anything else is refused. */
  async function claimAttachment(trx: Kysely<Database>, ctx: RequestContext, key: string) {
    if (!(await claimUpload(trx, ctx.businessId, key, 'purchase', clock.now().toISOString())))
      throw unprocessable('purchases.errors.attachment_invalid', 'attachment');
  }

  const receive = (trx: Kysely<Database>, ctx: RequestContext, id: string, lines: LedgerLine[]) =>
    postMovements(trx, kind, clock.now(), ctx, { type: 'purchase_in', docType: PURCHASE_DOC, docId: id, lines });

  /**
   * Takes back what the purchase has put in stock so far (its net movements per line), at the cost each came in:
   * an edit then posts the new lines, a cancel stops there. History is never rewritten, only answered.
   */
  async function reverseReceived(trx: Kysely<Database>, ctx: RequestContext, id: string) {
    const moved = await trx
      .selectFrom('stock_movements')
      .select(['branch_id', 'product_id', 'variant_id', 'doc_line_id', 'quantity', 'cost_total'])
      .where('business_id', '=', ctx.businessId)
      .where('doc_type', '=', PURCHASE_DOC)
      .where('doc_id', '=', id)
      .orderBy('id')
      .execute();
    const net = new Map<string, { m: (typeof moved)[number]; quantity: number; cost: number }>();
    for (const m of moved) {
      const k = [m.branch_id, m.product_id, m.variant_id, m.doc_line_id ?? ''].join('/');
      const prev = net.get(k) ?? { m, quantity: 0, cost: 0 };
      net.set(k, { m, quantity: prev.quantity + Number(m.quantity), cost: prev.cost + Number(m.cost_total) });
    }
    const lines = [...net.values()]
      .filter((n) => n.quantity > 0)
      .map((n) => ({
        branchId: n.m.branch_id,
        productId: n.m.product_id,
        variantId: n.m.variant_id || null,
        quantity: n.quantity,
        cost: n.cost,
        docLineId: n.m.doc_line_id,
        asMoved: true,
      }));
    if (lines.length)
      await postMovements(trx, kind, clock.now(), ctx, { type: 'purchase_return', docType: PURCHASE_DOC, docId: id, lines });
  }

  async function hasPostedReturns(trx: Kysely<Database>, businessId: string, id: string) {
    return Boolean(
      await trx
        .selectFrom('purchase_returns')
        .select('id')
        .where('business_id', '=', businessId)
        .where('purchase_id', '=', id)
        .where('status', '=', 'posted')
        .executeTakeFirst(),
    );
  }

  async function addPaymentIn(trx: Kysely<Database>, ctx: RequestContext, id: string, p: PaymentInput, field: string) {
    const row = await lockPurchase(trx, deps, ctx, id);
    if (row.status === 'void') throw unprocessable('purchases.errors.void');
    const method = await trx
      .selectFrom('payment_methods')
      .select(['id', 'status'])
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', p.payment_method_id)
      .executeTakeFirst();
    if (!method?.status) throw unprocessable('purchases.errors.method_required', `${field}payment_method_id`);
    // Handed over in dollars or riel; what it is worth against what is still owed, at the shop's rate of the day.
    const currency = p.currency ?? row.currency;
    const tendered = toMinor(p.amount, currency, `${field}amount`);
    if (tendered <= 0) throw unprocessable('purchases.errors.amount_positive', `${field}amount`);
    let amount = tendered;
    let rate = 0;
    if (currency !== row.currency) {
      if (!isCurrencyCode(row.currency) || !isCurrencyCode(currency))
        throw unprocessable('sales.errors.currency_unknown', `${field}currency`);
      rate = await shopRate(trx, ctx.businessId);
      if (rate <= 0) throw unprocessable('purchases.errors.no_rate', `${field}currency`);
      const owed = money(Math.max(Number(row.grand_total) - Number(row.paid_amount), 0), row.currency);
      amount = paymentWorth(money(tendered, currency), owed, exchangeRate(rate)).amount;
    }
    const paid = Number(row.paid_amount) + amount;
    if (paid > Number(row.grand_total)) throw unprocessable('purchases.errors.overpaid', `${field}amount`);
    await trx
      .insertInto('purchase_payments')
      .values({
        business_id: ctx.businessId,
        id: newId(),
        purchase_id: id,
        payment_method_id: p.payment_method_id,
        amount,
        tendered_currency: currency,
        tendered_amount: tendered,
        exchange_rate: rate,
        paid_on: p.paid_on,
        note: p.note,
        created_by: ctx.userId,
        created_at: clock.now().toISOString(),
      })
      .execute();
    await setPaid(trx, ctx.businessId, id, paid, Number(row.grand_total));
  }

  async function setPaid(trx: Kysely<Database>, businessId: string, id: string, paid: number, total: number) {
    await trx
      .updateTable('purchases')
      .set({ paid_amount: paid, payment_status: paymentStatusOf(paid, total), updated_at: clock.now().toISOString() })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .execute();
  }

  return {
    /** Creates a purchase inside the caller's transaction (see postPurchase). */
    post: (trx: Kysely<Database>, ctx: RequestContext, input: Input) => createPurchase(trx, ctx, input),

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
      const [b, suppliers, methods, units, currency, rate] = await Promise.all([
        branches.orderBy('name').execute(),
        active('suppliers'),
        active('payment_methods'),
        db.selectFrom('units').select(['id', 'name', 'base_unit_id']).where('business_id', '=', ctx.businessId).orderBy('name').execute(),
        shopCurrency(db, ctx.businessId),
        shopRate(db, ctx.businessId),
      ]);
      const exchange_rate = rate > 0 ? formatRate(exchangeRate(rate)) : '0';
      return { currency, exchange_rate, branches: b, suppliers, payment_methods: methods, units };
    },

    async list(ctx: RequestContext, query: PurchaseListQuery): Promise<ListResponse<Purchase>> {
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => {
          let q = header(db, biz);
          if (query.from) q = q.where('p.purchase_date', '>=', query.from);
          if (query.to) q = q.where('p.purchase_date', '<=', query.to);
          return q;
        },
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
      return { data: rows.map(toApi), meta };
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
      const [due, currency] = await Promise.all([supplierDue(db, ctx, supplierId), shopCurrency(db, ctx.businessId)]);
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
      return db.transaction().execute(async (trx) => detail(trx, ctx, await createPurchase(trx, ctx, input)));
    },

    /**
     * Pending and ordered purchases are edited freely. A received one stays received: what it put in stock is taken
     * back and the new lines are received, so the ledger shows the correction. Returns made against it block edits.
     */
    async update(ctx: RequestContext, id: string, raw: PurchaseInput): Promise<PurchaseDetail> {
      const input = purchaseInputSchema.parse(raw);
      let replaced: string | null = null;
      const saved = await db.transaction().execute(async (trx) => {
        const row = await lockPurchase(trx, deps, ctx, id);
        if (row.status === 'void') throw unprocessable('purchases.errors.void');
        // No attachment in the input keeps the one the purchase has; null removes it.
        const attachment = input.attachment === undefined ? row.attachment : input.attachment;
        if (attachment && attachment !== row.attachment) await claimAttachment(trx, ctx, attachment);
        if (row.attachment && row.attachment !== attachment) replaced = row.attachment;
        if (row.status === 'received' && input.status !== 'received') throw unprocessable('purchases.errors.received_stays', 'status');
        if (row.status === 'received' && (await hasPostedReturns(trx, ctx.businessId, id)))
          throw unprocessable('purchases.errors.has_returns');
        await checkHeader(trx, ctx, input);
        if (row.status === 'received') await reverseReceived(trx, ctx, id);
        await trx.deleteFrom('purchase_lines').where('business_id', '=', ctx.businessId).where('purchase_id', '=', id).execute();
        const written = await writeLines(trx, ctx, id, input, row.currency);
        const paid = Number(row.paid_amount);
        if (paid > written.grandTotal) throw unprocessable('purchases.errors.overpaid', 'lines');
        const at = clock.now().toISOString();
        await trx
          .updateTable('purchases')
          .set({
            purchase_date: input.purchase_date,
            supplier_id: input.supplier_id,
            branch_id: input.branch_id,
            status: input.status,
            subtotal: written.subtotal,
            shipping_cost: written.shipping,
            grand_total: written.grandTotal,
            payment_status: paymentStatusOf(paid, written.grandTotal),
            note: input.note,
            attachment,
            line_count: input.lines.length,
            updated_at: at,
            received_at: input.status === 'received' ? (row.received_at ?? at) : null,
          })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        if (input.status === 'received') await receive(trx, ctx, id, written.ledger);
        if (input.payment) await addPaymentIn(trx, ctx, id, input.payment, 'payment.');
        await audit(trx, ctx, 'update', id, { purchase_number: row.purchase_number });
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
        const lines = await trx
          .selectFrom('purchase_lines as l')
          .innerJoin('products as pr', (j) => j.onRef('pr.business_id', '=', 'l.business_id').onRef('pr.id', '=', 'l.product_id'))
          .select([
            'l.id',
            'l.product_id',
            'l.variant_id',
            'l.unit_id',
            'l.unit_factor',
            'l.quantity',
            'l.line_total',
            'l.shipping_share',
            'l.expiry_date',
            'pr.has_expiry',
          ])
          .where('l.business_id', '=', ctx.businessId)
          .where('l.purchase_id', '=', id)
          .orderBy('l.line_no')
          .execute();
        lines.forEach((l, i) => {
          if (l.has_expiry && !l.expiry_date) throw unprocessable('purchases.errors.expiry_required', `lines.${i}.expiry_date`);
        });
        const at = clock.now().toISOString();
        await trx
          .updateTable('purchases')
          .set({ status: 'received', received_at: at, updated_at: at })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        await receive(
          trx,
          ctx,
          id,
          lines.map((l) => ({
            branchId: row.branch_id,
            productId: l.product_id,
            variantId: l.variant_id || null,
            quantity: Number(l.quantity),
            unit: l.unit_id ? { id: l.unit_id, factor: Number(l.unit_factor) } : null,
            cost: Number(l.line_total) + Number(l.shipping_share),
            docLineId: l.id,
            expiryDate: l.has_expiry ? l.expiry_date : null,
          })),
        );
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
        if (row.status === 'received') await reverseReceived(trx, ctx, id);
        await audit(trx, ctx, 'void', id, { purchase_number: row.purchase_number });
        return detail(trx, ctx, id);
      });
    },

    async addPayment(ctx: RequestContext, id: string, raw: PurchasePaymentInput): Promise<PurchaseDetail> {
      const input = purchasePaymentInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        await addPaymentIn(trx, ctx, id, input, '');
        await audit(trx, ctx, 'payment', id, { amount: input.amount, currency: input.currency ?? null });
        return detail(trx, ctx, id);
      });
    },

    async deletePayment(ctx: RequestContext, id: string, paymentId: string): Promise<PurchaseDetail> {
      return db.transaction().execute(async (trx) => {
        const row = await lockPurchase(trx, deps, ctx, id);
        const payment = await trx
          .selectFrom('purchase_payments')
          .select(['amount'])
          .where('business_id', '=', ctx.businessId)
          .where('purchase_id', '=', id)
          .where('id', '=', paymentId)
          .executeTakeFirst();
        if (!payment) throw notFound();
        await trx
          .deleteFrom('purchase_payments')
          .where('business_id', '=', ctx.businessId)
          .where('purchase_id', '=', id)
          .where('id', '=', paymentId)
          .execute();
        await setPaid(trx, ctx.businessId, id, Number(row.paid_amount) - Number(payment.amount), Number(row.grand_total));
        await audit(trx, ctx, 'delete_payment', id, { payment_id: paymentId });
        return detail(trx, ctx, id);
      });
    },
  };

  async function createPurchase(trx: Kysely<Database>, ctx: RequestContext, input: Input): Promise<string> {
    await checkHeader(trx, ctx, input);
    const currency = await shopCurrency(trx, ctx.businessId);
    const id = newId();
    const number = formatDocumentNumber('PO', await nextDocumentNumber(trx, kind, ctx.businessId, SERIES));
    const at = clock.now().toISOString();
    await trx
      .insertInto('purchases')
      .values({
        business_id: ctx.businessId,
        id,
        purchase_number: number,
        purchase_date: input.purchase_date,
        supplier_id: input.supplier_id,
        branch_id: input.branch_id,
        status: input.status,
        currency,
        subtotal: 0,
        shipping_cost: 0,
        grand_total: 0,
        paid_amount: 0,
        payment_status: 'unpaid',
        note: input.note,
        attachment: input.attachment ?? null,
        line_count: input.lines.length,
        created_by: ctx.userId,
        created_at: at,
        updated_at: at,
        received_at: input.status === 'received' ? at : null,
        voided_at: null,
      })
      .execute();
    if (input.attachment) await claimAttachment(trx, ctx, input.attachment);
    const written = await writeLines(trx, ctx, id, input, currency);
    await trx
      .updateTable('purchases')
      .set({
        subtotal: written.subtotal,
        shipping_cost: written.shipping,
        grand_total: written.grandTotal,
        payment_status: paymentStatusOf(0, written.grandTotal),
      })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .execute();
    if (input.status === 'received') await receive(trx, ctx, id, written.ledger);
    if (input.payment) await addPaymentIn(trx, ctx, id, input.payment, 'payment.');
    await audit(trx, ctx, 'create', id, { purchase_number: number });
    return id;
  }
}

/**
 * Creates a purchase inside the caller's transaction (the service's own, or the demo seed's): the numbered document,
 * its lines, its stock movements when received and its first payment. Returns the new purchase's id.
 */
export function postPurchase(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, input: Input): Promise<string> {
  return purchasesService(deps).post(trx, ctx, input);
}

/** Quantities already returned per purchase line (posted returns only), in the line's unit. */
export async function returnedByLine(trx: Kysely<Database>, businessId: string, purchaseId: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('purchase_return_lines as l')
    .innerJoin('purchase_returns as r', (j) => j.onRef('r.business_id', '=', 'l.business_id').onRef('r.id', '=', 'l.return_id'))
    .select(['l.purchase_line_id', 'l.quantity'])
    .where('l.business_id', '=', businessId)
    .where('r.purchase_id', '=', purchaseId)
    .where('r.status', '=', 'posted')
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.purchase_line_id, (out.get(r.purchase_line_id) ?? 0) + Number(r.quantity));
  return out;
}
