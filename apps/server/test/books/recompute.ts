/**
 * The books recomputed without the reports' code: the stored documents read with plain selects (every column, no
 * SUM, no GROUP BY) and added up here with BigInt, following design-13.md's definitions word for word. The reports
 * must agree with this to the minor unit.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types';

type Row = Record<string, unknown>;
/** The ledger's unit factor scale (FACTOR_SCALE of the money module), written out: this file must not borrow the app's code. */
const FACTOR = 1_000_000n;
const big = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : BigInt(String(v)));

export interface Documents {
  sales: Row[];
  lines: Row[];
  payments: Row[];
  returns: Row[];
  returnLines: Row[];
  purchases: Row[];
  purchaseLines: Row[];
  expenses: Row[];
  sessions: Row[];
  entries: Row[];
  products: Row[];
}

/** Every stored document of one shop, as rows; a table that does not exist yet (expenses) reads as empty. */
export async function readDocuments(db: Kysely<Database>, businessId: string): Promise<Documents> {
  const all = async (table: string) => {
    try {
      return (await (db as unknown as Kysely<Record<string, Row>>)
        .selectFrom(table)
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('id')
        .execute()) as Row[];
    } catch (e) {
      if (/no such table|does not exist/i.test(String((e as Error).message))) return [];
      throw e;
    }
  };
  return {
    sales: await all('sales'),
    lines: await all('sale_lines'),
    payments: await all('sale_payments'),
    returns: await all('sale_returns'),
    returnLines: await all('sale_return_lines'),
    purchases: await all('purchases'),
    purchaseLines: await all('purchase_lines'),
    expenses: await all('expenses'),
    sessions: await all('cash_sessions'),
    entries: await all('cash_session_entries'),
    products: await all('products'),
  };
}

export interface Scope {
  from: string;
  to: string;
  /** null: every branch. */
  branchId: string | null;
}

export const isCountedSale = (s: Row) => (s.document === 'sale' || s.document === 'invoice') && s.status === 'completed';
export const isCountedReturn = (r: Row) => r.status === 'posted';
const inScope = (day: unknown, branch: unknown, scope: Scope) =>
  String(day) >= scope.from && String(day) <= scope.to && (scope.branchId === null || branch === scope.branchId);

export interface Figures {
  salesCount: number;
  grandTotal: bigint;
  subtotal: bigint;
  tax: bigint;
  serviceCharge: bigint;
  shipping: bigint;
  /** discount_amount + coupon_amount. */
  orderDiscount: bigint;
  couponAmount: bigint;
  lineDiscount: bigint;
  /** Σ sale_lines.gross_amount: quantity × price, before any discount. */
  linesGross: bigint;
  /** grand_total − tax − service_charge − shipping. */
  netSales: bigint;
  cost: bigint;
  paid: bigint;
  due: bigint;
  returnsCount: number;
  returnsTotal: bigint;
  returnsTax: bigint;
  returnsNet: bigint;
  returnsCost: bigint;
  /** Σ grand_total − Σ returns' total. */
  sales: bigint;
  cogs: bigint;
  grossProfit: bigint;
  expenses: Map<string, bigint>;
  expensesTotal: bigint;
  netProfit: bigint;
}

export function figures(d: Documents, scope: Scope): Figures {
  const f: Figures = {
    salesCount: 0,
    grandTotal: 0n,
    subtotal: 0n,
    tax: 0n,
    serviceCharge: 0n,
    shipping: 0n,
    orderDiscount: 0n,
    couponAmount: 0n,
    lineDiscount: 0n,
    linesGross: 0n,
    netSales: 0n,
    cost: 0n,
    paid: 0n,
    due: 0n,
    returnsCount: 0,
    returnsTotal: 0n,
    returnsTax: 0n,
    returnsNet: 0n,
    returnsCost: 0n,
    sales: 0n,
    cogs: 0n,
    grossProfit: 0n,
    expenses: new Map(),
    expensesTotal: 0n,
    netProfit: 0n,
  };
  const counted = new Set<unknown>();
  for (const s of d.sales) {
    if (!isCountedSale(s) || !inScope(s.sale_date, s.branch_id, scope)) continue;
    counted.add(s.id);
    f.salesCount++;
    f.grandTotal += big(s.grand_total);
    f.subtotal += big(s.subtotal);
    f.tax += big(s.tax);
    f.serviceCharge += big(s.service_charge);
    f.shipping += big(s.shipping);
    f.orderDiscount += big(s.discount_amount) + big(s.coupon_amount);
    f.couponAmount += big(s.coupon_amount);
    f.netSales += big(s.grand_total) - big(s.tax) - big(s.service_charge) - big(s.shipping);
    f.cost += big(s.cost_total);
    f.paid += big(s.paid_amount);
  }
  for (const l of d.lines)
    if (counted.has(l.sale_id)) {
      f.lineDiscount += big(l.line_discount);
      f.linesGross += big(l.gross_amount);
    }
  for (const r of d.returns) {
    if (!isCountedReturn(r) || !inScope(r.returned_on, r.branch_id, scope)) continue;
    f.returnsCount++;
    f.returnsTotal += big(r.total);
    f.returnsTax += big(r.tax);
    f.returnsNet += big(r.total) - big(r.tax);
    f.returnsCost += big(r.cost_total);
  }
  for (const e of d.expenses) {
    if (!inScope(e.expense_date, e.branch_id, scope)) continue;
    const key = String(e.category_id);
    f.expenses.set(key, (f.expenses.get(key) ?? 0n) + big(e.amount));
    f.expensesTotal += big(e.amount);
  }
  f.due = f.grandTotal - f.paid;
  f.sales = f.grandTotal - f.returnsTotal;
  f.cogs = f.cost - f.returnsCost;
  f.grossProfit = f.netSales + f.serviceCharge + f.shipping - f.cost - (f.returnsNet - f.returnsCost);
  f.netProfit = f.grossProfit - f.expensesTotal;
  return f;
}

