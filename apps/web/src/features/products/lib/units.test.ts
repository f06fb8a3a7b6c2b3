import { describe, expect, it } from 'vitest';
import { sameBaseUnits } from './units';

const units = [
  { id: 'can', base_unit_id: null },
  { id: 'box', base_unit_id: 'can' },
  { id: 'pallet', base_unit_id: 'box' },
  { id: 'cup', base_unit_id: null },
];

describe('units of the same base', () => {
  it('offers the base, its multiples and their multiples', () => {
    expect(sameBaseUnits('box', units).map((u) => u.id)).toEqual(['can', 'box', 'pallet']);
    expect(sameBaseUnits('cup', units).map((u) => u.id)).toEqual(['cup']);
  });
  it('offers nothing before a unit is chosen', () => {
    expect(sameBaseUnits(null, units)).toEqual([]);
  });
});
