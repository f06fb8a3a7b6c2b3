import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeChange, tenderValues } from './change';
import { type Money, money } from './currency';
import { MoneyRuleError } from './errors';
import { RATE_SCALE, exchangeRate, parseRate, rielTotal } from './exchange';

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
        // A riel shortfall under half a note is written off as rounding (never more than that), not left owed.
        expect(c.paidInDue.amount - due - c.rounding.amount).toBe(c.changeDue.amount - c.remaining.amount);
        expect(c.rounding.amount).toBeLessThanOrEqual(0);
        expect(c.remaining.amount === 0 || c.changeDue.amount === 0).toBe(true);
        expect(c.isPaid).toBe(c.remaining.amount === 0 && c.remainingInRiel.amount === 0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the riel total', () => {
  it('is the amount at the rate, to the nearest 100-riel note', () => {
    expect(rielTotal(usd(660), parseRate('4050'))).toEqual(khr(26_700)); // 26,730
    expect(rielTotal(usd(825), parseRate('4050'))).toEqual(khr(33_400)); // 33,412.5
    expect(rielTotal(usd(385), parseRate('4050'))).toEqual(khr(15_600)); // 15,592.5
    expect(rielTotal(khr(10_050), parseRate('4050'))).toEqual(khr(10_100));
  });

  it('settles a $6.60 sale paid with the 26,700 riel shown, writing off the cent as rounding', () => {
    const c = computeChange({ totalDue: usd(660), tendered: [khr(26_700)], rate: parseRate('4050') });
    expect(c).toMatchObject({ isPaid: true, remaining: usd(0), remainingInRiel: khr(0), changeDue: usd(0), rounding: usd(-1) });
    expect(c.paidInDue).toEqual(usd(659));
  });

  it('shows the same riel figure still due as the riel total before anything is paid', () => {
    const c = computeChange({ totalDue: usd(825), tendered: [], rate: parseRate('4050') });
    expect(c.remainingInRiel).toEqual(khr(33_400));
    expect(c.isPaid).toBe(false);
  });

  it('writes off nothing for dollars alone, nor for riel that is not in notes', () => {
    const r = parseRate('4050');
    expect(computeChange({ totalDue: usd(660), tendered: [usd(659)], rate: r })).toMatchObject({ isPaid: false, remaining: usd(1) });
    expect(computeChange({ totalDue: usd(660), tendered: [usd(659)], rate: r }).remainingInRiel).toEqual(khr(100));
    expect(computeChange({ totalDue: usd(660), tendered: [khr(26_710)], rate: r })).toMatchObject({ isPaid: false, rounding: usd(0) });
  });

  it('settles any total paid with its riel total, for random totals and rates, short by under half a note', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e7 }), fc.integer({ min: 3_000 * RATE_SCALE, max: 5_000 * RATE_SCALE }), (due, r) => {
        const rt = exchangeRate(r);
        const riel = rielTotal(usd(due), rt);
        const c = computeChange({ totalDue: usd(due), tendered: [riel], rate: rt });
        expect(c.isPaid).toBe(true);
        expect(c.remaining.amount).toBe(0);
        // What the sale is credited plus the rounding is exactly the total when short; at most the total when over.
        if (c.rounding.amount < 0) expect(c.paidInDue.amount - c.rounding.amount).toBe(due);
        else expect(c.paidInDue.amount).toBeGreaterThanOrEqual(due);
        // Never more written off than half a 100-riel note is worth (rounded up to the cent).
        expect(-c.rounding.amount * r).toBeLessThanOrEqual(50 * 100 * RATE_SCALE + r);
        // The riel total differs from the exact conversion by at most half a note.
        const exactRiel = (BigInt(due) * BigInt(r)) / BigInt(100 * RATE_SCALE);
        expect(Math.abs(Number(exactRiel) - riel.amount)).toBeLessThanOrEqual(50);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('change in dollars, for a drawer out of riel', () => {
  it('gives $4 for $3.90 of change and records the 10 cents the shop gave', () => {
    const c = computeChange({ totalDue: usd(610), tendered: [usd(1000)], rate });
    expect(c.changeInDollars).toEqual({ usd: usd(400), rounding: usd(-10) });
  });

  it('gives $3 for $3.20 and records the 20 cents kept', () => {
    const c = computeChange({ totalDue: usd(680), tendered: [usd(1000)], rate });
    expect(c.changeInDollars).toEqual({ usd: usd(300), rounding: usd(20) });
  });

  it('is never more than half a dollar away from the change due', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e6 }), (due, paid) => {
        const c = computeChange({ totalDue: usd(due), tendered: [usd(paid)], rate });
        expect(c.changeInDollars.usd.amount % 100).toBe(0);
        expect(c.changeInDollars.usd.amount + c.changeInDollars.rounding.amount).toBe(c.changeDue.amount);
        expect(Math.abs(c.changeInDollars.rounding.amount)).toBeLessThanOrEqual(50);
      }),
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