/** Days (shop-local) with their figures, for reports bucketed by day. */
export function byDay(d: Documents, scope: Scope): Map<string, Figures> {
  const days = new Set<string>();
  for (const s of d.sales) if (isCountedSale(s) && inScope(s.sale_date, s.branch_id, scope)) days.add(String(s.sale_date));
  for (const r of d.returns) if (isCountedReturn(r) && inScope(r.returned_on, r.branch_id, scope)) days.add(String(r.returned_on));
  const out = new Map<string, Figures>();
  for (const day of [...days].sort()) out.set(day, figures(d, { from: day, to: day, branchId: scope.branchId }));
  return out;
}

/**
 * Payments kept for counted sales of the scope (by the sale's day), per method, in the sale's currency: what was
 * handed over, less the change, which goes back in cash (off the sale's cash method; the first by id if several).
 */
export function paymentsByMethod(d: Documents, scope: Scope): Map<string, bigint> {
  const counted = new Map(d.sales.filter((s) => isCountedSale(s) && inScope(s.sale_date, s.branch_id, scope)).map((s) => [s.id, s]));
  const out = new Map<string, bigint>();
  const add = (method: unknown, v: bigint) => out.set(String(method), (out.get(String(method)) ?? 0n) + v);
  const cashOf = new Map<unknown, string>();
  for (const p of d.payments) {
    if (!counted.has(p.sale_id)) continue;
    add(p.payment_method_id, big(p.amount_in_sale_currency));
    if (p.method_type === 'cash') {
      const prev = cashOf.get(p.sale_id);
      if (prev === undefined || String(p.payment_method_id) < prev) cashOf.set(p.sale_id, String(p.payment_method_id));
    }
  }
  for (const [id, s] of counted) if (big(s.change_amount) > 0n) add(cashOf.get(id), -big(s.change_amount));
  return out;
}

export interface ItemFigures {
  quantity: bigint;
  gross: bigint;
  lineDiscount: bigint;
  net: bigint;
  tax: bigint;
  netExVat: bigint;
  cost: bigint;
  returnedQuantity: bigint;
  returnedAmount: bigint;
  /** The VAT inside returnedAmount (sale_return_lines.tax_amount, migration 0024). */
  returnedTax: bigint;
  returnedCost: bigint;
}

/**
 * Sold lines of counted sales in the scope and returned lines of posted returns in it, per product and variant
 * ("productId/variantId"), quantities in thousandths of the product's own unit.
 */
export function byItem(d: Documents, scope: Scope): Map<string, ItemFigures> {
  const inclusive = new Map<unknown, boolean>();
  for (const s of d.sales)
    if (isCountedSale(s) && inScope(s.sale_date, s.branch_id, scope)) inclusive.set(s.id, Number(s.vat_inclusive) === 1);
  const out = new Map<string, ItemFigures>();
  const get = (product: unknown, variant: unknown) => {
    const id = `${String(product)}/${String(variant ?? '')}`;
    let f = out.get(id);
    if (!f) {
      f = {
        quantity: 0n,
        gross: 0n,
        lineDiscount: 0n,
        net: 0n,
        tax: 0n,
        netExVat: 0n,
        cost: 0n,
        returnedQuantity: 0n,
        returnedAmount: 0n,
        returnedTax: 0n,
        returnedCost: 0n,
      };
      out.set(id, f);
    }
    return f;
  };
  // quantity (thousandths of the line's unit) x unit_factor / FACTOR_SCALE: thousandths of the product's own unit.
  for (const l of d.lines) {
    if (!inclusive.has(l.sale_id)) continue;
    const f = get(l.product_id, l.variant_id);
    f.quantity += (big(l.quantity) * big(l.unit_factor)) / FACTOR;
    f.gross += big(l.gross_amount);
    f.lineDiscount += big(l.line_discount);
    f.net += big(l.net_amount);
    f.tax += big(l.tax_amount);
    // A line's net amount holds its VAT when the sale's prices include it (on top otherwise).
    f.netExVat += big(l.net_amount) - (inclusive.get(l.sale_id) ? big(l.tax_amount) : 0n);
    f.cost += big(l.cost_amount);
  }
  const postedInScope = new Set(d.returns.filter((r) => isCountedReturn(r) && inScope(r.returned_on, r.branch_id, scope)).map((r) => r.id));
  for (const l of d.returnLines) {
    if (!postedInScope.has(l.return_id)) continue;
    const f = get(l.product_id, l.variant_id);
    f.returnedQuantity += (big(l.quantity) * big(l.unit_factor)) / FACTOR;
    f.returnedAmount += big(l.amount);
    f.returnedTax += big(l.tax_amount);
    f.returnedCost += big(l.cost_amount);
  }
  return out;
}

