import { describe, expect, it } from 'vitest';
import { isNonZero, receiptDateTime, receiptDay, receiptMoney, receiptQuantity, receiptRate } from './receipt-format';

describe('receipt formatting', () => {
  it('prints dollars to the cent and riel whole, grouped, from exact text', () => {
    expect(receiptMoney('4.5', 'USD', 'en')).toBe('$4.50');
    expect(receiptMoney('1234567.891', 'USD', 'en')).toBe('$1,234,567.89');
    expect(receiptMoney('18500', 'KHR', 'en')).toBe('18,500\u00a0៛');
    expect(receiptMoney('-0.25', 'USD', 'en')).toBe('-$0.25');
    expect(receiptMoney('0.1', 'USD', 'en')).toBe('$0.10');
    expect(receiptMoney('', 'USD', 'en')).toBe('$0.00');
    expect(receiptMoney('12', 'EUR', 'en')).toBe('12 EUR');
  });

  it('prints the rate, quantities and days without noise', () => {
    expect(receiptRate('4100.0000', 'en')).toBe('$1 = 4,100\u00a0៛');
    expect(receiptRate('4012.5000', 'en')).toBe('$1 = 4,012.5\u00a0៛');
    expect(receiptQuantity('2.000')).toBe('2');
    expect(receiptQuantity('0.250')).toBe('0.25');
    expect(receiptQuantity('12')).toBe('12');
    expect(receiptDay('2026-11-21')).toBe('21/11/2026');
  });

  it("prints the time of the shop's clock, whatever the printing computer's", () => {
    expect(receiptDateTime('2026-11-21T08:04:00.000Z', 'Asia/Phnom_Penh')).toBe('21/11/2026 15:04');
    expect(receiptDateTime('2026-11-21T20:30:00.000Z', 'Asia/Phnom_Penh')).toBe('22/11/2026 03:30');
    expect(receiptDateTime('2026-11-21T08:04:00.000Z', 'Not/AZone')).toBe('21/11/2026 08:04');
  });

  it('tells zero from non-zero decimal text', () => {
    expect(isNonZero('0.00')).toBe(false);
    expect(isNonZero('0')).toBe(false);
    expect(isNonZero(null)).toBe(false);
    expect(isNonZero('0.01')).toBe(true);
  });
});
