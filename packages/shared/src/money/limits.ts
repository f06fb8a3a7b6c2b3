import { type CurrencyCode, minorDigits } from './currency';
import { QTY_SCALE } from './quantity';
import { roundDivBig } from './rounding';

/**
 * The largest numbers a request may carry (docs/architecture.md, "Data"): far above any real shop, and low enough that
 * every product and sum the server makes of them stays a safe integer. Money is in the currency it is typed in
 * (dollars or riel; a schema does not know which), so the reckoning below is in cents, 100 times the figure: the worse
 * case. In riel the same figure is whole riel.
 */
export const NUMBER_LIMITS = {
  /** A line's quantity, in the line's unit: 1e9 thousandths, so quantity × price / 1,000 stays ≤ 1e15 cents. */
  quantity: 1_000_000,
  /** Base units in one unit (a tonne of grams): a line in that unit stays ≤ 1e15 thousandths, its price ≤ 1e15 cents. */
  unitFactor: 1_000_000,
  /**
   * A unit price or cost ($10M = 1e9 cents; 10M riel): the stock ledger's average cost, millionths of a cent per unit,
   * stays ≤ 1e15, and the largest quantity at the largest cost is worth 1e15 cents.
   */
  price: 10_000_000,
  /** A line (quantity × price), a shipping cost, an expense: 1e11 cents, 1e9 riel. */
  amount: 1_000_000_000,
  /**
   * A document's lines added up (quantity × price, before discounts), a payment, a fixed discount, a refund: 1e12
   * cents. With VAT, service and shipping on top a sale stays under 1e13; a year's sums (done in SQL, read as JS
   * numbers) stay exact below about 9,000 such sales.
   */
  total: 10_000_000_000,
  /** Cash counted or moved in a drawer: 1e10 minor units either way, as 100,000 notes of 100,000 riel (CASH_LIMITS). */
  cash: { USD: 100_000_000, KHR: 10_000_000_000 },
} as const;

/** The message of each limit: a fixed text in each language that says the figure (field messages take no values). */
export const LIMIT_MESSAGES = {
  quantity: 'validation.quantity_too_large',
  unitFactor: 'validation.unit_factor_too_large',
  price: 'validation.price_too_large',
  amount: 'validation.amount_too_large',
  line: 'validation.line_too_large',
  total: 'validation.total_too_large',
  document: 'validation.document_too_large',
  cashUSD: 'validation.cash_usd_too_large',
  cashKHR: 'validation.cash_khr_too_large',
} as const;

/**
 * True for a message that says a number is past its limit: the server answers it 422 (a rule), not 400 (a shape).
 * No set made at load: a module with top-level work is kept in every bundle that imports the money module (the till's).
 */
export const isLimitMessage = (key: string): boolean => (Object.values(LIMIT_MESSAGES) as string[]).includes(key);

/** A plain non-negative decimal as an integer and its scale ("12.50" -> 1250n, 2); null for anything else. */
function decimalOf(text: string): { value: bigint; scale: number } | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const fraction = m[2] ?? '';
  return { value: BigInt(`${m[1]}${fraction}`), scale: fraction.length };
}

/** Both sides brought to one scale, so they compare exactly. */
function atMost(value: bigint, scale: number, max: number): boolean {
  return value <= BigInt(max) * 10n ** BigInt(scale);
}

/**
 * False only for a well-formed decimal above `max`. Anything malformed passes here: its shape is the shape rule's to
 * report, so one field gets one message.
 */
export function decimalTextWithin(text: string, max: number): boolean {
  const d = decimalOf(text);
  return d === null || atMost(d.value, d.scale, max);
}

/** quantity × price of decimal texts, exactly, as [value, scale]; null when either is malformed. */
function productOf(quantity: string, price: string): [bigint, number] | null {
  const q = decimalOf(quantity);
  const p = decimalOf(price);
  return q && p ? [q.value * p.value, q.scale + p.scale] : null;
}

/** A document's lines as typed: where quantity × price passes NUMBER_LIMITS.amount, and whether their sum passes .total. */
export function linesOverLimit(lines: ReadonlyArray<{ quantity: string; price: string | null | undefined }>): {
  lines: number[];
  total: boolean;
} {
  const over: number[] = [];
  // A common scale for the sum: quantities have at most 3 decimals and prices 4 (the shapes), but be exact anyway.
  const SCALE = 12;
  let sum = 0n;
  lines.forEach((l, i) => {
    const product = l.price === null || l.price === undefined ? null : productOf(l.quantity, l.price);
    if (!product || product[1] > SCALE) return;
    if (!atMost(product[0], product[1], NUMBER_LIMITS.amount)) over.push(i);
    sum += product[0] * 10n ** BigInt(SCALE - product[1]);
  });
  return { lines: over, total: !atMost(sum, SCALE, NUMBER_LIMITS.total) };
}

/**
 * The server's own check of a document's lines once their prices are known (a till line takes the catalogue's price,
 * times its unit's factor): quantity in thousandths, price in minor units of `currency`. The first line past
 * NUMBER_LIMITS.amount, or the lines' sum past .total, as a field path and message; null when all is well.
 */
export function documentLimitProblem(
  currency: CurrencyCode,
  lines: ReadonlyArray<{ quantity: number; unitPrice: number }>,
): { field: string; key: string } | null {
  const minor = 10n ** BigInt(minorDigits(currency));
  const scale = BigInt(QTY_SCALE);
  let sum = 0n;
  for (const [i, l] of lines.entries()) {
    const product = BigInt(l.quantity) * BigInt(l.unitPrice);
    if (product > BigInt(NUMBER_LIMITS.amount) * minor * scale) return { field: `lines.${i}.quantity`, key: LIMIT_MESSAGES.line };
    sum += product;
  }
  return sum > BigInt(NUMBER_LIMITS.total) * minor * scale ? { field: 'lines', key: LIMIT_MESSAGES.document } : null;
}

/** True when `minor` units of `currency` are at most `max` of the currency (a NUMBER_LIMITS figure). */
export function minorWithin(minor: number, currency: CurrencyCode, max: number): boolean {
  return BigInt(minor) <= BigInt(max) * 10n ** BigInt(minorDigits(currency));
}

/**
 * numerator / denominator rounded half up, or null when the result is not a safe integer: for the stock ledger, whose
 * products of stored figures can outgrow a number on data no single limit bounds (stock summed over many documents).
 */
export function roundDivIfSafe(numerator: bigint, denominator: bigint): number | null {
  const q = roundDivBig(numerator, denominator, 'half-up');
  return q > BigInt(Number.MAX_SAFE_INTEGER) || q < BigInt(Number.MIN_SAFE_INTEGER) ? null : Number(q);
}

/** a + b, or null when the sum is not a safe integer (a double rounds it instead of failing). */
export function addIfSafe(a: number, b: number): number | null {
  const sum = BigInt(a) + BigInt(b);
  return sum > BigInt(Number.MAX_SAFE_INTEGER) || sum < BigInt(Number.MIN_SAFE_INTEGER) ? null : Number(sum);
}
