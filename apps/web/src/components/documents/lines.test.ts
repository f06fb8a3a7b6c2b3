import { describe, expect, it } from 'vitest';
import { fieldIssues, patchLine, splitIssues, unitChoices } from './lines';

const units = [
  { id: 'pc', name: 'Piece', base_unit_id: null },
  { id: 'box', name: 'Box of 24', base_unit_id: 'pc' },
  { id: 'kg', name: 'Kilogram', base_unit_id: null },
  { id: 'g', name: 'Gram', base_unit_id: 'kg' },
];

describe('unitChoices', () => {
  it('offers the whole family of the base unit', () => {
    expect(unitChoices(units, 'pc')).toEqual([
      { value: 'pc', label: 'Piece' },
      { value: 'box', label: 'Box of 24' },
    ]);
  });

  it('offers the same family from a unit that is not the base', () => {
    expect(unitChoices(units, 'g').map((c) => c.value)).toEqual(['kg', 'g']);
  });

  it('offers nothing for an unknown or missing unit', () => {
    expect(unitChoices(units, 'litre')).toEqual([]);
    expect(unitChoices(units, null)).toEqual([]);
    expect(unitChoices(units, undefined)).toEqual([]);
  });
});

describe('splitIssues', () => {
  const t = (k: string) => `T(${k})`;
  const keys = ['a', 'b'];

  it('puts line issues on the line and the rest on the fields, first message winning', () => {
    const out = splitIssues(
      [
        { path: ['branch_id'], message: 'required' },
        { path: ['lines', 1, 'quantity'], message: 'positive' },
        { path: ['lines', 1, 'unit_id'], message: 'unit' },
        { path: ['branch_id'], message: 'second' },
        { path: ['lines'], message: 'no_lines' },
      ],
      t,
      (i) => keys[i]!,
    );
    expect(out).toEqual({ fields: { branch_id: 'T(required)', lines: 'T(no_lines)' }, lines: { b: 'T(positive)' } });
  });

  it('keys a line by its field when asked, and a field as the form names it', () => {
    const out = splitIssues(
      [
        { path: ['lines', 0, 'unit_cost'], message: 'cost' },
        { path: ['lines', 0], message: 'line' },
        { path: ['payment', 'amount'], message: 'amount' },
      ],
      t,
      (i, field) => `${keys[i]!}.${String(field)}`,
      (path) => (path[0] === 'payment' ? `payment_${String(path[1])}` : String(path[0])),
    );
    expect(out).toEqual({ fields: { payment_amount: 'T(amount)' }, lines: { 'a.unit_cost': 'T(cost)', 'a.undefined': 'T(line)' } });
  });
});

describe('patchLine', () => {
  it('changes the line of the key and keeps the others as they were', () => {
    const lines = [
      { key: 'a', quantity: '1' },
      { key: 'b', quantity: '2' },
    ];
    const next = patchLine(lines, 'b', { quantity: '5' });
    expect(next).toEqual([
      { key: 'a', quantity: '1' },
      { key: 'b', quantity: '5' },
    ]);
    expect(next[0]).toBe(lines[0]);
  });
});

describe('fieldIssues', () => {
  it('keys each problem by its field, the first one winning', () => {
    const t = (k: string) => k.toUpperCase();
    expect(
      fieldIssues(
        [
          { path: ['amount'], message: 'positive' },
          { path: ['amount'], message: 'later' },
          { path: ['payment_method_id'], message: 'required' },
        ],
        t,
      ),
    ).toEqual({ amount: 'POSITIVE', payment_method_id: 'REQUIRED' });
  });
});
