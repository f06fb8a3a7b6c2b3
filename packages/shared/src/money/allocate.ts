import { assertSafeInteger, toSafeInteger } from './integer';

/**
 * Splits `total` into integer parts proportional to `weights` using the
 * largest-remainder method, so the parts always add up to `total` exactly and
 * each part is within 1 of its exact share. Ties go to the earlier index so
 * the same input always gives the same split. All-zero weights split evenly.
 * A negative total is split as its magnitude and negated, which keeps the
 * rounding symmetric.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  assertSafeInteger(total, 'total');
  weights.forEach((w, i) => {
    assertSafeInteger(w, `weights[${i}]`);
    if (w < 0) throw new RangeError(`weights[${i}] must not be negative, got ${w}`);
  });
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError('cannot allocate a non-zero total to no parts');
    return [];
  }

  const big = weights.map((w) => BigInt(w));
  let weightSum = big.reduce((a, b) => a + b, 0n);
  const effective = weightSum === 0n ? big.map(() => 1n) : big;
  if (weightSum === 0n) weightSum = BigInt(weights.length);

  const sign = total < 0 ? -1n : 1n;
  const magnitude = BigInt(total) * sign;

  const parts = effective.map((w) => (magnitude * w) / weightSum);
  const remainders = effective.map((w, i) => ({
    index: i,
    rem: magnitude * w - (parts[i] ?? 0n) * weightSum,
  }));
  let leftover = magnitude - parts.reduce((a, b) => a + b, 0n);

  remainders.sort((a, b) => (a.rem === b.rem ? a.index - b.index : a.rem > b.rem ? -1 : 1));
  // leftover < number of parts with a non-zero remainder, so this never runs off the end.
  for (const { index } of remainders) {
    if (leftover === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    leftover -= 1n;
  }

  return parts.map((p, i) => toSafeInteger(p * sign, `part ${i}`));
}
