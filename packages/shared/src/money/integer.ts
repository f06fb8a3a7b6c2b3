/** Throws a RangeError unless `value` is an integer that a JS number holds exactly. */
export function assertSafeInteger(value: number, name = 'value'): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer, got ${String(value)}`);
  }
}

/** Converts a bigint result back to number, refusing anything that would lose precision. */
export function toSafeInteger(value: bigint, name = 'result'): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${name} is outside the safe integer range: ${value.toString()}`);
  }
  return Number(value);
}

/** Accepts a number or bigint operand and returns it as bigint after validating it. */
export function toBigIntOperand(value: bigint | number, name = 'operand'): bigint {
  if (typeof value === 'bigint') return value;
  assertSafeInteger(value, name);
  return BigInt(value);
}

/** Adds integers, failing loudly instead of silently losing precision on overflow. */
export function safeAdd(a: number, b: number): number {
  assertSafeInteger(a, 'a');
  assertSafeInteger(b, 'b');
  return toSafeInteger(BigInt(a) + BigInt(b), 'sum');
}

export function safeSubtract(a: number, b: number): number {
  assertSafeInteger(a, 'a');
  assertSafeInteger(b, 'b');
  return toSafeInteger(BigInt(a) - BigInt(b), 'difference');
}

export function safeSum(values: readonly number[]): number {
  let total = 0n;
  values.forEach((v, i) => {
    assertSafeInteger(v, `values[${i}]`);
    total += BigInt(v);
  });
  return toSafeInteger(total, 'sum');
}
