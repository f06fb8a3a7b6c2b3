import { randomBytes } from 'node:crypto';

let lastMs = 0;
let seq = 0;

/**
 * Random bytes drawn 4 KiB at a time: one call into the system's generator for 256 ids, not one per id. A sale makes
 * about twenty ids, and a call per id was 3% of its time on the server (issue #22, item 8). Still the system's
 * cryptographic generator, and each byte is used once.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;
function random16(): Buffer {
  if (offset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  offset += 16;
  return pool.subarray(offset - 16, offset);
}

/**
 * UUIDv7: time-ordered (index friendly) with at least 62 random bits, so ids cannot be guessed across shops.
 * Ids made by one process in the same millisecond still sort in the order they were made (RFC 9562, method 3: the
 * 12 bits after the version count up from a random start), so "order by id" is creation order.
 * An explicit `now` (seeding rows with past times) skips the counter.
 */
export function newId(now?: number): string {
  const b = random16();
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
