import { randomBytes } from 'node:crypto';

let lastMs = 0;
let seq = 0;

/**
 * UUIDv7: time-ordered (index friendly) with at least 62 random bits, so ids cannot be guessed across shops.
 * Ids made by one process in the same millisecond still sort in the order they were made (RFC 9562, method 3: the
 * 12 bits after the version count up from a random start), so "order by id" is creation order.
 * An explicit `now` (seeding rows with past times) skips the counter.
 */
export function newId(now?: number): string {
  const b = randomBytes(16);
  let ms: number;
  if (now === undefined) {
    ms = Date.now();
    if (ms > lastMs) {
      lastMs = ms;
      seq = b.readUInt16BE(6) & 0x07ff; // a random start with room to count up
    } else if (++seq > 0x0fff) {
      lastMs += 1; // more than 2,048 ids in one millisecond: borrow the next one
      seq = 0;
    }
    ms = lastMs;
    b.writeUInt16BE(seq, 6);
  } else {
    ms = now;
  }
  b.writeUIntBE(ms, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
