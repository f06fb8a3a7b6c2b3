import { z } from 'zod';

/** A branch as a receipt names it (a sale prints its own branch's name and address under the shop's). */
export const receiptBranchSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ReceiptBranch = z.infer<typeof receiptBranchSchema>;

/**
 * What a receipt or an A4 invoice prints besides the sale itself: the shop's name and contact details, its VATIN,
 * logo and footer text (general settings), the receipt options of the sale settings, and the branches. The till
 * and the sales screens read it once and print any number of sales with it.
 */
export const receiptProfileSchema = z.object({
  shop_name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** general_settings.vatin_number */
  vatin: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** general_settings.receipt_footer: a thank-you line, Wi-Fi password, return policy. */
  footer: z.string().nullable(),
  show_logo: z.boolean(),
  show_address: z.boolean(),
  show_vatin: z.boolean(),
  paper_width: z.union([z.literal(58), z.literal(80)]),
  auto_print: z.boolean(),
  /** The shop's IANA time zone: a receipt prints the sale's date and time as the shop's clock showed them. */
  time_zone: z.string(),
  /** Every branch of the shop (inactive ones too: their old sales still print); a branch user gets its own. */
  branches: z.array(receiptBranchSchema),
});
export type ReceiptProfile = z.infer<typeof receiptProfileSchema>;

/**
 * What the back-office sale screens offer in their filters and forms, to anyone who may see sales (cashiers hold
 * no general-setting or user-list permission): branches, the staff who recorded sales, active payment methods.
 */
export const saleScreenOptionsSchema = z.object({
  branches: z.array(z.object({ id: z.string(), name: z.string() })),
  cashiers: z.array(z.object({ id: z.string(), name: z.string() })),
  payment_methods: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
});
export type SaleScreenOptions = z.infer<typeof saleScreenOptionsSchema>;
