import { describe, expect, it } from 'vitest';
import { parseRate } from '@posauto/shared/money/index';
import { addToText, changeOptions, paymentProblem, summarize, type Tender, tenderMinor } from './payment';

const rate = parseRate('4100');
const cashUsd = (text: string): Tender => ({ id: 'a', methodId: 'cash', currency: 'USD', text });
const cashKhr = (text: string): Tender => ({ id: 'b', methodId: 'cash', currency: 'KHR', text });
const methods = new Set(['cash', 'khqr']);

describe('the tender', () => {
  it('reads typed amounts', () => {
    expect(tenderMinor('2.5', 'USD')).toBe(250);
    expect(tenderMinor('20,000', 'KHR')).toBe(20_000);
    expect(tenderMinor('', 'USD')).toBe(0);
    expect(tenderMinor('1.234', 'USD')).toBeNull();
    expect(tenderMinor('-1', 'USD')).toBeNull();
    expect(tenderMinor('1.5', 'KHR')).toBeNull();
  });

  it('gives change in whole dollars and riel rounded to 100 (3.35 paid with $5)', () => {
    const s = summarize(335, 'USD', [cashUsd('5')], rate);
    expect(s.isPaid).toBe(true);
    expect(s.changeDue.amount).toBe(165);
    expect(s.changeSplit.usd.amount).toBe(100);
    expect(s.changeSplit.khr.amount).toBe(2600);
    expect(s.changeInRiel.amount).toBe(6700);
  });

  it('takes riel: 3.35 (13,735 riel) paid with 20,000 riel', () => {
    const s = summarize(335, 'USD', [cashKhr('20000')], rate);
    expect(s.isPaid).toBe(true);
    expect(s.changeInRiel.amount).toBe(6200);
    expect(s.changeSplit.usd.amount).toBe(100);
    expect(s.changeSplit.khr.amount).toBe(2100);
  });

  it('shows what is still due in both currencies', () => {
    const s = summarize(1000, 'USD', [cashUsd('5'), cashKhr('10000')], rate);
    expect(s.isPaid).toBe(false);
    expect(s.remaining.amount).toBe(257);
    expect(s.remainingInRiel.amount).toBe(10_500);
  });

  it('adds quick tender amounts to what is typed', () => {
    expect(addToText('', 500, 'USD')).toBe('5.00');
    expect(addToText('1.25', 1000, 'USD')).toBe('11.25');
    expect(addToText('5000', 10_000, 'KHR')).toBe('15000');
  });
});

describe('before sending', () => {
  const check = (tenders: Tender[], walkIn = true, total = 335) =>
    paymentProblem(tenders, summarize(total, 'USD', tenders, rate), methods, walkIn);

  it('asks for a payment, a method and an amount (the spec messages)', () => {
    expect(check([])).toBe('pos.payment.select_payment');
    expect(check([{ ...cashUsd('5'), methodId: 'gone' }])).toBe('pos.payment.select_method');
    expect(check([cashUsd(''), cashKhr('')])).toBe('pos.payment.enter_amount');
    expect(check([cashUsd('abc')])).toBe('pos.payment.invalid_amount');
  });

  it('refuses a partial payment from the walk-in customer, not from a named one', () => {
    expect(check([cashUsd('1')])).toBe('pos.payment.walk_in_partial');
    expect(check([cashUsd('1')], false)).toBeNull();
    expect(check([cashUsd('5')])).toBeNull();
  });

  it('waits for the cashier to confirm a KHQR payment', () => {
    const khqr: Tender = { id: 'k', methodId: 'khqr', currency: 'USD', text: '3.35', khqr: null };
    expect(check([khqr])).toBe('pos.payment.khqr_unconfirmed');
    expect(check([{ ...khqr, khqr: { md5: 'x', confirmed: false } }])).toBe('pos.payment.khqr_unconfirmed');
    expect(check([{ ...khqr, khqr: { md5: 'x', confirmed: true } }])).toBeNull();
  });
});

describe('the change the drawer can give', () => {
  const s = summarize(405, 'USD', [cashUsd('5')], rate); // 0.95 back: 3,895 riel, 3,800 in notes

  it('proposes dollars and riel as usual when the drawer holds the riel', () => {
    const { proposed } = changeOptions(s, 'USD', { USD: 0, KHR: 40_000 }, { USD: 500, KHR: 0 });
    expect(proposed).toMatchObject({ changeIn: 'split', usd: 0, khr: 3_800, fits: true });
  });

  it('proposes whole dollars when the riel has run out, with the rounding it costs', () => {
    const { proposed, options } = changeOptions(s, 'USD', { USD: 0, KHR: 2_000 }, { USD: 500, KHR: 0 });
    expect(proposed).toMatchObject({ changeIn: 'USD', usd: 100, khr: 0, rounding: -5, fits: true });
    expect(options.find((o) => o.changeIn === 'split')?.fits).toBe(false);
  });

  it('counts the riel just handed over as in the drawer', () => {
    const paidRiel = summarize(405, 'USD', [cashKhr('20000')], rate);
    const { proposed } = changeOptions(paidRiel, 'USD', { USD: 0, KHR: 0 }, { USD: 0, KHR: 20_000 });
    expect(proposed?.fits).toBe(true);
  });

  it('proposes nothing when there is no change', () => {
    expect(changeOptions(summarize(500, 'USD', [cashUsd('5')], rate), 'USD', null, { USD: 500, KHR: 0 }).proposed).toBeNull();
  });
});

describe('the riel total', () => {
  it('settles a $6.60 sale paid with 26,700 riel at 4,050, as the till shows it', () => {
    const s = summarize(660, 'USD', [cashKhr('26700')], parseRate('4050'));
    expect(s).toMatchObject({ isPaid: true, rounding: { amount: -1, currency: 'USD' } });
    expect(s.remainingInRiel.amount).toBe(0);
  });
});
