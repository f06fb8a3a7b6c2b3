import { sql, type Kysely, type Selectable } from 'kysely';
import {
  cashRoundRiel,
  convert,
  exchangeRate,
  formatQuantity,
  money,
  parseQuantity,
  roundDiv,
  type CurrencyCode,
} from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import {
  saleReturnInputSchema,
  type SaleReturn,
  type SaleReturnDetail,
  type SaleReturnInput,
  type SaleReturnListQuery,
} from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { forUpdate, type DialectKind } from '../../db/dialect/index';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { runList } from '../../db/list';
import { inPeriod } from '../../db/period';
import { sameShop } from '../../db/same-shop';
import { creatorName, documentFrom } from '../../db/document-header';
import { branchFilter, whereBranch, type RequestContext } from '../../http/context';
import { AppError, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { assertDrawerHolds } from '../cash-sessions/index';
import { shopSettings, shopToday } from '../settings/index';
import { postMovements, type LedgerLine } from '../stock/index';
import { SALE_DOC, openSession } from './sale-commit';
import { moneyOut, paymentStatusOf } from './sale-money';
import { returnedByLine } from './sales-read';

const SERIES = 'sale_return_number';
const DOC_TYPE = 'sale_return';

const header = (db: Kysely<Database>, businessId: string) =>
  documentFrom(db, 'sale_returns', 'r', businessId)
    .innerJoin('sales as s', sameShop('s', 'r.sale_id'))
    .innerJoin('customers as c', sameShop('c', 's.customer_id'))
    .select([
      'r.id',
      'r.return_number',
      'r.sale_id',
      's.invoice_number',
      'c.name as customer_name',
      'r.branch_id',
      'b.name as branch_name',
      'r.returned_on',
      'r.status as state',
      'r.currency',
      'r.total',
      'r.refund_method',
      'r.refund_currency',
      'r.refund_amount',
      'r.settled_amount',
      'r.line_count',
      'r.note',
      creatorName.as('created_by'),
      'r.created_at',
    ]);

type HeaderRow = Awaited<ReturnType<ReturnType<typeof header>['executeTakeFirstOrThrow']>>;

const toApi = (r: HeaderRow): SaleReturn => ({
  ...r,
  refund_currency: r.refund_currency as 'USD' | 'KHR',
  total: moneyOut(r.total, r.currency),
  refund_amount: moneyOut(r.refund_amount, r.refund_currency),
  settled_amount: moneyOut(r.settled_amount, r.currency),
  line_count: Number(r.line_count),
});

/**
 * Returns against one sale or invoice: never more of a line than was sold minus what earlier returns took back (the
 * sale row is locked, so two returns at once take turns). The goods come back into stock at the cost they left at;
 * the customer gets the lines' share of what was paid for them, in cash from the caller's open session (dollars or
 * riel at the sale's frozen rate, riel rounded to the 100-riel note) or off its balance.
 */
export function saleReturnsService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'sale_return');

  async function detail(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<SaleReturnDetail> {
    let q = header(trx, ctx.businessId).where('r.id', '=', id);
    q = whereBranch(q, 'r.branch_id', ctx);
    const head = await q.executeTakeFirst();
    if (!head) throw notFound();
    const lines = await trx
      .selectFrom('sale_return_lines as l')
      .innerJoin('sale_lines as sl', sameShop('sl', 'l.sale_line_id'))
      .leftJoin('units as u', sameShop('u', 'l.unit_id'))
      .select(['l.id', 'l.sale_line_id', 'l.product_id', 'sl.product_name', 'u.name as unit_name', 'l.quantity', 'l.amount'])
      .where('l.business_id', '=', ctx.businessId)
      .where('l.return_id', '=', id)
      .orderBy('l.line_no')
      .execute();
    return {
      ...toApi(head),
      lines: lines.map((l) => ({ ...l, quantity: formatQuantity(Number(l.quantity)), amount: moneyOut(l.amount, head.currency) })),
    };
  }

  const service = {
    async list(ctx: RequestContext, query: SaleReturnListQuery): Promise<ListResponse<SaleReturn>> {
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => inPeriod(header(db, biz), 'r.returned_on', query),
        { ...query, status: undefined, order: query.sort ? query.order : 'desc' },
        {
          searchColumns: ['r.return_number', 's.invoice_number', 'c.name'],
          sorts: { return_number: 'r.return_number', returned_on: 'r.returned_on', created_at: 'r.created_at' },
          defaultSort: 'r.created_at',
          idColumn: 'r.id',
        },
        undefined,
        {
          ...branchFilter(ctx, 'r.branch_id', query.branch_id),
          'r.sale_id': query.sale_id,
          's.customer_id': query.customer_id,
          'r.refund_method': query.refund_method,
        },
      );
      return { data: rows.map(toApi), meta };
    },

    get: (ctx: RequestContext, id: string) => detail(db, ctx, id),

    /** A reprint of a return receipt: allowed, and written to the audit log, as a sale's reprint is. */
    async reprint(ctx: RequestContext, id: string): Promise<SaleReturnDetail> {
      return db.transaction().execute(async (trx) => {
        const doc = await detail(trx, ctx, id);
        await audit(trx, ctx, 'reprint', id, { return_number: doc.return_number });
        return doc;
      });
    },

    async create(ctx: RequestContext, raw: SaleReturnInput): Promise<SaleReturnDetail> {
      return db.transaction().execute(async (trx) => detail(trx, ctx, await service.createIn(trx, ctx, raw)));
    },

    /**
     * What a return would take back and refund, reckoned by the same code as the return (reckonReturn), nothing
     * written: the form shows it before it is saved. A refund the save would refuse (no open session at the sale's
     * branch, a drawer that does not hold it) comes back as `problem`, beside the figures.
     */
    preview: (ctx: RequestContext, raw: SaleReturnInput): Promise<Reckoning> =>
      db.transaction().execute((trx) => reckonReturn(trx, kind, ctx, raw, 'preview')),

    /** Posts a return inside the caller's transaction (the service's own, or the demo seed's); returns its id. */
    createIn: (trx: Kysely<Database>, ctx: RequestContext, raw: SaleReturnInput): Promise<string> => postReturn(trx, deps, ctx, raw),
  };
  return service;
}

