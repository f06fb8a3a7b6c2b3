/**
 * How the till asks for a sale's receipt (the receipts feature, handed in by the screen around it). A type of its own:
 * the till and its sale-done dialog both name it, and the dialog is loaded by the till, so neither may hold it.
 */
export interface PrintReceipt {
  (saleId: string, options?: { paper?: 58 | 80 | 'a4'; reprint?: boolean }): void;
}