export interface PurchaseFigures {
  count: number;
  grandTotal: bigint;
  subtotal: bigint;
  shipping: bigint;
  paid: bigint;
}

/** Purchases of the scope (by purchase_date) that are not void. */
export function purchaseFigures(d: Documents, scope: Scope): PurchaseFigures {
  const f: PurchaseFigures = { count: 0, grandTotal: 0n, subtotal: 0n, shipping: 0n, paid: 0n };
  for (const p of d.purchases) {
    if (p.status === 'void' || !inScope(p.purchase_date, p.branch_id, scope)) continue;
    f.count++;
    f.grandTotal += big(p.grand_total);
    f.subtotal += big(p.subtotal);
    f.shipping += big(p.shipping_cost);
    f.paid += big(p.paid_amount);
  }
  return f;
}

/** Received purchases of the scope per product and variant: quantity (base unit, thousandths) and landed amount. */
export function purchasedItems(d: Documents, scope: Scope): Map<string, { quantity: bigint; amount: bigint }> {
  const received = new Set(
    d.purchases.filter((p) => p.status === 'received' && inScope(p.purchase_date, p.branch_id, scope)).map((p) => p.id),
  );
  const out = new Map<string, { quantity: bigint; amount: bigint }>();
  for (const l of d.purchaseLines) {
    if (!received.has(l.purchase_id)) continue;
    const key = `${String(l.product_id)}/${String(l.variant_id ?? '')}`;
    const f = out.get(key) ?? { quantity: 0n, amount: 0n };
    f.quantity += (big(l.quantity) * big(l.unit_factor)) / FACTOR;
    f.amount += big(l.line_total) + big(l.shipping_share);
    out.set(key, f);
  }
  return out;
}

export interface CashFlow {
  opening: bigint;
  sales: bigint;
  change: bigint;
  refunds: bigint;
  cashIn: bigint;
  cashOut: bigint;
  expected: bigint;
  counted: bigint | null;
  difference: bigint | null;
}

/** Per cash session (opened in the scope, by the shop-local day of opened_at) and currency. */
export function cashFlow(d: Documents, scope: Scope, timeZone: string): Map<string, Record<'USD' | 'KHR', CashFlow>> {
  const dayOf = (iso: unknown) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(String(iso)));
  const out = new Map<string, Record<'USD' | 'KHR', CashFlow>>();
  const blank = (): CashFlow => ({
    opening: 0n,
    sales: 0n,
    change: 0n,
    refunds: 0n,
    cashIn: 0n,
    cashOut: 0n,
    expected: 0n,
    counted: null,
    difference: null,
  });
  for (const s of d.sessions) {
    if (!inScope(dayOf(s.opened_at), s.branch_id, scope)) continue;
    const rec = { USD: blank(), KHR: blank() };
    if (s.counted_usd !== null) rec.USD.counted = big(s.counted_usd);
    if (s.counted_khr !== null) rec.KHR.counted = big(s.counted_khr);
    out.set(String(s.id), rec);
  }
  for (const e of d.entries) {
    const rec = out.get(String(e.session_id));
    if (!rec) continue;
    const c = rec[e.currency as 'USD' | 'KHR'];
    const a = big(e.amount);
    c.expected += a;
    if (e.kind === 'opening') c.opening += a;
    else if (e.kind === 'sale' || e.kind === 'payment') c.sales += a;
    else if (e.kind === 'change') c.change += a;
    else if (e.kind === 'refund') c.refunds += a;
    else if (e.kind === 'cash_in') c.cashIn += a;
    else if (e.kind === 'cash_out') c.cashOut += a;
  }
  for (const rec of out.values()) for (const c of Object.values(rec)) if (c.counted !== null) c.difference = c.counted - c.expected;
  return out;
}

/** Decimal text of a report ("-12.34", "1,234.50" never: reports send plain decimals) to minor units. */
export function minor(text: string | number, digits = 2): bigint {
  if (typeof text === 'number') return BigInt(text);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal: "${text}"`);
  const frac = (m[3] ?? '').padEnd(digits, '0');
  if (frac.length > digits) throw new Error(`more than ${digits} decimals: "${text}"`);
  const v = BigInt(m[2]!) * 10n ** BigInt(digits) + BigInt(frac || '0');
  return m[1] ? -v : v;
}
