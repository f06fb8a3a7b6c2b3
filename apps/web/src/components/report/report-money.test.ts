import { describe, expect, it } from 'vitest';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import { showMoney, showNumber, showRiel, toMinor } from './report-money';

const period = (currency: string, rate = '4100.0000'): ReportPeriodInfo => ({
  period: 'this_month',
  from: '2026-11-01',
  to: '2026-11-21',
  time_zone: 'Asia/Phnom_Penh',
  branch_id: null,
  currency,
  exchange_rate: rate,
});

describe('report money', () => {
  it('reads decimal text exactly and writes it in the shop currency', () => {
    expect(toMinor('1234.56', 'USD')).toBe(123456);
    expect(toMinor('-0.01', 'USD')).toBe(-1);
    expect(showMoney('1234.5', 'USD', 'en')).toBe('$1,234.50');
    expect(showMoney(null, 'USD', 'en')).toBe('—');
  });

  it('shows riel beside a dollar amount at the period rate, half-up, and nothing beside riel books', () => {
    // One rule for riel everywhere (the till, receipts, invoices, reports): the nearest 100-riel note.
    expect(showRiel('2.75', period('USD'), 'en')).toMatch(/11,300/); // 11,275
    expect(showRiel('0.01', period('USD'), 'en')).toMatch(/\b0\b/); // 41 riel: no note
    expect(showRiel('1.00', period('USD', '4050.5000'), 'en')).toMatch(/4,100/); // 4,050.5
    expect(showRiel('6.60', period('USD', '4050.0000'), 'en')).toMatch(/26,700/); // 26,730, as the till shows it
    expect(showRiel('41000', period('KHR'), 'en')).toBeNull();
    expect(showRiel('1.00', undefined, 'en')).toBeNull();
  });

  it('groups quantities without losing decimals', () => {
    expect(showNumber('1234.5', 'en')).toBe('1,234.5');
    expect(showNumber(3, 'en')).toBe('3');
  });
});
