import { z } from 'zod';
import { idSchema, listMetaSchema, PAGE_SIZES } from './common';
import { PAYMENT_STATUSES } from './purchases';
import { reportPeriodSchema, reportQuerySchema } from './reports';
import { SALE_TYPES } from './sales';

/**
 * The sale side of the reports (issue 13): sales, the sale summary, sales by brand and by item. Money is decimal
 * text in the shop's currency, quantities decimal text in the product's base unit. Every figure is a sum the
 * database made over the stored documents, with the shared definitions: a counted sale is a completed sale or
 * invoice (quotations and void sales never count), a counted return a posted return, each on its shop-local day.
 */

/** What a printed report says at its top: the shop, as on its receipts. */
export const reportLetterheadSchema = z.object({
  shop_name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ReportLetterhead = z.infer<typeof reportLetterheadSchema>;

const money = z.string();
const quantity = z.string();

// ---- GET /api/v1/reports/sales -------------------------------------------------------------------------------

/**
 * A sale paid at a table (issue #24) names the table and the waiter who served it; a counter sale names neither. Both
 * sale reports (sales, items) narrow to them, and the returns of those sales with them.
 */
const tableFilters = {
  /** Sales paid at this table (GET /api/v1/floor/tables gives the branch's tables). */
  table_id: idSchema.optional(),
  /** Sales whose table order this waiter served. */
  waiter_id: idSchema.optional(),
};

export const SALE_REPORT_SORTS = ['sale_date', 'invoice_number', 'grand_total', 'due'] as const;

export const saleReportQuerySchema = reportQuerySchema.extend({
  /** The cashier: who recorded the sale. */
  created_by: idSchema.optional(),
  customer_id: idSchema.optional(),
  sale_type: z.enum(SALE_TYPES, 'sales.errors.sale_type_invalid').optional(),
  payment_status: z.enum(PAYMENT_STATUSES, 'sale_reports.errors.payment_status_invalid').optional(),
  /** Sales with at least one payment by this method. */
  payment_method_id: idSchema.optional(),
  ...tableFilters,
  page: z.coerce
    .number()
    .int('validation.invalid_page')
    .min(1, 'validation.invalid_page')
    .max(1_000_000, 'validation.invalid_page')
    .default(1),
  per_page: z.enum(PAGE_SIZES, 'validation.invalid_page_size').default('25'),
  sort: z.enum(SALE_REPORT_SORTS, 'validation.invalid_sort').optional(),
  order: z.enum(['asc', 'desc'], 'validation.invalid_sort').default('desc'),
});
export type SaleReportQuery = z.infer<typeof saleReportQuerySchema>;

export const saleReportRowSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  sale_date: z.string(),
  sold_at: z.string(),
  branch_name: z.string(),
  cashier_name: z.string().nullable(),
  customer_name: z.string(),
  /** The table the sale was paid at (its name then), the waiter who served it: null for a counter sale. */
  table_name: z.string().nullable(),
  waiter_name: z.string().nullable(),
  sale_type: z.enum(SALE_TYPES),
  grand_total: money,
  paid: money,
  due: money,
  payment_status: z.enum(PAYMENT_STATUSES),
});
export type SaleReportRow = z.infer<typeof saleReportRowSchema>;

export const saleReportResponseSchema = z.object({
  period: reportPeriodSchema,
  rows: z.array(saleReportRowSchema),
  meta: listMetaSchema,
  /** Over every filtered sale of the period, not only this page. */
  totals: z.object({ count: z.number().int(), grand_total: money, paid: money, due: money }),
  /**
   * Posted returns dated in the period, of sales that match the filters (whatever the sale's own day): their count
   * and total (with VAT). Net = sales' grand total − returns' total. (Refunds are paid in either currency, so their
   * amounts are not added up here; the cash flow report has them per currency.)
   */
  returns: z.object({ count: z.number().int(), total: money }),
  net_total: money,
  /**
   * Whether any filtered sale of the period was paid at a table: the Table and Waiter columns show (and export) then,
   * so a shop without tables sees none.
   */
  table_sales: z.boolean(),
  /** The chart: the filtered sales' grand totals per day (days without a sale are left out). */
  by_day: z.array(z.object({ day: z.string(), count: z.number().int(), grand_total: money })),
});
export type SaleReportResponse = z.infer<typeof saleReportResponseSchema>;

// ---- GET /api/v1/reports/sale-summary ------------------------------------------------------------------------

export const saleSummaryQuerySchema = reportQuerySchema;
export type SaleSummaryQuery = z.infer<typeof saleSummaryQuerySchema>;

const summaryFigures = {
  count: z.number().int(),
  /** Σ subtotal: the goods before order discounts (after line discounts). */
  gross: money,
  /** Order discounts and coupons (line discounts are already inside gross). */
  discounts: money,
  tax: money,
  service_charge: money,
  shipping: money,
  /** Σ(grand_total − tax − service_charge − shipping). */
  net_sales: money,
  grand_total: money,
  /** Σ total of posted returns dated in the bucket (with VAT). */
  returns: money,
  /** grand_total − returns: the "sales" figure of the dashboard. */
  sales: money,
  /**
   * Σ sale_payments.amount_in_sale_currency of the bucket's counted sales, per method id, less the change given back
   * (taken off the sale's cash method): what each method kept.
   */
  by_method: z.record(z.string(), money),
};

