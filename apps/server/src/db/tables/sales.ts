import type { Generated } from 'kysely';

/**
 * Table types of selling (0022-sales.ts): cash sessions, sales (till and back-office sales, invoices, quotations),
 * their lines, payments and returns, coupons and held carts. Money is integer minor units (a sale's totals in its
 * currency, a payment's amount in its tender currency); quantities are thousandths of the line's unit, whose factor
 * to the product's unit (FACTOR_SCALE) is frozen on the line; exchange_rate is riel per dollar at RATE_SCALE.
 */
export type SaleDocument = 'sale' | 'invoice' | 'quotation';
export type SaleStatus = 'completed' | 'void' | 'open' | 'converted';
export type CashEntryKind = 'opening' | 'sale' | 'change' | 'refund' | 'cash_in' | 'cash_out' | 'payment';

export interface CashSessionsTable {
  business_id: string;
  id: string;
  session_number: string;
  branch_id: string;
  user_id: string;
  status: 'open' | 'closed';
  opened_at: string;
  closed_at: string | null;
  closed_by: string | null;
  opening_usd: number;
  opening_khr: number;
  expected_usd: number | null;
  expected_khr: number | null;
  counted_usd: number | null;
  counted_khr: number | null;
  /** JSON: the note-by-note count, { USD: { "100": 2, ... }, KHR: { "1000": 5, ... } }. */
  counted_notes: string | null;
  note: string;
  close_note: string;
}

/** Signed: money into the drawer is positive. Expected cash per currency = sum of a session's entries. */
export interface CashSessionEntriesTable {
  business_id: string;
  id: string;
  session_id: string;
  kind: CashEntryKind;
  currency: 'USD' | 'KHR';
  amount: number;
  sale_id: string | null;
  return_id: string | null;
  reason: string;
  created_by: string | null;
  created_at: string;
}

export interface CouponsTable {
  business_id: string;
  id: string;
  /** The code, upper-case, unique per shop whatever its case. */
  name: string;
  description: string | null;
  discount_type: 'percent' | 'fixed';
  /** percent: hundredths of a percent; fixed: minor units of the shop's currency. */
  discount_value: number;
  starts_on: string | null;
  ends_on: string | null;
  usage_limit: number | null;
  used_count: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface SalesTable {
  business_id: string;
  id: string;
  invoice_number: string;
  document: SaleDocument;
  sale_type: 'general' | 'internal' | 'online' | 'pos_retail';
  status: SaleStatus;
  branch_id: string;
  cash_session_id: string | null;
  customer_id: string;
  /** The shop-local day of the sale. */
  sale_date: string;
  sold_at: string;
  currency: string;
  exchange_rate: number;
  /** Hundredths of a percent; 0 without VAT. */
  vat_rate: number;
  vat_inclusive: number;
  discount_type: 'percent' | 'fixed' | null;
  discount_value: number;
  discount_amount: number;
  coupon_id: string | null;
  coupon_code: string | null;
  coupon_amount: number;
  service_charge_id: string | null;
  service_type: string | null;
  service_value: number;
  service_charge: number;
  subtotal: number;
  tax: number;
  shipping: number;
  /** Part of grand_total: cash rounding to round notes (riel total paid in riel, change in whole dollars). */
  rounding: Generated<number>;
  grand_total: number;
  paid_amount: number;
  tendered_amount: number;
  change_amount: number;
  change_usd: number;
  change_khr: number;
  payment_status: 'paid' | 'unpaid' | 'partial';
  returned_amount: number;
  cost_total: number;
  line_count: number;
  note: string;
  delivered_at: string | null;
  converted_from_id: string | null;
  /** Who approved a discount above the seller's role limit (migration 0027). */
  approved_by: Generated<string | null>;
  idempotency_key: string | null;
  /** SHA-256 of the request body sent with the idempotency key: the same key with another body is refused. */
  request_hash: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  voided_at: string | null;
  /** A sale paid at a table (migration 0032): its order, table (its name then) and waiter. */
  table_order_id: Generated<string | null>;
  table_id: Generated<string | null>;
  table_name: Generated<string | null>;
  waiter_id: Generated<string | null>;
  /** An offline till's sale (migration 0034): the till and the number it gave, and when the sale reached the server. */
  till_id: Generated<string | null>;
  till_number: Generated<number | null>;
  received_at: Generated<string | null>;
  /** What a manager must look at, comma-separated (SALE_REVIEW_FLAGS), or null. */
  review: Generated<string | null>;
}

/** A device that sells, with its own series of receipt numbers (migration 0034). */
export interface TillsTable {
  business_id: string;
  id: string;
  branch_id: string;
  code: string;
  name: string;
  last_number: Generated<number>;
  created_by: string;
  created_at: string;
  last_seen_at: string | null;
}

export interface SaleLinesTable {
  business_id: string;
  id: string;
  sale_id: string;
  line_no: number;
  product_id: string;
  /** '' for a product without variants. */
  variant_id: string;
  product_name: string;
  unit_id: string | null;
  unit_factor: number;
  quantity: number;
  unit_price: number;
  discount_type: 'percent' | 'fixed' | null;
  discount_value: number;
  gross_amount: number;
  line_discount: number;
  order_discount_share: number;
  net_amount: number;
  tax_amount: number;
  cost_amount: number;
}

export interface SalePaymentsTable {
  business_id: string;
  id: string;
  sale_id: string;
  payment_method_id: string;
  method_type: string;
  currency: 'USD' | 'KHR';
  amount: number;
  amount_in_sale_currency: number;
  reference: string;
  khqr_md5: string | null;
  cash_session_id: string | null;
  paid_on: string;
  created_by: string | null;
  created_at: string;
}

export interface SaleReturnsTable {
  business_id: string;
  id: string;
  return_number: string;
  sale_id: string;
  branch_id: string;
  cash_session_id: string | null;
  returned_on: string;
  status: 'posted' | 'void';
  currency: string;
  total: number;
  /** The VAT part of total (migration 0024): returns enter profit and loss net of it. */
  tax: number;
  refund_method: 'cash' | 'balance';
  refund_currency: string;
  refund_amount: number;
  /** Of total: what only reduced what the sale was still owed (migration 0027). */
  settled_amount: Generated<number>;
  /** Of total: what was refunded (cash or balance), in the sale's currency; refund_amount is it in refund_currency. */
  refund_value: Generated<number>;
  cost_total: number;
  line_count: number;
  note: string;
  created_by: string | null;
  created_at: string;
}

export interface SaleReturnLinesTable {
  business_id: string;
  id: string;
  return_id: string;
  sale_line_id: string;
  line_no: number;
  product_id: string;
  variant_id: string;
  unit_id: string | null;
  unit_factor: number;
  quantity: number;
  amount: number;
  /** The VAT part of amount: the returned share of the sale line's tax_amount, rounded like amount. */
  tax_amount: number;
  cost_amount: number;
}

export interface HeldCartsTable {
  business_id: string;
  id: string;
  branch_id: string;
  user_id: string;
  label: string;
  payload: string;
  item_count: number;
  currency: string;
  total: number;
  created_at: string;
}

export interface SaleTables {
  tills: TillsTable;
  cash_sessions: CashSessionsTable;
  cash_session_entries: CashSessionEntriesTable;
  coupons: CouponsTable;
  sales: SalesTable;
  sale_lines: SaleLinesTable;
  sale_payments: SalePaymentsTable;
  sale_returns: SaleReturnsTable;
  sale_return_lines: SaleReturnLinesTable;
  held_carts: HeldCartsTable;
}
