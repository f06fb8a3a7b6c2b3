import { describe, expect, it } from 'vitest';
import { ScanBuffer } from './scanner';

/** Types `text` then Enter, `gap` ms apart from `start`; returns what the buffer made of the Enter. */
function type(buffer: ScanBuffer, text: string, gap: number, start = 1000): string | null {
  let at = start;
  for (const ch of text) {
    expect(buffer.push(ch, at)).toBeNull();
    at += gap;
  }
  return buffer.push('Enter', at);
}

describe('the scanner buffer', () => {
  it('takes a fast burst ending in Enter as a scan', () => {
    expect(type(new ScanBuffer(), '8850001000017', 5)).toBe('8850001000017');
  });

  it('takes slow typing as a person, not a scan', () => {
    expect(type(new ScanBuffer(), '8850001000017', 120)).toBeNull();
  });

  it('ignores a code shorter than the minimum', () => {
    expect(type(new ScanBuffer(), '12', 5)).toBeNull();
  });

  it('starts a new burst after a pause, so keys typed before it are not part of the code', () => {
    const b = new ScanBuffer();
    b.push('x', 0);
    b.push('y', 10);
    expect(type(b, 'ABC123', 4, 500)).toBe('ABC123');
  });

  it('ignores Shift and other named keys inside a burst (upper-case codes)', () => {
    const b = new ScanBuffer();
    b.push('Shift', 0);
    b.push('S', 1);
    b.push('Shift', 2);
    b.push('K', 3);
    b.push('U', 6);
    b.push('-', 9);
    b.push('1', 12);
    expect(b.push('Enter', 15)).toBe('SKU-1');
  });

  it('takes a scan whose keys came in uneven clumps (a busy browser), judged by the average pace', () => {
    const b = new ScanBuffer();
    const times = [0, 60, 64, 68, 72, 76, 80, 140, 144, 148, 152, 156, 160];
    [...'5449000000996'].forEach((ch, i) => b.push(ch, times[i]!));
    expect(b.push('Enter', 165)).toBe('5449000000996');
  });

  it('does not take a person typing quickly for a scanner', () => {
    expect(type(new ScanBuffer(), '1234', 80)).toBeNull();
  });

  it('refuses an Enter that comes long after the last key', () => {
    const b = new ScanBuffer();
    for (const [i, ch] of [...'12345678'].entries()) b.push(ch, i * 5);
    expect(b.push('Enter', 500)).toBeNull();
  });

  it('handles two scans back to back, each on its own', () => {
    const b = new ScanBuffer();
    expect(type(b, '1111', 3, 0)).toBe('1111');
    expect(type(b, '2222', 3, 20)).toBe('2222');
  });

  it('says whether a burst is still open', () => {
    const b = new ScanBuffer();
    expect(b.isOpen(0)).toBe(false);
    b.push('1', 0);
    expect(b.isOpen(10)).toBe(true);
    expect(b.isOpen(200)).toBe(false);
    expect(b.pending).toBe('1');
  });
});
