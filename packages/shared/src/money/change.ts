import { type Money, minorUnitsPerMajor, money } from './currency';
import { MoneyRuleError } from './errors';
import { type ExchangeRate, RIEL_CASH_UNIT, commonUnitsPerMinor, toCommonUnits } from './exchange';
import { toSafeInteger } from './integer';
import { roundDivBig } from './rounding';

export interface ChangeInput {
  /** usually USD; any supported currency works */
  readonly totalDue: Money;
  /** cash handed over, in USD and/or KHR, each >= 0 */
  readonly tendered: readonly Money[];
  readonly rate: ExchangeRate;
}

export interface ChangeResult {
  /** everything tendered, valued in the due currency */
  readonly paidInDue: Money;
  /** still owed by the customer in the due currency; 0 once paid */
  readonly remaining: Money;
  /** the same shortfall in riel cash: to the nearest 100-riel note, at least one note while anything is owed */
  readonly remainingInRiel: Money;
  /** change owed to the customer in the due currency */
  readonly changeDue: Money;
  /** the whole change paid in riel cash (multiple of 100) */
  readonly changeInRiel: Money;
  /** the usual Cambodian split: whole dollars in USD notes, the rest in riel (multiple of 100) */
  readonly changeSplit: { readonly usd: Money; readonly khr: Money };
  /**
   * the whole change in dollar notes, to the nearest dollar (for a drawer out of riel), and what that rounding leaves
   * the shop in the due currency: negative when the customer gets more back, positive when less
   */
  readonly changeInDollars: { readonly usd: Money; readonly rounding: Money };
  /**
   * <= 0: what riel cash rounding took off the total (see rielTotal). Riel notes come in hundreds, so a customer who
   * pays the riel total as shown may be short by less than half a note; that shortfall is written off, not owed, and
   * the caller records it so the books still add up to the cent.
   */
  readonly rounding: Money;
  readonly isPaid: boolean;
}

/**
 * Rule: everything is summed exactly, then each figure rounds in the shop's favour by under one unit: owed amounts
 * round up, change rounds down, riel to the 100-riel note. One exception, for riel cash: when riel notes were handed
 * over and what is still owed is under half a 100-riel note, the amount is settled (the riel total rounds to the
 * nearest note, and paying it must complete the sale) and the shortfall is reported as `rounding`.
 */
export function computeChange(input: ChangeInput): ChangeResult {
  const { totalDue, tendered, rate } = input;
  const dueCurrency = totalDue.currency;
  tendered.forEach((t) => {
    if (t.amount < 0) throw new MoneyRuleError('tender_negative', 'tendered amount cannot be negative');
  });

  const paid = tendered.reduce((sum, t) => sum + toCommonUnits(t, rate), 0n);
  const diff = paid - toCommonUnits(totalDue, rate);
  let owed = diff < 0n ? -diff : 0n;
  const over = diff > 0n ? diff : 0n;

  const perDueMinor = commonUnitsPerMinor(dueCurrency, rate);
  const perRielNote = commonUnitsPerMinor('KHR', rate) * BigInt(RIEL_CASH_UNIT);
  const centsPerDollar = minorUnitsPerMajor('USD');
  const perDollar = commonUnitsPerMinor('USD', rate) * centsPerDollar;

  const amount = (value: bigint): number => toSafeInteger(value, 'change amount');
  const riel = tendered.filter((t) => t.currency === 'KHR');
  const rielInNotes = riel.length > 0 && riel.reduce((s, t) => s + t.amount, 0) % RIEL_CASH_UNIT === 0;
  let rounding = 0n;
  if (rielInNotes && owed > 0n && 2n * owed < perRielNote) {
    rounding = -roundDivBig(owed, perDueMinor, 'ceil');
    owed = 0n;
  }

  const wholeDollars = over / perDollar;
  const rielPart = ((over - wholeDollars * perDollar) / perRielNote) * BigInt(RIEL_CASH_UNIT);
  const changeDue = over / perDueMinor;
  const nearestDollars = roundDivBig(over, perDollar, 'half-up');
  const dollarsInDue = roundDivBig(nearestDollars * perDollar, perDueMinor, 'half-up');
  const owedNotes = owed === 0n ? 0n : roundDivBig(owed, perRielNote, 'half-up');

  return {
    paidInDue: money(amount(roundDivBig(paid, perDueMinor, 'floor')), dueCurrency),
    remaining: money(amount(roundDivBig(owed, perDueMinor, 'ceil')), dueCurrency),
    remainingInRiel: money(amount((owedNotes > 1n ? owedNotes : owed > 0n ? 1n : 0n) * BigInt(RIEL_CASH_UNIT)), 'KHR'),
    changeDue: money(amount(changeDue), dueCurrency),
    changeInRiel: money(amount((over / perRielNote) * BigInt(RIEL_CASH_UNIT)), 'KHR'),
    changeSplit: {
      usd: money(amount(wholeDollars * centsPerDollar), 'USD'),
      khr: money(amount(rielPart), 'KHR'),
    },
    changeInDollars: {
      usd: money(amount(nearestDollars * centsPerDollar), 'USD'),
      rounding: money(amount(changeDue - dollarsInDue), dueCurrency),
    },
    rounding: money(amount(rounding), dueCurrency),
    isPaid: owed === 0n,
  };
}

/**
 * What each tender is worth in the due currency, so that the values add up exactly to computeChange's `paidInDue`
 * (the exact sum, rounded down): each is the rounded-down running total minus the one before it. Converting each
 * tender on its own would round each one and could credit a riel payment a cent more than the sale received.
 */
export function tenderValues(tendered: readonly Money[], dueCurrency: Money['currency'], rate: ExchangeRate): Money[] {
  const perDueMinor = commonUnitsPerMinor(dueCurrency, rate);
  let running = 0n;
  let before = 0n;
  return tendered.map((t) => {
    if (t.amount < 0) throw new MoneyRuleError('tender_negative', 'tendered amount cannot be negative');
    running += toCommonUnits(t, rate);
    const upTo = roundDivBig(running, perDueMinor, 'floor');
    const value = upTo - before;
    before = upTo;
    return money(toSafeInteger(value, 'tender value'), dueCurrency);
  });
}
