import { describe, expect, it } from 'vitest';
import { gridPlace, planExtent } from './plan-extent';

describe('the floor shows the tables, not the empty plan', () => {
  it('is the tables bounding box with one cell around it', () => {
    const tables = [
      { x: 4, y: 4, shape: 'round' as const },
      { x: 28, y: 4, shape: 'round' as const },
      { x: 23, y: 20, shape: 'rectangle' as const },
    ];
    expect(planExtent(tables)).toEqual({ x: 3, y: 3, cols: 31, rows: 23 });
    expect(gridPlace(tables[2]!, planExtent(tables))).toEqual({ column: '21 / span 8', row: '18 / span 5' });
  });

  it('stays on the plan at its edges', () => {
    expect(planExtent([{ x: 0, y: 0, shape: 'square' }])).toEqual({ x: 0, y: 0, cols: 6, rows: 6 });
    expect(planExtent([{ x: 39, y: 39, shape: 'rectangle' }])).toEqual({ x: 31, y: 34, cols: 9, rows: 6 });
  });

  it('is the whole plan without tables', () => {
    expect(planExtent([])).toEqual({ x: 0, y: 0, cols: 40, rows: 40 });
  });
});