/** Posts a return (reckoned by reckonReturn) inside the caller's transaction: its rows, stock, drawer, sale and audit. */
async function postReturn(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, raw: SaleReturnInput): Promise<string> {
  const { kind, clock } = deps;
  const input = saleReturnInputSchema.parse(raw);
  const r = await reckonReturn(trx, kind, ctx, input, 'post');
  const { id, sale, prepared, ledger, total, tax, costTotal, settled, refundValue, refundCurrency, refundAmount } = r;
  const sessionId = r.session?.id ?? null;

  const today = shopToday(await shopSettings(trx, ctx.businessId), clock);
  const number = formatDocumentNumber('SRT', await nextDocumentNumber(trx, kind, ctx.businessId, SERIES));
  const at = clock.now().toISOString();
  await trx
    .insertInto('sale_returns')
    .values({
      business_id: ctx.businessId,
      id,
      return_number: number,
      sale_id: sale.id,
      branch_id: sale.branch_id,
      cash_session_id: sessionId,
      returned_on: today,
      status: 'posted',
      currency: sale.currency,
      total,
      tax,
      refund_method: input.refund_method,
      refund_currency: refundCurrency,
      refund_amount: refundAmount,
      settled_amount: settled,
      refund_value: refundValue,
      cost_total: costTotal,
      line_count: prepared.length,
      note: input.note,
      created_by: ctx.userId,
      created_at: at,
    })
    .execute();
  for (const p of prepared)
    await trx
      .insertInto('sale_return_lines')
      .values({
        business_id: ctx.businessId,
        id: p.id,
        return_id: id,
        sale_line_id: p.line.id,
        line_no: p.i,
        product_id: p.line.product_id,
        variant_id: p.line.variant_id,
        unit_id: p.line.unit_id,
        unit_factor: p.line.unit_factor,
        quantity: p.quantity,
        amount: p.amount,
        tax_amount: p.tax,
        cost_amount: p.cost,
      })
      .execute();
  if (ledger.length) await postMovements(trx, kind, clock.now(), ctx, { type: 'sale_return', docType: DOC_TYPE, docId: id, lines: ledger });
  if (sessionId && refundAmount > 0)
    await trx
      .insertInto('cash_session_entries')
      .values({
        business_id: ctx.businessId,
        id: newId(),
        session_id: sessionId,
        kind: 'refund',
        currency: refundCurrency as 'USD' | 'KHR',
        amount: -refundAmount,
        sale_id: sale.id,
        return_id: id,
        reason: '',
        created_by: ctx.userId,
        created_at: at,
      })
      .execute();
  // What was settled and what went to the balance shrink what the sale is owed (its payment status follows).
  const credited = await creditedOn(trx, ctx.businessId, sale.id);
  await trx
    .updateTable('sales')
    .set({
      returned_amount: Number(sale.returned_amount) + total,
      payment_status: paymentStatusOf(Number(sale.paid_amount), Number(sale.grand_total) - credited),
      updated_at: at,
    })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', sale.id)
    .execute();
  await auditFor(clock, 'sale_return')(trx, ctx, 'create', id, {
    return_number: number,
    sale_id: sale.id,
    invoice_number: sale.invoice_number,
    total,
    settled,
    refund_method: input.refund_method,
    refund_currency: refundCurrency,
    refund_amount: refundAmount,
  });
  return id;
}

