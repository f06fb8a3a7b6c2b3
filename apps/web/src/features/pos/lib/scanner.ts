/**
 * Telling a barcode scanner from a person. A scanner is a keyboard that types a whole code within a few
 * milliseconds per key and ends it with Enter; a person types far slower (well over 100 ms a key on average). The
 * buffer keeps the keys of the current burst with their times: a key that comes later than `maxGap` after the
 * previous one starts a new burst, and an Enter that ends a burst of at least `minLength` keys typed at under
 * `maxAverage` ms a key on average is a scan. The average, not every single gap, decides: a busy browser may hand
 * a scanner's keys over in uneven clumps (one gap of 60 ms among gaps of 5 ms), which must still be a scan.
 */
export interface ScanBufferOptions {
  /** The longest pause inside one burst, in ms; a longer one starts a new burst. */
  maxGap?: number;
  /** The slowest average pace of a scan, in ms a key (scanners: 1-20 ms; people: 100 ms and more). */
  maxAverage?: number;
  /** The shortest code taken as a scan (EAN-8 is 8; SKUs may be shorter). */
  minLength?: number;
}

export const SCAN_MAX_GAP_MS = 100;
export const SCAN_MAX_AVERAGE_MS = 30;
export const SCAN_MIN_LENGTH = 3;

export class ScanBuffer {
  private keys = '';
  private first = 0;
  private last = -Infinity;
  private readonly maxGap: number;
  private readonly maxAverage: number;
  private readonly minLength: number;

  constructor(options: ScanBufferOptions = {}) {
    this.maxGap = options.maxGap ?? SCAN_MAX_GAP_MS;
    this.maxAverage = options.maxAverage ?? SCAN_MAX_AVERAGE_MS;
    this.minLength = options.minLength ?? SCAN_MIN_LENGTH;
  }

  /** The keys of the burst under way (what a person typed, when no scan follows). */
  get pending(): string {
    return this.keys;
  }

  /**
   * One key at time `at` (ms). Returns the scanned code when this key is the Enter that ends a scan, else null.
   * Keys other than single printable characters and Enter (Shift, arrows...) are ignored: a scanner typing
   * upper-case letters sends Shift between them.
   */
  push(key: string, at: number): string | null {
    const fast = at - this.last <= this.maxGap;
    if (key === 'Enter') {
      const n = this.keys.length;
      // The Enter counts as the burst's last key: n keys and the Enter make n intervals.
      const code = fast && n >= this.minLength && (at - this.first) / n <= this.maxAverage ? this.keys : null;
      this.reset();
      return code;
    }
    if (key.length !== 1) return null;
    if (!fast) {
      this.keys = '';
      this.first = at;
    }
    this.keys += key;
    this.last = at;
    return null;
  }

  /** True while a burst is young enough that the next key may still belong to it. */
  isOpen(at: number): boolean {
    return this.keys.length > 0 && at - this.last <= this.maxGap;
  }

  reset(): void {
    this.keys = '';
    this.last = -Infinity;
  }
}
