import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeChange, tenderValues } from './change';
import { type Money, money } from './currency';
import { MoneyRuleError } from './errors';
import { RATE_SCALE, exchangeRate, parseRate } from './exchange';

const rate = parseRate('4100');
const usd = (cents: number): Money => money(cents, 'USD');
const khr = (riel: number): Money => money(riel, 'KHR');

describe('computeChange', () => {
  it('gives 4,400 riel change when a customer pays 20,000 riel for $3.80', () => {
    // 20,000 - 3.80 x 4,100 = 4,420 riel, rounded down to the 100-riel note
    const c = computeChange({ totalDue: usd(380), tendered: [khr(20_000)], rate });
    expect(c.changeInRiel).toEqual(khr(4_400));
    expect(c.changeDue).toEqual(usd(107)); // 107.8 cents, never rounded up
    expect(c.paidInDue).toEqual(usd(487));
    expect(c.remaining).toEqual(usd(0));
    expect(c.isPaid).toBe(true);
    expect(c.changeSplit).toEqual({ usd: usd(100), khr: khr(300) });
  });

  it('gives $1 and 800 riel back from a $5 note for $3.80', () => {
    const c = computeChange({ totalDue: usd(380), tendered: [usd(500)], rate });
    expect(c.changeDue).toEqual(usd(120));
    expect(c.changeInRiel).toEqual(khr(4_900));
    expect(c.changeSplit).toEqual({ usd: usd(100), khr: khr(800) });
  });

  it('combines dollars and riel tendered together', () => {
    const c = computeChange({ totalDue: usd(380), tendered: [usd(200), khr(8_000)], rate });
    expect(c.changeInRiel).toEqual(khr(600)); // 620 riel over
    expect(c.changeDue).toEqual(usd(15));
    expect(c.changeSplit).toEqual({ usd: usd(0), khr: khr(600) });
  });

  it('reports what is still owed, in dollars and in riel notes rounded up', () => {
    const c = computeChange({ totalDue: usd(380), tendered: [usd(300)], rate });
    expect(c.isPaid).toBe(false);
    expect(c.remaining).toEqual(usd(80));
    expect(c.remainingInRiel).toEqual(khr(3_300)); // 3,280 riel owed
    expect(c.changeDue).toEqual(usd(0));
    expect(c.changeInRiel).toEqual(khr(0));
  });

  it('is exactly paid when riel covers the bill to the riel', () => {
    const c = computeChange({ totalDue: usd(380), tendered: [khr(15_580)], rate });
    expect(c).toMatchObject({ isPaid: true, remaining: usd(0), changeDue: usd(0) });
  });

  it('works for a bill priced in riel', () => {
    const c = computeChange({ totalDue: khr(15_600), tendered: [usd(500)], rate });
    expect(c.changeDue).toEqual(khr(4_900));
    expect(c.changeSplit).toEqual({ usd: usd(100), khr: khr(800) });
  });

  it('rejects a negative tender', () => {
    expect(() => computeChange({ totalDue: usd(100), tendered: [usd(-1)], rate })).toThrow(MoneyRuleError);
  });

  const tender = fc.oneof(fc.integer({ min: 0, max: 1e7 }).map(usd), fc.integer({ min: 0, max: 1e9 }).map(khr));
  const scaledRate = fc.integer({ min: 1000 * RATE_SCALE, max: 10_000 * RATE_SCALE });
  /** exact value in 1/1,000,000 riel, independent of the module's helpers */
  const exact = (m: Money, r: number): bigint =>
    m.currency === 'USD' ? BigInt(m.amount) * BigInt(r) : BigInt(m.amount) * 100n * BigInt(RATE_SCALE);

  it('never gives more change than owed, and never short by a full note', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e7 }), fc.array(tender, { maxLength: 5 }), scaledRate, (due, tendered, r) => {
        const c = computeChange({ totalDue: usd(due), tendered, rate: exchangeRate(r) });
        const over = tendered.reduce((s, t) => s + exact(t, r), 0n) - exact(usd(due), r);
        const riel = BigInt(c.changeInRiel.amount) * 100n * BigInt(RATE_SCALE);
        const note = 100n * 100n * BigInt(RATE_SCALE);
        expect(c.changeInRiel.amount % 100).toBe(0);
        if (over > 0n) {
          expect(riel <= over && over - riel < note).toBe(true);
          const split = exact(c.changeSplit.usd, r) + exact(c.changeSplit.khr, r);
          expect(split <= over && over - split < note).toBe(true);
          expect(exact(c.changeDue, r) <= over && over - exact(c.changeDue, r) < BigInt(r)).toBe(true);
        } else {
          expect(c.changeInRiel.amount + c.changeDue.amount).toBe(0);
        }
        expect(c.changeSplit.usd.amount % 100).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('balances paid, due, change and remaining', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e7 }), fc.array(tender, { maxLength: 5 }), scaledRate, (due, tendered, r) => {
        const c = computeChange({ totalDue: usd(due), tendered, rate: exchangeRate(r) });
        expect(c.paidInDue.amount - due).toBe(c.changeDue.amount - c.remaining.amount);
        expect(c.remaining.amount === 0 || c.changeDue.amount === 0).toBe(true);
        expect(c.isPaid).toBe(c.remaining.amount === 0 && c.remainingInRiel.amount === 0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('tenderValues', () => {
  const rate = exchangeRate(4100 * RATE_SCALE);

  it('credits 4,000 riel at 4,100 as 0.97, the rounded-down value the change is computed from', () => {
    const tendered = [money(4000, 'KHR')];
    expect(tenderValues(tendered, 'USD', rate)).toEqual([money(97, 'USD')]);
    expect(computeChange({ totalDue: money(97, 'USD'), tendered, rate }).paidInDue).toEqual(money(97, 'USD'));
  });

  it('keeps dollars whole and gives riel the rounding of the running total', () => {
    // 2,000 + 2,000 riel = 0.9756 USD together: 0.48 then 0.49, never 0.49 + 0.49.
    expect(tenderValues([money(500, 'USD'), money(2000, 'KHR'), money(2000, 'KHR')], 'USD', rate)).toEqual([
      money(500, 'USD'),
      money(48, 'USD'),
      money(49, 'USD'),
    ]);
  });

  it('always adds up to paidInDue, whatever the mix of tenders and the rate', () => {
    const tender = fc.oneof(
      fc.integer({ min: 0, max: 100_000 }).map((a) => money(a, 'USD')),
      fc.integer({ min: 0, max: 4_000 }).map((a) => money(a * 100, 'KHR')),
    );
    fc.assert(
      fc.property(
        fc.array(tender, { maxLength: 6 }),
        fc.integer({ min: 3_500, max: 4_500 }),
        fc.constantFrom('USD', 'KHR'),
        (list, r, due) => {
          const rt = exchangeRate(r * RATE_SCALE);
          const values = tenderValues(list, due as 'USD' | 'KHR', rt);
          const sum = values.reduce((s, v) => s + v.amount, 0);
          expect(sum).toBe(computeChange({ totalDue: money(0, due as 'USD' | 'KHR'), tendered: list, rate: rt }).paidInDue.amount);
          values.forEach((v) => expect(v.amount).toBeGreaterThanOrEqual(0));
        },
      ),
    );
  });
});
