import { z } from 'zod';
import { isValidPercent, parsePercent } from '../money/index';
import { idSchema } from './common';

/**
 * The shop's general settings. Numbers travel as exact decimal text: exchange_rate in riel per dollar at
 * RATE_DIGITS (4100 -> "4100.0000"), sale_tax in percent at PERCENT_DIGITS ("10.00"), default_stock_alert as
 * a quantity at QTY_DIGITS without trailing zeros ("5").
 */
export const generalSettingSchema = z.object({
  /** The caller's branch, or the shop's default branch for a user without one. */
  branch_id: z.string().nullable(),
  shop_name: z.string(),
  currency: z.string(),
  local_currency: z.string(),
  exchange_rate: z.string(),
  sale_tax: z.string(),
  is_exclude_tax: z.boolean(),
  time_zone: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Where the shop's logo can be fetched, or null without one. */
  logo_url: z.string().nullable(),
  default_branch_id: z.string().nullable(),
  default_stock_alert: z.string(),
  out_of_stock_sale: z.boolean(),
  edit_date: z.boolean(),
  edit_cost: z.boolean(),
  inline_discount: z.boolean(),
  receipt_footer: z.string().nullable(),
  vatin_number: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type GeneralSetting = z.infer<typeof generalSettingSchema>;

export const generalSettingResponseSchema = z.object({ setting: generalSettingSchema });
export type GeneralSettingResponse = z.infer<typeof generalSettingResponseSchema>;

/** The currencies a shop can price in: the dollar and the riel (the exchange rate is riel per dollar). */
export const SETTING_CURRENCIES = ['USD', 'KHR'] as const;

/** True for a time zone name the runtime knows (IANA names such as Asia/Phnom_Penh, or UTC). */
export function isKnownTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** "0" to "100" with up to 2 decimals (zod runs this even when the pattern above failed, so it must not throw). */
function isPercentText(v: string): boolean {
  try {
    return isValidPercent(parsePercent(v));
  } catch {
    return false;
  }
}

const optionalText = (max: number) => z.string().trim().max(max, 'validation.too_long').nullable().optional();

export const generalSettingInputSchema = z
  .object({
    shop_name: z.string('validation.shop_name_required').trim().min(1, 'validation.shop_name_required').max(100, 'validation.too_long'),
    phone: z
      .string()
      .trim()
      .max(30, 'validation.too_long')
      .regex(/^[+\d\s()-]*$/, 'validation.phone_invalid')
      .nullable()
      .optional(),
    address: optionalText(300),
    currency: z.enum(SETTING_CURRENCIES, 'validation.currency_required'),
    local_currency: z.enum(SETTING_CURRENCIES, 'validation.currency_required'),
    /** Riel per dollar, greater than zero, up to 4 decimals (RATE_DIGITS). */
    exchange_rate: z
      .string('validation.exchange_rate')
      .trim()
      .regex(/^\d{1,7}(\.\d{1,4})?$/, 'validation.exchange_rate')
      .refine((v) => /[1-9]/.test(v), 'validation.exchange_rate'),
    /** VAT in percent, 0 to 100, up to 2 decimals (PERCENT_DIGITS). */
    sale_tax: z
      .string('validation.discount_range')
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'validation.discount_range')
      .refine(isPercentText, 'validation.discount_range'),
    is_exclude_tax: z.boolean('validation.invalid'),
    /** The stock level that raises a low-stock alert for products without their own, up to 3 decimals (QTY_DIGITS). */
    default_stock_alert: z
      .string('validation.stock_alert')
      .trim()
      .regex(/^\d{1,9}(\.\d{1,3})?$/, 'validation.stock_alert'),
    out_of_stock_sale: z.boolean('validation.invalid'),
    edit_date: z.boolean('validation.invalid'),
    edit_cost: z.boolean('validation.invalid'),
    inline_discount: z.boolean('validation.invalid'),
    receipt_footer: optionalText(500),
    vatin_number: z
      .string()
      .trim()
      .max(30, 'validation.too_long')
      .regex(/^[A-Za-z0-9-]*$/, 'validation.vatin_invalid')
      .nullable()
      .optional(),
    time_zone: z.string('validation.time_zone').trim().refine(isKnownTimeZone, 'validation.time_zone'),
    default_branch_id: idSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.currency === v.local_currency) ctx.addIssue({ code: 'custom', path: ['local_currency'], message: 'validation.currency_same' });
  });
export type GeneralSettingInput = z.infer<typeof generalSettingInputSchema>;

export const generalSettingUpdateResponseSchema = z.object({ message: z.string(), data: generalSettingSchema });

/** The shop logo: the key POST /api/v1/media/images answered, or null to remove it. */
export const logoInputSchema = z.object({ key: z.string('validation.invalid').max(200, 'validation.too_long').nullable() });
export type LogoInput = z.infer<typeof logoInputSchema>;
