import { sql } from 'kysely';
import {
  reportLetterheadSchema,
  saleFilterOptionsQuerySchema,
  saleFilterOptionsSchema,
  type SaleFilterOptionsQuery,
} from '@posauto/shared/schemas/reports-sales';
import { containsInsensitive } from '../../db/dialect/index';
import { whereBranch } from '../../http/context';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { notFound } from '../../http/errors';
import { reportAccess } from '../../kernel/report-kit';
import { saleReports } from './sale-reports';


/** The sale reports (issue 13) and what every printed report puts at its top. */
export function saleReportRoutes(app: AppInstance, deps: Deps): void {
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
      const cashiers = db
        .selectFrom('users as u')
        .select(['u.id', sql<string>`u.first_name || ' ' || u.last_name`.as('name')])
        .where('u.business_id', '=', biz)
        .where((eb) =>
          eb.exists(
            whereBranch(
              eb
                .selectFrom('sales as s')
                .select('s.id')
                .whereRef('s.business_id', '=', 'u.business_id')
                .whereRef('s.created_by', '=', 'u.id'),
              's.branch_id',
              ctx,
            ),
          ),
        )
        .orderBy('u.first_name')
        .orderBy('u.last_name');
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
      const [c, found, one, methods, categories, brands] = await Promise.all([
        cashiers.execute(),
        customers.orderBy('c.name').orderBy('c.id').limit(30).execute(),
        chosen ? chosen.execute() : Promise.resolve([]),
        named('payment_methods'),
        named('categories'),
        named('brands'),
      ]);
      const list = [...one.filter((x) => !found.some((f) => f.id === x.id)), ...found];
      return { cashiers: c, customers: list, payment_methods: methods, categories, brands };
    },
  });
  saleReports(app, deps);
}
