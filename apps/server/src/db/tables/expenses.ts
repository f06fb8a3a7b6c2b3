/**
 * Table types of the expenses module (0023-expenses.ts). Money is integer minor units: expend_cost of the currency
 * it was entered in, amount of the shop currency (converted once at exchange_rate, riel per dollar at RATE_SCALE).
 */
export interface ExpenseCategoriesTable {
  business_id: string;
  id: string;
  name: string;
  description: string | null;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface ExpensesTable {
  business_id: string;
  id: string;
  branch_id: string;
  category_id: string;
  /** Shop-local day, YYYY-MM-DD. */
  expense_date: string;
  currency: 'USD' | 'KHR';
  expend_cost: number;
  exchange_rate: number;
  amount: number;
  payment_method_id: string | null;
  note: string;
  /** expense_attachments.key, or null. */
  attachment: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A receipt: a photo re-encoded as WebP, or a PDF as uploaded; unclaimed until an expense takes it. */
export interface ExpenseAttachmentsTable {
  business_id: string;
  key: string;
  content_type: 'image/webp' | 'application/pdf';
  size: number;
  bytes: Buffer;
  created_at: string;
  claimed_at: string | null;
}

export interface ExpenseTables {
  expense_categories: ExpenseCategoriesTable;
  expenses: ExpensesTable;
  expense_attachments: ExpenseAttachmentsTable;
}
