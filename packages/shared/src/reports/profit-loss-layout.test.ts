import { describe, expect, it } from 'vitest';
import type { ProfitLossStatement } from '../schemas/profit-loss';
import { PROFIT_LOSS_MONTH_LINES, profitLossLayout } from './profit-loss-layout';

const statement: ProfitLossStatement = {
  sales_count: 3,
  returns_count: 1,
  sales: '120.00',
  net_sales: '100.00',
  returns: '10.00',
  net_revenue: '90.00',
  discounts: '5.00',
  vat_collected: '9.00',
  service_charges: '4.00',
  shipping: '2.00',
  sales_cost: '50.00',
  returns_cost: '6.00',
  cogs: '44.00',
  gross_profit: '52.00',
  expenses: '60.00',
  net_profit: '-8.00',
};
const expenses_by_category = [
  { category_id: 'c1', category_name: 'Rent', amount: '50.00' },
  { category_id: 'c2', category_name: 'Power', amount: '10.00' },
];

describe('the profit and loss layout', () => {
  it('lays the statement out top to bottom: sections, lines, categories, net profit last', () => {
    const rows = profitLossLayout({ statement, expenses_by_category });
    expect(rows.map((r) => r.key)).toEqual([
      'h-revenue',
      'net_sales',
      'returns',
      'net_revenue',
      'service_charges',
      'shipping',
      'h-cost',
      'cogs',
      'gross_profit',
      'h-expenses',
      'e-c1',
      'e-c2',
      'expenses',
      'h-info',
      'discounts',
      'vat_collected',
      'net_profit',
    ]);
    expect(rows.filter((r) => r.kind === 'line' && r.strong).map((r) => r.key)).toEqual(['net_revenue', 'gross_profit', 'expenses']);
    expect(rows.at(-1)).toEqual({ kind: 'bottom', key: 'net_profit', label: 'profit_loss.lines.net_profit', amount: '-8.00' });
  });

  it('labels lines and headings by translation key and keeps each amount and its sign as answered', () => {
    const rows = profitLossLayout({ statement, expenses_by_category: [] });
    expect(rows[0]).toEqual({ kind: 'heading', key: 'h-revenue', label: 'profit_loss.sections.revenue' });
    expect(rows.find((r) => r.key === 'returns')).toEqual({
      kind: 'line',
      key: 'returns',
      label: 'profit_loss.lines.returns',
      amount: '10.00',
      strong: false,
    });
    expect(rows.some((r) => r.kind === 'expense')).toBe(false);
    expect(rows.find((r) => r.key === 'e-c1')).toBeUndefined();
  });

  it('names the months’ lines in the statement’s order', () => {
    const order = profitLossLayout({ statement, expenses_by_category: [] }).map((r) => r.key as string);
    const positions = PROFIT_LOSS_MONTH_LINES.map((k) => order.indexOf(k));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
