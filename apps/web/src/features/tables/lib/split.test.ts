import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@posauto/shared/schemas/restaurant';
import { billQuantities, equalShares, planMove, splitBody } from './split';

const line = (id: string, quantity: string, bill = 1) => ({ id, quantity, bill, status: 'active', sale_id: null }) as OrderLine;

describe('split helpers', () => {
  it('moves a whole line, then never more than it holds', () => {
    const a = line('a', '3');
    let plan = planMove([], a, 2, 1000);
    plan = planMove(plan, a, 2, 1000);
    expect(plan).toEqual([{ lineId: 'a', quantity: 2000, bill: 2 }]);
    plan = planMove(plan, a, 3, null);
    expect(plan).toEqual([
      { lineId: 'a', quantity: 2000, bill: 2 },
      { lineId: 'a', quantity: 1000, bill: 3 },
    ]);
    expect(planMove(plan, a, 4, null)).toEqual(plan);
  });

  it('shows each bill its quantities and makes the request', () => {
    const a = line('a', '2');
    const b = line('b', '1');
    const plan = planMove([], a, 2, 1000);
    const bills = billQuantities([a, b], plan);
    expect(bills.get(1)!.map((x) => [x.line.id, x.quantity])).toEqual([
      ['a', 1000],
      ['b', 1000],
    ]);
    expect(bills.get(2)!.map((x) => [x.line.id, x.quantity])).toEqual([['a', 1000]]);
    expect(splitBody(plan)).toEqual({ by: 'lines', moves: [{ line_id: 'a', quantity: '1', bill: 2 }] });
    expect(splitBody([])).toBeNull();
  });

  it('cuts an amount into equal shares to the cent', () => {
    expect(equalShares(1000, 3)).toEqual([334, 333, 333]);
    expect(equalShares(900, 3)).toEqual([300, 300, 300]);
    expect(equalShares(5, 0)).toEqual([5]);
  });
});
