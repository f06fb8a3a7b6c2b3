import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';

/* ----- Global search (top bar, Ctrl+K) ----- */

export const GLOBAL_SEARCH_MAX_LENGTH = 100;

/** `q` may be empty: the answer is then an empty list. */
export const globalSearchQuerySchema = z.object({
  q: z.string('validation.invalid').trim().max(GLOBAL_SEARCH_MAX_LENGTH, 'validation.too_long').default(''),
});
export type GlobalSearchQuery = z.infer<typeof globalSearchQuerySchema>;

export const globalSearchResultSchema = z.object({
  /** The page title or the record's name, in the caller's language. */
  title: z.string(),
  /** What kind of thing this is ("Page", "Category", ...), in the caller's language. */
  subtitle: z.string(),
  /** An icon name of the web app's icon set. */
  icon: z.string(),
  /** The path the web app opens, with its query string. */
  to: z.string(),
});
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;
export const globalSearchResponseSchema = z.array(globalSearchResultSchema);

/* ----- Stock notifications (top bar bell and /stock-notification) ----- */

export const branchIdSchema = z.string('validation.branch_required').trim().min(1, 'validation.branch_required').pipe(idSchema);

export const STOCK_NOTIFICATION_LATEST_LIMIT = 50;

/**
 * A quantity in the product's base unit: a number when it is a whole number of units (2), otherwise a
 * decimal string with up to 3 decimals ("1.5"), so no fraction is ever rounded by a float.
 */
export const stockLevelSchema = z
  .union([z.number().int(), z.string().regex(/^-?\d+\.\d{1,3}$/)])
  .describe('Whole units as a number (2), otherwise a decimal string with up to 3 decimals ("1.5")');
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const stockNotificationQuerySchema = z.object({ branch_id: branchIdSchema });
export type StockNotificationQuery = z.infer<typeof stockNotificationQuerySchema>;

/** One bell entry, spelled as the spec spells it (createt_at, isRead). */
export const stockNotificationSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  stock_level: stockLevelSchema,
  createt_at: timestampSchema,
  isRead: z.boolean(),
});
export type StockNotification = z.infer<typeof stockNotificationSchema>;

/** The newest notifications of one branch (at most STOCK_NOTIFICATION_LATEST_LIMIT), read or not. */
export const stockNotificationResponseSchema = z.object({ data: z.array(stockNotificationSchema) });
export type StockNotificationResponse = z.infer<typeof stockNotificationResponseSchema>;

export const markAllReadBodySchema = z.object({ branch_id: branchIdSchema });
export type MarkAllReadBody = z.infer<typeof markAllReadBodySchema>;

/** `updated`: how many unread notifications this call marked read. */
export const markAllReadResponseSchema = z.object({ message: z.string(), updated: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

export const STOCK_NOTIFICATION_SORTS = ['created_at', 'name', 'stock_level'] as const;
/** The see-all list: newest first unless asked otherwise; optionally one branch and read or unread only. */
export const stockNotificationListQuerySchema = listQuerySchema(STOCK_NOTIFICATION_SORTS)
  .omit({ status: true })
  .extend({
    order: z.enum(['asc', 'desc'], 'validation.invalid_sort').default('desc'),
    branch_id: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
    read: z.enum(['read', 'unread'], 'validation.invalid').optional(),
  });
export type StockNotificationListQuery = z.infer<typeof stockNotificationListQuerySchema>;

export const stockNotificationListItemSchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  product_id: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  stock_level: stockLevelSchema,
  created_at: timestampSchema,
  read_at: timestampSchema.nullable(),
});
export type StockNotificationListItem = z.infer<typeof stockNotificationListItemSchema>;
export const stockNotificationListResponseSchema = listResponseSchema(stockNotificationListItemSchema);

/* ----- Dashboard ----- */

/**
 * Amounts are integers in minor units (cents) of `currency`. `profit` is the gross profit (sales without VAT, less the
 * cost of goods, net of returns; expenses are the profit and loss's business), and only for a user who may see costs
 * (`profit-lost-report`): null for anyone else, a cashier included.
 */
const figuresSchema = z.object({ sales: z.number().int(), profit: z.number().int().nullable() });

export const dashboardResponseSchema = z.object({
  currency: z.string(),
  /** The current day in the shop's time zone. */
  today: figuresSchema,
  /** The 30 days ending today, today included. */
  last_30_days: figuresSchema,
  /** January to December of the current year: always 12 entries. */
  monthly: z.array(figuresSchema.extend({ month: z.number().int().min(1).max(12) })),
  /** ISO 8601 weeks (Monday to Sunday) of the ISO week-year that holds today, from week 1 to the current week. */
  weekly: z.array(figuresSchema.extend({ week: z.number().int().min(1).max(53) })),
  /** The branch the figures cover (a branch user's own, or the one the owner picked); null: the whole shop. */
  branch_id: z.string().nullable(),
  /** The five products that brought in most over the last 30 days: line amounts excluding VAT, less returns. */
  top_products: z.array(z.object({ product_id: z.string(), product_name: z.string(), amount: z.number().int() })),
  /** Today's counted sales (grand totals, before returns) by hour of the shop's clock: always 24 entries, 0 to 23. */
  hourly: z.array(z.object({ hour: z.number().int().min(0).max(23), count: z.number().int(), sales: z.number().int() })),
  /** Stock-kept items at or under their alert level (the product's, else the shop's default), lowest first. */
  low_stock: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        product_id: z.string(),
        variant_id: z.string().nullable(),
        branch_id: z.string(),
        branch_name: z.string(),
        product_name: z.string(),
        on_hand: z.string(),
        alert: z.string(),
      }),
    ),
  }),
});
/** ?branch_id=: the owner's pick of one branch (a branch user always gets their own). */
export const dashboardQuerySchema = z.object({ branch_id: idSchema.optional() });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
export type DashboardFigures = z.infer<typeof figuresSchema>;
