import { describe, expect, it } from 'vitest';
import { cellAtPointer, clampCell, freeCell, moveByKey, PLAN } from './plan';

describe('moving a table by keyboard', () => {
  it('moves one cell per arrow, five with Shift', () => {
    expect(moveByKey({ x: 3, y: 4 }, 'ArrowRight', 'square')).toEqual({ x: 4, y: 4 });
    expect(moveByKey({ x: 3, y: 4 }, 'ArrowLeft', 'square')).toEqual({ x: 2, y: 4 });
    expect(moveByKey({ x: 3, y: 4 }, 'ArrowUp', 'square')).toEqual({ x: 3, y: 3 });
    expect(moveByKey({ x: 3, y: 4 }, 'ArrowDown', 'square', true)).toEqual({ x: 3, y: 9 });
  });

  it('answers null for other keys', () => {
    expect(moveByKey({ x: 3, y: 4 }, 'Enter', 'square')).toBeNull();
  });

  it('never leaves the grid', () => {
    expect(moveByKey({ x: 0, y: 0 }, 'ArrowLeft', 'square')).toEqual({ x: 0, y: 0 });
    expect(moveByKey({ x: 0, y: 0 }, 'ArrowUp', 'round')).toEqual({ x: 0, y: 0 });
    expect(moveByKey({ x: PLAN - 5, y: 5 }, 'ArrowRight', 'square')).toEqual({ x: PLAN - 5, y: 5 });
    expect(moveByKey({ x: PLAN - 8, y: 5 }, 'ArrowRight', 'rectangle')).toEqual({ x: PLAN - 8, y: 5 });
    expect(moveByKey({ x: 5, y: PLAN - 5 }, 'ArrowDown', 'rectangle', true)).toEqual({ x: 5, y: PLAN - 5 });
    expect(moveByKey({ x: 2, y: 2 }, 'ArrowLeft', 'square', true)).toEqual({ x: 0, y: 2 });
  });

  it('brings a table stored past the edge back on the plan', () => {
    expect(clampCell({ x: PLAN - 1, y: PLAN - 1 }, 'rectangle')).toEqual({ x: PLAN - 8, y: PLAN - 5 });
  });
});

describe('dragging a table', () => {
  it('snaps to the nearest cell under where it was grabbed', () => {
    expect(cellAtPointer({ x: 100, y: 52 }, { x: 10, y: 10 }, 20, 'square')).toEqual({ x: 5, y: 2 });
    expect(cellAtPointer({ x: 104, y: 40 }, { x: 0, y: 0 }, 20, 'square')).toEqual({ x: 5, y: 2 });
  });

  it('measures cells on the plan as drawn, whatever its size on screen', () => {
    // A plan drawn 400px wide: a cell is 10px.
    expect(cellAtPointer({ x: 200, y: 100 }, { x: 0, y: 0 }, 400 / PLAN, 'square')).toEqual({ x: 20, y: 10 });
  });

  it('stops at the edges', () => {
    expect(cellAtPointer({ x: -50, y: -50 }, { x: 0, y: 0 }, 20, 'square')).toEqual({ x: 0, y: 0 });
    expect(cellAtPointer({ x: 5000, y: 5000 }, { x: 0, y: 0 }, 20, 'rectangle')).toEqual({ x: PLAN - 8, y: PLAN - 5 });
  });
});

describe('a new table', () => {
  it('goes where no table stands', () => {
    expect(freeCell([], 'square')).toEqual({ x: 0, y: 0 });
    expect(freeCell([{ x: 0, y: 0, shape: 'square' }], 'square')).toEqual({ x: 6, y: 0 });
    expect(freeCell([{ x: 1, y: 0, shape: 'rectangle' }], 'square')).toEqual({ x: 12, y: 0 });
  });
});
