import type { Generated } from 'kysely';
import type { PaymentStatus, PurchaseStatus } from '@posauto/shared/schemas/purchases';

/**
 * Table types of purchases and purchase returns (0017-purchases.ts). Money is integer minor units of the purchase's
 * currency; quantities are thousandths of the line's unit, whose factor to the product's unit (FACTOR_SCALE) is
 * frozen on the line.
 */
export interface PurchasesTable {
  business_id: string;
  id: string;
  purchase_number: string;
  purchase_date: string;
  supplier_id: string;
  branch_id: string;
  status: PurchaseStatus;
  currency: string;
  /** Sum of the lines' totals. */
  subtotal: number;
  shipping_cost: number;
  grand_total: number;
  /** Sum of the payments, kept with them in one transaction; payment_status follows from it. */
  paid_amount: number;
  payment_status: PaymentStatus;
  note: string;
  /** A media upload (purpose 'purchase'): the supplier's invoice or delivery note, photographed. */
  attachment: string | null;
  line_count: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  received_at: string | null;
  voided_at: string | null;
}

export interface PurchaseLinesTable {
  business_id: string;
  id: string;
  purchase_id: string;
  line_no: number;
  product_id: string;
  /** '' for a product without variants. */
  variant_id: string;
  unit_id: string | null;
  unit_factor: number;
  quantity: number;
  unit_cost: number;
  /** quantity × unit_cost, rounded once. */
  line_total: number;
  /** The line's part of the purchase's shipping cost; the parts add up to it exactly. */
  shipping_share: number;
  expiry_date: string | null;
}

export interface PurchasePaymentsTable {
  business_id: string;
  id: string;
  purchase_id: string;
  payment_method_id: string;
  /** What the payment is worth in the purchase's currency (minor units): what every sum adds. */
  amount: number;
  /** What was handed over (dollars or riel) in its own minor units, and the rate it was converted at (0: none). */
  tendered_currency: Generated<string>;
  tendered_amount: Generated<number>;
  exchange_rate: Generated<number>;
  paid_on: string;
  note: string;
  created_by: string | null;
  created_at: string;
}

export interface PurchaseReturnsTable {
  business_id: string;
  id: string;
  return_number: string;
  purchase_id: string;
  branch_id: string;
  returned_on: string;
  status: 'posted' | 'void';
  currency: string;
  /** What the returned goods cost at the purchase's landed cost. */
  total_cost: number;
  refund_amount: number;
  refund_method_id: string | null;
  note: string;
  line_count: number;
  created_by: string | null;
  created_at: string;
  voided_at: string | null;
}

export interface PurchaseReturnLinesTable {
  business_id: string;
  id: string;
  return_id: string;
  purchase_line_id: string;
  line_no: number;
  product_id: string;
  variant_id: string;
  unit_id: string | null;
  unit_factor: number;
  /** Thousandths of the purchase line's unit. */
  quantity: number;
  cost: number;
}

export interface PurchaseTables {
  purchases: PurchasesTable;
  purchase_lines: PurchaseLinesTable;
  purchase_payments: PurchasePaymentsTable;
  purchase_returns: PurchaseReturnsTable;
  purchase_return_lines: PurchaseReturnLinesTable;
}
