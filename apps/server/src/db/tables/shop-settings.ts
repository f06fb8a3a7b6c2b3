/** Table types of the shop-settings module (see db/types.ts for the conventions). */

/** A shop's customer; exactly one per shop is the undeletable "Walk-in customer" (is_walk_in = 1). */
export interface CustomersTable {
  business_id: string;
  id: string;
  name: string;
  /** 'retail' | 'company' */
  customer_type: string;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  /** The loyalty card number; unique in the shop (case-insensitive) when given. */
  member_id: string | null;
  note: string | null;
  is_walk_in: number;
  status: number;
  created_at: string;
  updated_at: string;
}

/** One row per shop: what a new sale starts with and how its receipt looks. */
export interface SaleSettingsTable {
  business_id: string;
  default_customer_id: string | null;
  default_payment_method_id: string | null;
  receipt_show_logo: number;
  receipt_show_address: number;
  receipt_show_vatin: number;
  /** 58 or 80 (mm) */
  receipt_paper_width: number;
  receipt_auto_print: number;
  invoice_prefix: string;
  quotation_prefix: string;
  updated_at: string;
}

export interface ShopSettingTables {
  customers: CustomersTable;
  sale_settings: SaleSettingsTable;
}
