import type { Kysely } from 'kysely';
import { formatQuantity } from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { SaleItem, SaleItemListQuery } from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { listBatches, runList, type ListSpec } from '../../db/list';
import { sameShop } from '../../db/same-shop';
import { branchAndCreator, creatorName } from '../../db/document-header';
import { inPeriod } from '../../db/period';
import { branchFilter, type RequestContext } from '../../http/context';
import { countedSale } from '../../kernel/counted';
import type { ExportColumn } from '../../http/export';
import { moneyOut } from './sale-money';
import { visibleTo } from './sales-read';

const base = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('sale_lines as l')
    .innerJoin('sales as s', sameShop('s', 'l.sale_id'))
    .$call(branchAndCreator('s'))
    .innerJoin('customers as c', sameShop('c', 's.customer_id'))
    .leftJoin('units as un', sameShop('un', 'l.unit_id'))
    .select([
      'l.id',
      'l.sale_id',
      's.invoice_number',
      's.document',
      's.sale_date',
      's.sold_at',
      'l.product_id',
      'l.variant_id',
      'l.product_name',
      'un.name as unit_name',
      'l.quantity',
      'l.unit_price',
      'l.line_discount',
      'l.net_amount',
      's.currency',
      's.branch_id',
      'b.name as branch_name',
      's.customer_id',
      'c.name as customer_name',
      creatorName.as('cashier_name'),
    ])
    .where('l.business_id', '=', businessId)
    // Sold lines only: quotations sell nothing, a void sale no longer counts.
    .where(countedSale('s'));

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

const toApi = (r: Row): SaleItem => ({
  ...r,
  variant_id: r.variant_id || null,
  quantity: formatQuantity(Number(r.quantity)),
  unit_price: moneyOut(r.unit_price, r.currency),
  line_discount: moneyOut(r.line_discount, r.currency),
  net_amount: moneyOut(r.net_amount, r.currency),
});

const SPEC: ListSpec = {
  searchColumns: ['s.invoice_number', 'l.product_name', 'c.name'],
  sorts: { sale_date: 's.sale_date', invoice_number: 's.invoice_number', product_name: 'l.product_name' },
  defaultSort: 's.sold_at',
  idColumn: 'l.id',
};

/** /item-sale-listing: every sold line with its document, item, quantity, price, branch and cashier. */
export function saleItemsService(deps: Deps) {
  const { db, kind } = deps;
  const args = (ctx: RequestContext, query: SaleItemListQuery) => {
    const visible = visibleTo(ctx);
    return [
      db,
      kind,
      ctx.businessId,
      (biz: string) => {
        const q = base(db, biz);
        return inPeriod(visible ? q.where(visible) : q, 's.sale_date', query);
      },
      { ...query, status: undefined, order: query.sort ? query.order : 'desc' },
      SPEC,
      undefined,
      { ...branchFilter(ctx, 's.branch_id', query.branch_id), 'l.product_id': query.product_id, 's.customer_id': query.customer_id },
    ] as const;
  };
  return {
    async list(ctx: RequestContext, query: SaleItemListQuery): Promise<ListResponse<SaleItem>> {
      const { rows, meta } = await runList(...args(ctx, query));
      return { data: rows.map(toApi), meta };
    },
    /** Every matching line, a batch at a time (exports). */
    async *rows(ctx: RequestContext, query: SaleItemListQuery): AsyncGenerator<SaleItem[]> {
      for await (const batch of listBatches(...args(ctx, query))) yield batch.map(toApi);
    },
  };
}

/** The columns of the item-sale export. */
export const saleItemColumns = (t: (key: string) => string): ExportColumn<SaleItem>[] => [
  { header: t('sales.items.invoice_number'), value: (r) => r.invoice_number, width: 16 },
  { header: t('sales.items.date'), value: (r) => r.sale_date, width: 12 },
  { header: t('sales.items.product'), value: (r) => r.product_name, width: 32 },
  { header: t('sales.items.quantity'), value: (r) => r.quantity, width: 10 },
  { header: t('sales.items.unit'), value: (r) => r.unit_name, width: 12 },
  { header: t('sales.items.unit_price'), value: (r) => r.unit_price, width: 12 },
  { header: t('sales.items.discount'), value: (r) => r.line_discount, width: 12 },
  { header: t('sales.items.net'), value: (r) => r.net_amount, width: 12 },
  { header: t('sales.items.currency'), value: (r) => r.currency, width: 8 },
  { header: t('sales.items.branch'), value: (r) => r.branch_name, width: 18 },
  { header: t('sales.items.customer'), value: (r) => r.customer_name, width: 20 },
  { header: t('sales.items.cashier'), value: (r) => r.cashier_name, width: 20 },
];
