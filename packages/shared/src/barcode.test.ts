import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, guessBarcodeKind, inStoreEan13, isValidBarcode, isValidCode128, isValidEan13 } from './barcode';

describe('barcodes', () => {
  it('computes the GS1 check digit of real EAN-13 codes', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1); // 4006381333931
    expect(ean13CheckDigit('590123412345')).toBe(7); // 5901234123457, the GS1 example
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('8850999320007')).toBe(true);
  });

  it('refuses an EAN-13 with a wrong check digit, letters or the wrong length', () => {
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339311')).toBe(false);
    expect(isValidEan13('40063813339A1')).toBe(false);
  });

  it('accepts printable ASCII up to 48 characters as Code 128, nothing else', () => {
    expect(isValidCode128('LATTE-L-01')).toBe(true);
    expect(isValidCode128('a b~')).toBe(true);
    expect(isValidCode128('')).toBe(false);
    expect(isValidCode128('x'.repeat(49))).toBe(false);
    expect(isValidCode128('កាហ្វេ')).toBe(false);
    expect(isValidCode128('tab\there')).toBe(false);
  });

  it('reads 13 digits as EAN-13 and anything else as Code 128', () => {
    expect(guessBarcodeKind('4006381333931')).toBe('ean13');
    expect(guessBarcodeKind('12345')).toBe('code128');
    expect(isValidBarcode('4006381333932', 'ean13')).toBe(false);
    expect(isValidBarcode('4006381333932', 'code128')).toBe(true);
  });

  it('makes valid in-store EAN-13 codes starting with 2', () => {
    for (const body of ['00000000000', '12345678901', '99999999999']) {
      const code = inStoreEan13(body);
      expect(code).toMatch(/^2\d{12}$/);
      expect(isValidEan13(code)).toBe(true);
    }
  });
});
