import {
  expenseReportQuerySchema,
  expenseReportResponseSchema,
  itemPurchaseReportQuerySchema,
  itemPurchaseReportResponseSchema,
  posCashFlowQuerySchema,
  posCashFlowResponseSchema,
  purchaseReportQuerySchema,
  purchaseReportResponseSchema,
  purchaseReportOptionsSchema,
  type CashFlowFigures,
  type ExpenseReportResponse,
  type ItemPurchaseReportResponse,
  type PosCashFlowResponse,
  type PurchaseReportResponse,
} from '@posauto/shared/schemas/reports-purchases';
import { sql } from 'kysely';
import { errorSchema } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import type { ExportColumn } from '../../http/export';
import { registerReport } from '../../kernel/report-kit';
import { expenseReport } from './expense-report';
import { itemPurchaseReport } from './item-purchase-report';
import { posCashFlowReport } from './pos-cash-flow-report';
import { purchaseReport } from './purchase-report';

type T = (key: string) => string;
/** A sheet row: the cells by column key; the totals row fills the first cell with "Total" and the sums. */
type Cells = Record<string, string | number | null>;
const columns = (t: T, spec: [key: string, label: string][]): ExportColumn<Cells>[] =>
  spec.map(([key, label]) => ({ header: t(label), value: (r: Cells) => r[key] ?? null }));

const TOTAL = 'purchase_reports.total';

/**
 * Amounts and quantities go out as numbers: a spreadsheet adds them up, and a negative difference is not taken for
 * a formula (text starting with "-" is written inert, with a quote). The decimal text converts exactly at our scales.
 */
const num = (text: string | null | undefined) => (text === null || text === undefined ? null : Number(text));

const PURCHASE_STATUS = {
  pending: 'purchase.status_pending',
  ordered: 'purchase.status_ordered',
  received: 'purchase.status_received',
  void: 'purchase.status_void',
};
const PAYMENT_STATUS = { paid: 'purchase.pay_paid', unpaid: 'purchase.pay_unpaid', partial: 'purchase.pay_partial' };

const purchaseSheet = {
  fileKey: 'purchase_reports.purchases.title',
  fileName: 'purchase-report',
  columns: (t: T) =>
    columns(t, [
      ['number', 'purchase_reports.col.number'],
      ['date', 'purchase_reports.col.date'],
      ['supplier', 'purchase_reports.col.supplier'],
      ['branch', 'purchase_reports.col.branch'],
      ['status', 'purchase_reports.col.status'],
      ['grand_total', 'purchase_reports.col.grand_total'],
      ['paid', 'purchase_reports.col.paid'],
      ['due', 'purchase_reports.col.due'],
      ['payment_status', 'purchase_reports.col.payment_status'],
    ]),
  rows: (d: PurchaseReportResponse, t: T): Cells[] => [
    ...d.rows.map((r) => ({
      number: r.purchase_number,
      date: r.purchase_date,
      supplier: r.supplier_name,
      branch: r.branch_name,
      status: t(PURCHASE_STATUS[r.status]),
      grand_total: num(r.grand_total),
      paid: num(r.paid),
      due: num(r.due),
      payment_status: t(PAYMENT_STATUS[r.payment_status]),
    })),
    { number: t(TOTAL), grand_total: num(d.totals.grand_total), paid: num(d.totals.paid), due: num(d.totals.due) },
  ],
};

const itemPurchaseSheet = {
  fileKey: 'purchase_reports.items.title',
  fileName: 'item-purchase-report',
  columns: (t: T) =>
    columns(t, [
      ['product', 'purchase_reports.col.product'],
      ['sku', 'purchase_reports.col.sku'],
      ['category', 'purchase_reports.col.category'],
      ['brand', 'purchase_reports.col.brand'],
      ['unit', 'purchase_reports.col.unit'],
      ['quantity', 'purchase_reports.col.quantity_received'],
      ['amount', 'purchase_reports.col.amount'],
      ['average_cost', 'purchase_reports.col.average_cost'],
      ['returned_quantity', 'purchase_reports.col.returned_quantity'],
      ['returned_amount', 'purchase_reports.col.returned_amount'],
    ]),
  rows: (d: ItemPurchaseReportResponse, t: T): Cells[] => [
    ...d.rows.map((r) => ({
      product: r.product_name,
      sku: r.sku_code,
      category: r.category_name,
      brand: r.brand_name,
      unit: r.unit_name,
      quantity: num(r.quantity),
      amount: num(r.amount),
      average_cost: num(r.average_cost),
      returned_quantity: num(r.returned_quantity),
      returned_amount: num(r.returned_amount),
    })),
    { product: t(TOTAL), amount: num(d.totals.amount), returned_amount: num(d.totals.returned_amount) },
  ],
};

const expenseSheet = {
  fileKey: 'purchase_reports.expenses.title',
  fileName: 'expense-report',
  columns: (t: T) =>
    columns(t, [
      ['date', 'purchase_reports.col.date'],
      ['category', 'purchase_reports.col.expense_category'],
      ['branch', 'purchase_reports.col.branch'],
      ['payment_method', 'purchase_reports.col.payment_method'],
      ['entered', 'purchase_reports.col.entered'],
      ['amount', 'purchase_reports.col.amount'],
      ['note', 'purchase_reports.col.note'],
    ]),
  rows: (d: ExpenseReportResponse, t: T): Cells[] => [
    ...d.rows.map((r) => ({
      date: r.expense_date,
      category: r.category_name,
      branch: r.branch_name,
      payment_method: r.payment_method_name,
      entered: `${r.expend_cost} ${r.currency}`,
      amount: num(r.amount),
      note: r.note,
    })),
    { date: t(TOTAL), amount: num(d.totals.amount) },
  ],
};