export const saleSummaryRowSchema = z.object({
  /** A day (YYYY-MM-DD), or for a one-day period an hour "00" to "23" (shop's wall clock). */
  bucket: z.string(),
  ...summaryFigures,
});
export type SaleSummaryRow = z.infer<typeof saleSummaryRowSchema>;

export const saleSummaryResponseSchema = z.object({
  period: reportPeriodSchema,
  unit: z.enum(['day', 'hour']),
  /** The payment methods that appear, in the order of the columns. */
  methods: z.array(z.object({ id: z.string(), name: z.string() })),
  rows: z.array(saleSummaryRowSchema),
  totals: z.object(summaryFigures),
});
export type SaleSummaryResponse = z.infer<typeof saleSummaryResponseSchema>;

// ---- GET /api/v1/reports/brand-sales -------------------------------------------------------------------------

export const brandSaleQuerySchema = reportQuerySchema;
export type BrandSaleQuery = z.infer<typeof brandSaleQuerySchema>;

const itemFigures = {
  /** Sold minus returned (base unit). */
  quantity,
  /** Σ sale line net amounts (after every discount, without VAT) − Σ returned amounts without VAT. */
  net_amount: money,
  /**
   * Cost of goods frozen on the sale lines, less cost back from returns; null for a user who may not see costs (without
   * profit-lost-report), like profit.
   */
  cost: money.nullable(),
  /** net_amount − cost. */
  profit: money.nullable(),
};

export const brandSaleRowSchema = z.object({
  /** null: products without a brand. */
  brand_id: z.string().nullable(),
  brand_name: z.string().nullable(),
  ...itemFigures,
});
export type BrandSaleRow = z.infer<typeof brandSaleRowSchema>;

export const brandSaleResponseSchema = z.object({
  period: reportPeriodSchema,
  rows: z.array(brandSaleRowSchema),
  totals: z.object(itemFigures),
});
export type BrandSaleResponse = z.infer<typeof brandSaleResponseSchema>;

// ---- GET /api/v1/reports/item-sales --------------------------------------------------------------------------

export const ITEM_SALE_SORTS = ['net_amount', 'quantity', 'profit', 'product_name'] as const;

export const itemSaleQuerySchema = reportQuerySchema.extend({
  category_id: idSchema.optional(),
  brand_id: idSchema.optional(),
  ...tableFilters,
  sort: z.enum(ITEM_SALE_SORTS, 'validation.invalid_sort').optional(),
  order: z.enum(['asc', 'desc'], 'validation.invalid_sort').default('desc'),
});
export type ItemSaleQuery = z.infer<typeof itemSaleQuerySchema>;

export const itemSaleRowSchema = z.object({
  product_id: z.string(),
  /** '' for a product without variants. */
  variant_id: z.string(),
  product_name: z.string(),
  sku_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  /**
   * An item is counted apart per table and waiter of its sales (a returned line follows its sale): all null for what
   * counter sales sold, so a shop without tables has one row per item. table_name is the table's name at the sale.
   */
  table_id: z.string().nullable(),
  table_name: z.string().nullable(),
  waiter_id: z.string().nullable(),
  waiter_name: z.string().nullable(),
  sold_quantity: quantity,
  returned_quantity: quantity,
  ...itemFigures,
});
export type ItemSaleRow = z.infer<typeof itemSaleRowSchema>;

export const itemSaleResponseSchema = z.object({
  period: reportPeriodSchema,
  rows: z.array(itemSaleRowSchema),
  totals: z.object({ sold_quantity: quantity, returned_quantity: quantity, ...itemFigures }),
});
export type ItemSaleResponse = z.infer<typeof itemSaleResponseSchema>;

// ---- GET /api/v1/reports/sale-filter-options -----------------------------------------------------------------

export const saleFilterOptionsQuerySchema = z.object({
  /** Customers whose name or phone contains this (at most 30 answered); none: the first 30 by name. */
  customer_search: z.string().trim().max(100, 'validation.too_long').optional(),
  /** A chosen customer, always answered (so its name shows even when the search does not find it). */
  customer_id: idSchema.optional(),
});
export type SaleFilterOptionsQuery = z.infer<typeof saleFilterOptionsQuerySchema>;

const choice = z.object({ id: z.string(), name: z.string() });
/** The choices of the sale reports' filters, for report users (who may hold no sale or catalogue permission). */
export const saleFilterOptionsSchema = z.object({
  cashiers: z.array(choice),
  customers: z.array(choice),
  payment_methods: z.array(choice),
  categories: z.array(choice),
  brands: z.array(choice),
  /**
   * The staff who served a table sale the caller may see (the waiter filter); absent from a server that does not
   * answer it yet, when the web offers the cashiers instead.
   */
  waiters: z.array(choice).optional(),
});
export type SaleFilterOptions = z.infer<typeof saleFilterOptionsSchema>;
