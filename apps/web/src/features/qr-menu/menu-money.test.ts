import { describe, expect, it } from 'vitest';
import { menuMoney, menuRate } from './menu-money';

describe('menu prices', () => {
  it('writes dollars with the app format and riel with the riel sign', () => {
    expect(menuMoney(275, 'USD', 'en')).toBe('$2.75');
    expect(menuMoney(11_300, 'KHR', 'en')).toBe('៛11,300');
    expect(menuMoney(0, 'KHR', 'en')).toBe('៛0');
  });

  it('writes the rate with its decimals only when it has some', () => {
    expect(menuRate('4100', 'en')).toBe('៛4,100');
    expect(menuRate('4000.5', 'en')).toBe('៛4,000.5');
  });
});