const FLOW: (keyof CashFlowFigures)[] = [
  'opening',
  'cash_sales',
  'change',
  'refunds',
  'cash_in',
  'cash_out',
  'expected',
  'counted',
  'difference',
];
const flowCells = (usd: CashFlowFigures, khr: CashFlowFigures): Cells =>
  Object.fromEntries([...FLOW.map((f) => [`usd_${f}`, num(usd[f])]), ...FLOW.map((f) => [`khr_${f}`, num(khr[f])])]);

const cashFlowSheet = {
  fileKey: 'purchase_reports.cash_flow.title',
  fileName: 'pos-cash-flow-report',
  columns: (t: T): ExportColumn<Cells>[] => [
    ...columns(t, [
      ['session', 'purchase_reports.col.session'],
      ['branch', 'purchase_reports.col.branch'],
      ['cashier', 'purchase_reports.col.cashier'],
      ['opened_at', 'purchase_reports.col.opened_at'],
      ['closed_at', 'purchase_reports.col.closed_at'],
    ]),
    ...(['usd', 'khr'] as const).flatMap((c) =>
      FLOW.map((f) => ({
        header: `${t(`purchase_reports.cash_flow.${f}`)} (${c.toUpperCase()})`,
        value: (r: Cells) => r[`${c}_${f}`] ?? null,
      })),
    ),
  ],
  rows: (d: PosCashFlowResponse, t: T): Cells[] => [
    ...d.rows.map((r) => ({
      session: r.session_number,
      branch: r.branch_name,
      cashier: r.cashier_name,
      opened_at: r.opened_at,
      closed_at: r.closed_at,
      ...flowCells(r.usd, r.khr),
    })),
    { session: t(TOTAL), ...flowCells(d.totals.usd, d.totals.khr) },
  ],
};

/** The filters' choices, by name; cashiers are the users who could have opened a session in the caller's scope. */
async function reportOptions(deps: Deps, businessId: string, branchId: string | null) {
  const { db } = deps;
  const named = (table: 'suppliers' | 'categories' | 'brands' | 'expense_categories' | 'payment_methods') =>
    db.selectFrom(table).select(['id', 'name']).where('business_id', '=', businessId).orderBy('name').execute();
  let cashiers = db
    .selectFrom('users')
    .select(['id', sql<string>`first_name || ' ' || last_name`.as('name')])
    .where('business_id', '=', businessId)
    .orderBy('first_name')
    .orderBy('last_name');
  if (branchId) cashiers = cashiers.where((eb) => eb.or([eb('branch_id', '=', branchId), eb('branch_id', 'is', null)]));
  const [suppliers, categories, brands, expenseCategories, paymentMethods, users] = await Promise.all([
    named('suppliers'),
    named('categories'),
    named('brands'),
    named('expense_categories'),
    named('payment_methods'),
    cashiers.execute(),
  ]);
  return { suppliers, categories, brands, expense_categories: expenseCategories, payment_methods: paymentMethods, cashiers: users };
}

/** The purchase-side reports (issue 13): purchases, items purchased, expenses and the POS cash flow. */
export function purchaseReportRoutes(app: AppInstance, deps: Deps): void {
  app.get('/api/v1/reports/purchase-options', {
    config: { access: { permission: 'report-management' } },
    schema: {
      tags: ['reports'],
      operationId: 'getPurchaseReportOptions',
      summary: 'Suppliers, categories, brands, expense categories, payment methods and cashiers to filter these reports by',
      response: { 200: purchaseReportOptionsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => {
      const ctx = ctxOf(req);
      return reportOptions(deps, ctx.businessId, ctx.branchId);
    },
  });
  registerReport(app, deps, {
    path: '/api/v1/reports/purchases',
    operationId: 'purchaseReport',
    summary: 'Purchase report: each purchase dated in the period, totals, returns to suppliers',
    permission: 'purchase-report',
    query: purchaseReportQuerySchema,
    response: purchaseReportResponseSchema,
    run: purchaseReport,
    sheet: purchaseSheet,
  });
  registerReport(app, deps, {
    path: '/api/v1/reports/item-purchases',
    operationId: 'itemPurchaseReport',
    summary: 'Item purchase report: per item, what received purchases brought in and returns sent back',
    permission: 'purchase-report',
    query: itemPurchaseReportQuerySchema,
    response: itemPurchaseReportResponseSchema,
    run: itemPurchaseReport,
    sheet: itemPurchaseSheet,
  });
  registerReport(app, deps, {
    path: '/api/v1/reports/expenses',
    operationId: 'expenseReport',
    summary: 'Expense report: each expense dated in the period, and per category',
    permission: 'expend-report',
    query: expenseReportQuerySchema,
    response: expenseReportResponseSchema,
    run: expenseReport,
    sheet: expenseSheet,
  });
  registerReport(app, deps, {
    path: '/api/v1/reports/pos-cash-flow',
    operationId: 'posCashFlowReport',
    summary: 'POS cash flow report: each cash session opened in the period, per drawer currency',
    permission: 'sale-report',
    query: posCashFlowQuerySchema,
    response: posCashFlowResponseSchema,
    run: posCashFlowReport,
    sheet: cashFlowSheet,
  });
}
