import { describe, expect, it } from 'vitest';
import { menuMoney, menuRate } from './menu-money';

describe('menu prices', () => {
  it("writes dollars and riel in the app's one money format", () => {
    expect(menuMoney(275, 'USD', 'en')).toBe('$2.75');
    expect(menuMoney(11_300, 'KHR', 'en')).toBe('11,300\u00a0៛');
    expect(menuMoney(0, 'KHR', 'en')).toBe('0\u00a0៛');
  });

  it('writes the rate with its decimals only when it has some', () => {
    expect(menuRate('4100', 'en')).toEqual({ usd: '$1', riel: '4,100\u00a0៛' });
    expect(menuRate('4000.5', 'en')).toEqual({ usd: '$1', riel: '4,000.5\u00a0៛' });
  });
});
