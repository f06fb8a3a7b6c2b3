import { describe, expect, it } from 'vitest';
import { closeCashSessionInputSchema, notesTotal } from './cash-sessions';

describe('the drawer count shared by the close dialog and the server', () => {
  it('counts the 200-riel note, in use in Cambodia', () => {
    expect(notesTotal('KHR', { '200': 3, '1000': 2 })).toBe(2600);
    const close = closeCashSessionInputSchema.safeParse({
      counted_usd: '0',
      counted_khr: '2600',
      counted_notes: { KHR: { '200': 3, '1000': 2 } },
    });
    expect(close.success).toBe(true);
  });

  it('still refuses a note the till does not count', () => {
    expect(notesTotal('KHR', { '300': 1 })).toBeNull();
  });
});