/** What a return does, reckoned before anything is written: the same figures for the preview and the return. */
export interface Reckoning {
  id: string;
  sale: Selectable<Database['sales']>;
  prepared: Array<{
    id: string;
    i: number;
    line: Selectable<Database['sale_lines']>;
    quantity: number;
    amount: number;
    tax: number;
    cost: number;
  }>;
  ledger: LedgerLine[];
  total: number;
  tax: number;
  costTotal: number;
  /** Of total: what only reduces what the customer still owes on the sale. */
  settled: number;
  /** What comes back, in the sale's currency: what was paid and not yet given back, at most. */
  refundValue: number;
  refundCurrency: string;
  refundAmount: number;
  /** The caller's open session a cash refund comes out of (wherever it is: `problem` says when it cannot be used). */
  session: { id: string; session_number: string; branch_id: string; branch_name: string } | null;
  /** Preview only: why saving would refuse the refund as it stands. */
  problem: AppError | null;
}

/**
 * Reckons a return against one sale: never more of a line than sold minus returned, the goods back at the cost they
 * left at, the value first settling what the customer still owes, then refunding what was paid, in cash from the
 * caller's open session at the sale's branch (dollars or riel at the sale's rate) or to the balance. 'post' locks the
 * sale and the drawer and throws every refusal; 'preview' locks nothing and answers a refused refund in `problem`.
 */
