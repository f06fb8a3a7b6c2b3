import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';

export const CATEGORY_SORTS = ['name', 'created_at', 'status'] as const;
export const categoryListQuerySchema = listQuerySchema(CATEGORY_SORTS);

export const categoryInputSchema = z.object({
  name: z.string('validation.name_required').trim().min(1, 'validation.name_required').max(100, 'validation.too_long'),
  parent_id: idSchema.nullable().optional(),
  icon: z
    .string()
    .trim()
    .max(64, 'validation.too_long')
    .regex(/^[a-z0-9-]*$/, 'validation.invalid_icon')
    .nullable()
    .optional(),
  status: z.boolean('validation.invalid_status').optional(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  parent_name: z.string().nullable(),
  icon: z.string().nullable(),
  status: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListResponseSchema = listResponseSchema(categorySchema);

/** Icons a category may carry (names of the web app's icon set). */
export const CATEGORY_ICONS = [
  'coffee',
  'cup',
  'glass',
  'beer',
  'bottle',
  'cake',
  'cookie',
  'ice-cream',
  'pizza',
  'burger',
  'soup',
  'salad',
  'meat',
  'fish',
  'egg',
  'bread',
  'apple',
  'lemon',
  'candy',
  'microphone',
  'music',
  'shirt',
  'shopping-bag',
  'gift',
  'tools',
  'package',
  'bolt',
  'heart',
  'star',
  'tag',
] as const;
