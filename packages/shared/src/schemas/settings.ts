import { z } from 'zod';

export const generalSettingResponseSchema = z.object({
  setting: z.object({
    branch_id: z.string().nullable(),
    shop_name: z.string(),
    currency: z.string(),
    local_currency: z.string(),
    exchange_rate: z.string(),
    sale_tax: z.string(),
    is_exclude_tax: z.boolean(),
    time_zone: z.string(),
  }),
});
export type GeneralSettingResponse = z.infer<typeof generalSettingResponseSchema>;
