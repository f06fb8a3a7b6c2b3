import { sql } from 'kysely';
import {
  reportLetterheadSchema,
  saleFilterOptionsQuerySchema,
  saleFilterOptionsSchema,
  type SaleFilterOptionsQuery,
} from '@posauto/shared/schemas/reports-sales';
import { purchaseReportOptionsSchema } from '@posauto/shared/schemas/reports-purchases';
import { errorSchema } from '@posauto/shared/schemas/common';
import { containsInsensitive } from '../../db/dialect/index';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { notFound } from '../../http/errors';
import { staffWithSales } from '../sales/index';
import { reportAccess } from '../../kernel/report-kit';

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

/** What every printed report puts at its top, and the choices of the reports' filters. */
export function reportOptionRoutes(app: AppInstance, deps: Deps): void {
  // The stock report prints with it too, and the stock screens' users may hold stock-listing without the reports menu.
  app.get('/api/v1/reports/letterhead', {
    config: { access: { anyOf: ['report-management', 'stock-report', 'stock-listing'] } },
    schema: {
      tags: ['reports'],
      operationId: 'getReportLetterhead',
      summary: 'The shop’s name, address and phone, printed at the top of every report',
      response: { 200: reportLetterheadSchema },
    },
    handler: async (req) => {
      const shop = await deps.db
        .selectFrom('businesses')
        .select(['shop_name', 'address', 'phone'])
        .where('id', '=', ctxOf(req).businessId)
        .executeTakeFirst();
      if (!shop) throw notFound();
      return { shop_name: shop.shop_name, address: shop.address || null, phone: shop.phone || null };
    },
  });
  app.get('/api/v1/reports/sale-filter-options', {
    config: { access: reportAccess('sale-report') },
    schema: {
      tags: ['reports'],
      operationId: 'getSaleReportFilterOptions',
      summary: 'Choices of the sale reports’ filters: cashiers, customers (searched), payment methods, categories, brands',
      querystring: saleFilterOptionsQuerySchema,
      response: { 200: saleFilterOptionsSchema },
    },
    handler: async (req) => {
      const ctx = ctxOf(req);
      const q = req.query as SaleFilterOptionsQuery;
      const { db, kind } = deps;
      const biz = ctx.businessId;
      // Staff who recorded a sale the caller may see: the cashier filter offers only people with sales.
      const cashiers = staffWithSales(db, ctx);
      let customers = db.selectFrom('customers as c').select(['c.id', 'c.name']).where('c.business_id', '=', biz);
      if (q.customer_search) {
        const term = q.customer_search;
        customers = customers.where((eb) =>
          eb.or([containsInsensitive(kind, sql.ref('c.name'), term), containsInsensitive(kind, sql.ref('c.phone'), term)]),
        );
      }
      const chosen = q.customer_id
        ? db.selectFrom('customers').select(['id', 'name']).where('business_id', '=', biz).where('id', '=', q.customer_id)
        : null;
      const named = (table: 'payment_methods' | 'categories' | 'brands') =>
        db.selectFrom(table).select(['id', 'name']).where('business_id', '=', biz).orderBy('name').orderBy('id').execute();
      const [c, waiters, found, one, methods, categories, brands] = await Promise.all([
        cashiers.execute(),
        staffWithSales(db, ctx, 'waiter').execute(),
        customers.orderBy('c.name').orderBy('c.id').limit(30).execute(),
        chosen ? chosen.execute() : Promise.resolve([]),
        named('payment_methods'),
        named('categories'),
        named('brands'),
      ]);
      const list = [...one.filter((x) => !found.some((f) => f.id === x.id)), ...found];
      return { cashiers: c, waiters, customers: list, payment_methods: methods, categories, brands };
    },
  });
}

/** The purchase reports' filters (they come after the sale reports, as the routes always did). */
export function purchaseOptionRoutes(app: AppInstance, deps: Deps): void {
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
}
