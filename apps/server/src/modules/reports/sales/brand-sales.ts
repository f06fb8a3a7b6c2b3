import {
  brandSaleQuerySchema,
  brandSaleResponseSchema,
  type BrandSaleQuery,
  type BrandSaleResponse,
  type BrandSaleRow,
} from '@posauto/shared/schemas/reports-sales';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import { defineReport, resolvePeriod, sheetColumn as col } from '../../../kernel/report-kit';
import { figureColumns, itemFigures, itemSums, seesCost, sumItems, type ItemSums } from './item-sums';

export async function brandSales(deps: Deps, ctx: RequestContext, query: BrandSaleQuery): Promise<BrandSaleResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const cur = period.currency;
  const items = await itemSums(deps, ctx, period, {});
  const productIds = [...new Set(items.map((i) => i.product_id))];
  const brandOf = new Map<string, { id: string | null; name: string | null }>();
  // A few hundred products at most per chunk: IN lists stay well under both databases' parameter limits.
  for (let i = 0; i < productIds.length; i += 500) {
    const chunk = productIds.slice(i, i + 500);
    const rows = await deps.db
      .selectFrom('products as p')
      .leftJoin('brands as br', (j) => j.onRef('br.business_id', '=', 'p.business_id').onRef('br.id', '=', 'p.brand_id'))
      .select(['p.id', 'p.brand_id', 'br.name'])
      .where('p.business_id', '=', ctx.businessId)
      .where('p.id', 'in', chunk)
      .execute();
    for (const r of rows) brandOf.set(r.id, { id: r.brand_id && r.name !== null ? r.brand_id : null, name: r.brand_id ? r.name : null });
  }
  const brands = new Map<string, { id: string | null; name: string | null; items: ItemSums[] }>();
  for (const it of items) {
    const b = brandOf.get(it.product_id) ?? { id: null, name: null };
    const k = b.id ?? '';
    let x = brands.get(k);
    if (!x) brands.set(k, (x = { ...b, items: [] }));
    x.items.push(it);
  }
  const rows: BrandSaleRow[] = [...brands.values()]
    .map((b) => ({ sums: sumItems(b.items), b }))
    .sort((a, z) => z.sums.net - a.sums.net || String(a.b.name ?? '').localeCompare(String(z.b.name ?? '')))
    .map(({ sums, b }) => ({ brand_id: b.id, brand_name: b.name, ...itemFigures(sums, cur, seesCost(ctx)) }));
  return { period, rows, totals: itemFigures(sumItems(items), cur, seesCost(ctx)) };
}

export const brandSalesRoutes = defineReport({
  path: '/api/v1/reports/brand-sales',
  operationId: 'getBrandSaleReport',
  summary: 'Sales by brand: quantity, net amount, cost and profit',
  permission: 'sale-report',
  query: brandSaleQuerySchema,
  response: brandSaleResponseSchema,
  run: brandSales,
  sheet: {
    fileKey: 'pages.brand-sale-reports',
    fileName: 'brand-sales',
    columns: (t, _lang, data: BrandSaleResponse) => [
      col<BrandSaleRow>(t, 'sale_reports.brand', (r) => r.brand_name),
      ...figureColumns<BrandSaleRow>(t, data.totals.cost),
    ],
    rows: (data: BrandSaleResponse, t) => [
      ...data.rows.map((r) => ({ ...r, brand_name: r.brand_name ?? t('sale_reports.no_brand') })),
      { brand_id: null, brand_name: t('reports.total'), ...data.totals },
    ],
  },
});