async function reckonReturn(
  trx: Kysely<Database>,
  kind: DialectKind,
  ctx: RequestContext,
  raw: SaleReturnInput,
  mode: 'post' | 'preview',
): Promise<Reckoning> {
  const input = saleReturnInputSchema.parse(raw);
  // Another shop's or another branch's sale is simply not found.
  let sq = trx.selectFrom('sales').selectAll().where('business_id', '=', ctx.businessId).where('id', '=', input.sale_id);
  sq = whereBranch(sq, 'branch_id', ctx);
  // The return locks the sale, so two returns at once take turns; a preview only reads it.
  const sale = await (mode === 'post' ? forUpdate(kind, sq) : sq).executeTakeFirst();
  if (!sale) throw unprocessable('sales.errors.sale_unknown', 'sale_id');
  if (sale.document === 'quotation' || sale.status !== 'completed') throw unprocessable('sales.errors.not_returnable', 'sale_id');
  const customer = await trx
    .selectFrom('customers')
    .select('is_walk_in')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', sale.customer_id)
    .executeTakeFirstOrThrow();
  if (input.refund_method === 'balance' && customer.is_walk_in) throw unprocessable('sales.errors.walk_in_balance', 'refund_method');

  const saleLines = await trx
    .selectFrom('sale_lines')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('sale_id', '=', sale.id)
    .execute();
  const byId = new Map(saleLines.map((l) => [l.id, l]));
  const returned = await returnedByLine(trx, ctx.businessId, sale.id);
  const moved = await trx
    .selectFrom('stock_movements')
    .select(['branch_id', 'product_id', 'variant_id', 'doc_line_id', 'quantity', 'cost_total'])
    .where('business_id', '=', ctx.businessId)
    .where('doc_type', '=', SALE_DOC)
    .where('doc_id', '=', sale.id)
    .where('movement_type', '=', 'sale_out')
    .orderBy('id')
    .execute();

  const id = newId();
  const ledger: LedgerLine[] = [];
  const prepared = input.lines.map((l, i) => {
    const line = byId.get(l.sale_line_id);
    if (!line) throw unprocessable('sales.errors.line_unknown', `lines.${i}.sale_line_id`);
    const quantity = parseQuantity(l.quantity);
    const sold = Number(line.quantity);
    const before = returned.get(line.id) ?? 0;
    const after = before + quantity;
    if (after > sold) throw unprocessable('sales.errors.return_over_sold', `lines.${i}.quantity`);
    returned.set(line.id, after);
    // Shares are taken on the running total, so returning everything gives back exactly what the line was.
    const share = (whole: number, q: number) => roundDiv(BigInt(Math.abs(whole)) * BigInt(q), BigInt(sold), 'half-up');
    const value = Number(line.net_amount) + (sale.vat_inclusive ? 0 : Number(line.tax_amount));
    const lineId = newId();
    let cost = 0;
    let movedCost = 0;
    for (const m of moved.filter((x) => x.doc_line_id === line.id)) {
      movedCost -= Number(m.cost_total);
      const base = share(Number(m.quantity), after) - share(Number(m.quantity), before);
      if (base <= 0) continue;
      const c = share(Number(m.cost_total), after) - share(Number(m.cost_total), before);
      cost += c;
      // Back at the cost it left at: the stock value returns to what it was before the sale.
      ledger.push({
        branchId: m.branch_id,
        productId: m.product_id,
        variantId: m.variant_id || null,
        quantity: base,
        cost: c,
        docLineId: lineId,
        asMoved: true,
      });
    }
    // What the ledger does not cost (products that do not manage stock) comes back as the same share of the line's.
    const unmanaged = Number(line.cost_amount) - movedCost;
    if (unmanaged > 0) cost += share(unmanaged, after) - share(unmanaged, before);
    // The VAT inside that amount: the same share of the line's VAT (included in value either way).
    const tax = share(Number(line.tax_amount), after) - share(Number(line.tax_amount), before);
    return { id: lineId, i, line, quantity, amount: share(value, after) - share(value, before), tax, cost };
  });
  const total = prepared.reduce((s, p) => s + p.amount, 0);
  const tax = prepared.reduce((s, p) => s + p.tax, 0);
  const costTotal = prepared.reduce((s, p) => s + p.cost, 0);

  // What comes back: first what the customer still owes on this sale shrinks (nothing is refunded for goods that
  // were never paid), then what was paid and not yet given back, in cash or to the balance, never more.
  const { settled, refundValue } = await refundSplit(trx, ctx.businessId, sale, total);
  let refundCurrency: string = sale.currency;
  let refundAmount = refundValue;
  let session: Reckoning['session'] = null;
  let problem: AppError | null = null;
  // A refusal of the refund: thrown by the return, answered beside the figures by the preview.
  const refuse = (e: AppError) => {
    if (mode === 'post') throw e;
    problem ??= e;
  };
  if (input.refund_method === 'cash' && refundValue > 0) {
    session = await refundDrawer(trx, kind, ctx, mode);
    if (!session) refuse(unprocessable('sales.errors.refund_no_session', 'refund_method'));
    // Refunded from a drawer of the sale's branch: the cash it took is there, and the branch's books stay whole.
    else if (session.branch_id !== sale.branch_id) refuse(unprocessable('sales.errors.refund_other_branch', 'refund_method'));
    refundCurrency = input.refund_currency;
    if (refundCurrency !== sale.currency)
      refundAmount = convert(
        money(refundValue, sale.currency as CurrencyCode),
        refundCurrency as CurrencyCode,
        exchangeRate(Number(sale.exchange_rate)),
      ).amount;
    if (refundCurrency === 'KHR') refundAmount = cashRoundRiel(refundAmount);
    if (session && !problem)
      await assertDrawerHolds(
        trx,
        ctx.businessId,
        session.id,
        { [refundCurrency as 'USD' | 'KHR']: refundAmount },
        'sales.errors.drawer_refund_short',
        'refund_currency',
      ).catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e;
        refuse(e);
      });
  }
  return { id, sale, prepared, ledger, total, tax, costTotal, settled, refundValue, refundCurrency, refundAmount, session, problem };
}

