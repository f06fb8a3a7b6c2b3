/**
 * Barcode rules shared by the product form (live validation) and the server (the rule that counts).
 * EAN-13: 13 digits, the last one the GS1 check digit. Code 128: 1 to 48 printable ASCII characters.
 */
export type BarcodeKind = 'ean13' | 'code128';

export const CODE128_MAX = 48;

/** The GS1 check digit of the first 12 digits of an EAN-13. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError('EAN-13 needs 12 digits before its check digit');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

export function isValidCode128(code: string): boolean {
  return code.length >= 1 && code.length <= CODE128_MAX && /^[\x20-\x7e]+$/.test(code);
}

/** A barcode given without a kind: 13 digits read as EAN-13, anything else as Code 128. */
export function guessBarcodeKind(code: string): BarcodeKind {
  return /^\d{13}$/.test(code) ? 'ean13' : 'code128';
}

export function isValidBarcode(code: string, kind: BarcodeKind): boolean {
  return kind === 'ean13' ? isValidEan13(code) : isValidCode128(code);
}

/**
 * An in-store EAN-13 (GS1 prefix 200-299 is reserved for use inside a shop): '2' + 11 digits of `body` + check.
 * `body` is any 11-digit string the caller makes unique (the server retries on a clash).
 */
export function inStoreEan13(body: string): string {
  if (!/^\d{11}$/.test(body)) throw new RangeError('in-store EAN-13 needs an 11-digit body');
  const first12 = `2${body}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}
