import { z } from 'zod';

/** Opaque ids: UUIDv7 strings (time-ordered, not guessable across tenants). */
export const idSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'validation.invalid_id');
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const PAGE_SIZES = ['10', '25', '50', '100', 'all'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** The query every server-paginated list accepts; `sort` is narrowed per list. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    page: z.coerce
      .number()
      .int('validation.invalid_page')
      .min(1, 'validation.invalid_page')
      .max(1_000_000, 'validation.invalid_page')
      .default(1),
    per_page: z.enum(PAGE_SIZES, 'validation.invalid_page_size').default('10'),
    search: z.string().trim().max(100, 'validation.too_long').optional(),
    sort: z.enum(sortable, 'validation.invalid_sort').optional(),
    order: z.enum(['asc', 'desc'], 'validation.invalid_sort').default('asc'),
    status: z.enum(['active', 'inactive'], 'validation.invalid_status').optional(),
  });
}
export type ListQuery<S extends string = string> = {
  page: number;
  per_page: PageSize;
  search?: string | undefined;
  sort?: S | undefined;
  order: 'asc' | 'desc';
  status?: 'active' | 'inactive' | undefined;
};

/** "All" on a list screen answers at most this many rows (exports stream every row instead). */
export const LIST_ALL_LIMIT = 1000;

export const listMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.enum(PAGE_SIZES),
  total: z.number().int(),
  last_page: z.number().int(),
  /** Present (true) only when "All" matched more rows than `limit` and answered the first `limit` of them. */
  capped: z.literal(true).optional(),
  limit: z.number().int().optional(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}
export type ListResponse<T> = { data: T[]; meta: ListMeta };

/** The one error shape every API answer uses. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const okSchema = z.object({ message: z.string() });

export const statusBodySchema = z.object({ status: z.boolean('validation.invalid_status') });
export type StatusBody = z.infer<typeof statusBodySchema>;

export const timestampSchema = z.string();