/** The caller's open session with its number and branch; 'post' locks it until the return commits, as a sale does. */
async function refundDrawer(trx: Kysely<Database>, kind: DialectKind, ctx: RequestContext, mode: 'post' | 'preview') {
  if (mode === 'post' && !(await openSession(trx, kind, ctx))) return null;
  const row = await trx
    .selectFrom('cash_sessions as s')
    .innerJoin('branches as b', sameShop('b', 's.branch_id'))
    .select(['s.id', 's.session_number', 's.branch_id', 'b.name as branch_name'])
    .where('s.business_id', '=', ctx.businessId)
    .where('s.user_id', '=', ctx.userId)
    .where('s.status', '=', 'open')
    .executeTakeFirst();
  return row ?? null;
}

/** Of a sale's posted returns: what they took off what its customer owes (settled parts and refunds to the balance). */
const creditedSum = sql<number>`coalesce(sum(settled_amount + case when refund_method = 'balance' then refund_value else 0 end), 0)`;

/** What posted returns of a sale took off what its customer owes. */
async function creditedOn(trx: Kysely<Database>, businessId: string, saleId: string): Promise<number> {
  const r = await trx
    .selectFrom('sale_returns')
    .select(creditedSum.as('n'))
    .where('business_id', '=', businessId)
    .where('sale_id', '=', saleId)
    .where('status', '=', 'posted')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * How a return of `value` comes back: `settled` reduces what the customer still owes on the sale (an invoice paid 0.00
 * returned in full refunds nothing), `refundValue` is what was paid and not yet given back by earlier returns, at most.
 */
async function refundSplit(
  trx: Kysely<Database>,
  businessId: string,
  sale: { id: string; grand_total: number; paid_amount: number },
  value: number,
): Promise<{ settled: number; refundValue: number }> {
  const r = await trx
    .selectFrom('sale_returns')
    .select([creditedSum.as('credited'), sql<number>`coalesce(sum(refund_value), 0)`.as('refunded')])
    .where('business_id', '=', businessId)
    .where('sale_id', '=', sale.id)
    .where('status', '=', 'posted')
    .executeTakeFirstOrThrow();
  const paid = Number(sale.paid_amount);
  const owed = Math.max(Number(sale.grand_total) - paid - Number(r.credited), 0);
  const settled = Math.min(value, owed);
  const refundValue = Math.min(value - settled, Math.max(paid - Number(r.refunded), 0));
  return { settled, refundValue };
}

/** A sale return posted inside the caller's transaction (the demo seed's); returns the new return's id. */
export const postSaleReturn = (trx: Kysely<Database>, deps: Deps, ctx: RequestContext, input: SaleReturnInput) =>
  postReturn(trx, deps, ctx, input);
