/**
 * A till's receipt number (issue #26), written the same way by the till (printed offline, final) and the server:
 * "T01-000042", the till's code and its number, six digits at least (the shop's invoices read INV000042). A file of its
 * own, without zod, so that the till's payment code can write it without the schemas.
 */
export function tillReceiptNumber(code: string, n: number): string {
  return `${code}-${String(n).padStart(6, '0')}`;
}
