import {
  type ChangeResult,
  computeChange,
  type CurrencyCode,
  type ExchangeRate,
  formatDecimal,
  minorDigits,
  parseDecimal,
} from '@posauto/shared/money/index';
import type { ChangeIn, TenderCurrency } from '@posauto/shared/schemas/sales';

/**
 * What the customer hands over, one entry per method and currency (cash in dollars and cash in riel are two
 * entries of the cash method). Amounts are text as typed; they become integers only here.
 */
export interface Tender {
  id: string;
  methodId: string;
  currency: TenderCurrency;
  text: string;
  /** KHQR tenders only: null until the QR is shown, then its md5 and whether the cashier saw the money arrive. */
  khqr?: { md5: string; confirmed: boolean } | null;
}

export const USD_QUICK = [1, 5, 10, 20, 50, 100] as const;
export const RIEL_QUICK = [5_000, 10_000, 20_000, 50_000] as const;

/** Minor units of a typed amount (dollars to the cent, riel whole), or null when it is not a valid amount. */
export function tenderMinor(text: string, currency: TenderCurrency): number | null {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return 0;
  if (!(currency === 'KHR' ? /^\d{1,12}$/ : /^\d{1,10}(\.\d{0,2})?$/).test(t)) return null;
  return parseDecimal(t.endsWith('.') ? t.slice(0, -1) : t, currency === 'KHR' ? 0 : 2);
}

export interface TenderSummary extends ChangeResult {
  /** Tenders with an amount, as the sale will carry them. */
  valid: Array<Tender & { minor: number }>;
  /** A tender whose text is not an amount. */
  invalid: boolean;
}

/** Paid, still due and change in both currencies, live, by the shared money module (computeChange). */
export function summarize(totalMinor: number, currency: CurrencyCode, tenders: readonly Tender[], rate: ExchangeRate): TenderSummary {
  const valid: TenderSummary['valid'] = [];
  let invalid = false;
  for (const t of tenders) {
    const minor = tenderMinor(t.text, t.currency);
    if (minor === null) invalid = true;
    else if (minor > 0) valid.push({ ...t, minor });
  }
  const result = computeChange({
    totalDue: { amount: totalMinor, currency },
    tendered: valid.map((t) => ({ amount: t.minor, currency: t.currency })),
    rate,
  });
  return { ...result, valid, invalid };
}

/** Adds an amount (minor units) to the typed text of a tender: quick tender buttons. */
export function addToText(text: string, add: number, currency: TenderCurrency): string {
  const now = tenderMinor(text, currency) ?? 0;
  const sum = now + add;
  return formatDecimal(sum, minorDigits(currency));
}

export type PaymentProblem =
  | 'pos.payment.select_payment'
  | 'pos.payment.select_method'
  | 'pos.payment.enter_amount'
  | 'pos.payment.invalid_amount'
  | 'pos.payment.walk_in_partial'
  | 'pos.payment.khqr_unconfirmed';

/**
 * Why the sale cannot be sent yet, checked before sending: no method chosen ('Please select payment'), a tender
 * without a method ('please select payment method'), nothing entered ('Please enter payment amount'), less than
 * the total from the walk-in customer (a partial sale leaves a debt, and the walk-in customer cannot owe).
 */
export function paymentProblem(
  tenders: readonly Tender[],
  summary: TenderSummary,
  methodIds: ReadonlySet<string>,
  walkIn: boolean,
): PaymentProblem | null {
  if (tenders.length === 0) return 'pos.payment.select_payment';
  if (tenders.some((t) => !methodIds.has(t.methodId))) return 'pos.payment.select_method';
  if (summary.invalid) return 'pos.payment.invalid_amount';
  if (summary.valid.length === 0) return 'pos.payment.enter_amount';
  if (summary.valid.some((t) => t.khqr !== undefined && !t.khqr?.confirmed)) return 'pos.payment.khqr_unconfirmed';
  if (!summary.isPaid && walkIn) return 'pos.payment.walk_in_partial';
  return null;
}

/** Cash per currency, minor units (cents, whole riel). */
export interface CashAmounts {
  USD: number;
  KHR: number;
}

export interface ChangeOption {
  changeIn: ChangeIn;
  usd: number;
  khr: number;
  /** What giving change this way adds to the total (whole dollars: the nearest dollar, either way). */
  rounding: number;
  /** The drawer, with the notes just handed over, holds it. */
  fits: boolean;
}

/**
 * How the change can go back, and which way the till proposes: whole dollars and riel as usual; when the drawer (with
 * the cash just handed over, which goes in first) lacks the riel, all in whole dollars; when it lacks dollars, all in
 * riel. The server checks the drawer again and refuses what it cannot give.
 */
export function changeOptions(
  summary: TenderSummary,
  currency: CurrencyCode,
  drawer: CashAmounts | null,
  cashIn: CashAmounts,
): { options: ChangeOption[]; proposed: ChangeOption | null } {
  if (summary.changeDue.amount <= 0) return { options: [], proposed: null };
  const holds = (usd: number, khr: number) => drawer === null || (usd <= drawer.USD + cashIn.USD && khr <= drawer.KHR + cashIn.KHR);
  const option = (changeIn: ChangeIn, usd: number, khr: number, rounding = 0): ChangeOption => ({
    changeIn,
    usd,
    khr,
    rounding,
    fits: holds(usd, khr),
  });
  const split =
    currency === 'USD'
      ? option('split', summary.changeSplit.usd.amount, summary.changeSplit.khr.amount)
      : option('split', 0, summary.changeInRiel.amount);
  const options = [
    split,
    option('KHR', 0, summary.changeInRiel.amount),
    option('USD', summary.changeInDollars.usd.amount, 0, summary.changeInDollars.rounding.amount),
  ];
  return { options, proposed: options.find((o) => o.fits) ?? split };
}
