import { describe, expect, it } from 'vitest';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import { documentTotalLines, saleTotalLines } from './detail-totals';

const t = (key: string, values?: Record<string, string>) => (values ? `${key} ${JSON.stringify(values)}` : key);

/** A dollar sale paid in cash: $10 of goods, 10% off, VAT 10% on top, $5 back as one dollar note and 16,400 riel. */
const sale = {
  document: 'sale',
  currency: 'USD',
  subtotal: '10.00',
  discount_amount: '1.00',
  coupon_amount: '0.00',
  coupon_code: null,
  service_charge: '0.00',
  service_charge_name: null,
  tax: '0.90',
  vat_rate: '10.00',
  vat_inclusive: false,
  shipping: '0.00',
  rounding: '0.00',
  grand_total: '9.90',
  grand_total_khr: '40600',
  exchange_rate: '4100.0000',
  paid: '9.90',
  tendered: '15.00',
  change: '5.10',
  change_usd: '1.00',
  change_khr: '16800',
  returned_amount: '0.00',
  balance_due: '0.00',
  customer_balance_due: '0.00',
} as unknown as SaleDetail;

describe('saleTotalLines', () => {
  it('shows what was taken off as a minus, the change in the notes it went back in, and leaves out the zeros', () => {
    const lines = saleTotalLines(sale, t, 'en');
    expect(lines.map((l) => l.label)).toEqual([
      'sales_ui.subtotal',
      'sales_ui.order_discount',
      'sales_ui.vat {"rate":"10"}',
      'sales_ui.grand_total',
      'sales_ui.total_riel',
      'sales_ui.rate',
      'sales_ui.paid',
      'sales_ui.tendered',
      'sales_ui.change',
      'sales_ui.balance_due',
    ]);
    expect(lines[1]!.value).toBe('-$1.00');
    expect(lines.find((l) => l.label === 'sales_ui.change')!.value).toBe('$5.10 ($1.00 + 16,800\u00a0៛)');
    expect(lines.filter((l) => l.strong).map((l) => l.label)).toEqual(['sales_ui.grand_total', 'sales_ui.balance_due']);
  });

  it('has no riel total for a sale in riel', () => {
    const riel = { ...sale, currency: 'KHR' } as SaleDetail;
    expect(saleTotalLines(riel, t, 'en').map((l) => l.label)).not.toContain('sales_ui.total_riel');
  });
});

describe('documentTotalLines', () => {
  it('shows an invoice as stored, with what is paid and due', () => {
    const lines = documentTotalLines({ ...sale, document: 'invoice', paid: '0.00', balance_due: '9.90' } as SaleDetail, t, 'en');
    expect(lines.map((l) => l.testId).filter(Boolean)).toEqual(['detail-grand-total', 'detail-balance-due']);
    expect(lines[1]!.value).toBe('$1.00');
    expect(lines.find((l) => l.testId === 'detail-balance-due')!.value).toBe('$9.90');
  });

  it('shows nothing paid or due on a quotation', () => {
    const labels = documentTotalLines({ ...sale, document: 'quotation' } as SaleDetail, t, 'en').map((l) => l.label);
    expect(labels).not.toContain('sales_ui.paid');
    expect(labels).not.toContain('sales_ui.balance_due');
    expect(labels.at(-1)).toBe('sales_ui.total_riel');
  });
});
