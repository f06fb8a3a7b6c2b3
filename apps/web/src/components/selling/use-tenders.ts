import { useEffect, useMemo, useState } from 'react';
import type { PosPaymentMethod } from '@posauto/shared/schemas/pos';
import type { ChangeIn, SalePaymentInput, TenderCurrency } from '@posauto/shared/schemas/sales';
import { type CurrencyCode, type ExchangeRate, formatDecimal } from '@posauto/shared/money/index';
import { type CashAmounts, changeOptions, type PaymentProblem, paymentProblem, summarize, type Tender } from './lib/payment';

let nextId = 0;
const tenderId = () => `t${++nextId}`;
const digits = (currency: CurrencyCode) => (currency === 'KHR' ? 0 : 2);

/** What the payment is taken for (the payment dialog's props). */
export interface TenderDeps {
  opened: boolean;
  total: number;
  currency: CurrencyCode;
  rate: ExchangeRate;
  methods: readonly PosPaymentMethod[];
  defaultMethodId: string | null;
  /** The walk-in customer pays the whole total (no credit). */
  walkIn: boolean;
  /** What the cashier's drawer holds (minor units), from the open session; null: not known. */
  drawer: CashAmounts | null;
}

/**
 * What the customer hands over, as the payment dialog edits it: the tenders (cash in dollars and in riel are two
 * tenders of the cash method), paid, still due and change live, and how the change goes back. Every opening of the
 * dialog starts a new payment, on the shop's cash method (or its default, or its first).
 */
export function useTenders(p: TenderDeps) {
  const cash = p.methods.find((m) => m.id === p.defaultMethodId && m.type === 'cash') ?? p.methods.find((m) => m.type === 'cash') ?? null;
  const [tenders, setTenders] = useState<Tender[]>([]);
  const [changeChoice, setChangeChoice] = useState<ChangeIn | null>(null);
  // What stops the sale, said until the cashier changes an amount.
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!p.opened) return;
    const first = cash ?? p.methods.find((m) => m.id === p.defaultMethodId) ?? p.methods[0];
    const tender = (currency: TenderCurrency): Tender => ({ id: tenderId(), methodId: first!.id, currency, text: '' });
    setTenders(first ? (first.type === 'cash' ? [tender('USD'), tender('KHR')] : [tender('USD')]) : []);
    setProblem(null);
    setChangeChoice(null);
    // A new payment each time the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.opened]);

  const summary = useMemo(() => summarize(p.total, p.currency, tenders, p.rate), [p.total, p.currency, tenders, p.rate]);
  // The change the drawer can give: the notes handed over go in first; riel run out, the till proposes dollars.
  const cashIn = useMemo(() => {
    const sum = { USD: 0, KHR: 0 };
    for (const x of summary.valid) if (cash && x.methodId === cash.id) sum[x.currency] += x.minor;
    return sum;
  }, [summary, cash]);
  const change = useMemo(() => changeOptions(summary, p.currency, p.drawer, cashIn), [summary, p.currency, p.drawer, cashIn]);
  const chosen = change.options.find((o) => o.changeIn === changeChoice && o.fits) ?? change.proposed;
  const methodIds = useMemo(() => new Set(p.methods.map((m) => m.id)), [p.methods]);

  const update = (id: string, patch: Partial<Tender>) => {
    setProblem(null);
    setTenders((ts) => ts.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  };
  const remove = (id: string) => setTenders((ts) => ts.filter((y) => y.id !== id));
  /** The cash tender in a currency, made when missing. */
  const cashTender = (currency: TenderCurrency, edit: (text: string) => string) => {
    if (!cash) return;
    setProblem(null);
    setTenders((ts) => {
      const found = ts.find((x) => x.methodId === cash.id && x.currency === currency);
      if (found) return ts.map((x) => (x === found ? { ...x, text: edit(x.text) } : x));
      return [...ts, { id: tenderId(), methodId: cash.id, currency, text: edit('') }];
    });
  };
  /** Exact: what is still due, in dollars, on the dollar cash tender (riel already typed counts). */
  const exact = () => {
    const others = summarize(
      p.total,
      p.currency,
      tenders.filter((x) => !(cash && x.methodId === cash.id && x.currency === p.currency)),
      p.rate,
    );
    cashTender(p.currency === 'KHR' ? 'KHR' : 'USD', () => formatDecimal(others.remaining.amount, digits(p.currency)));
  };
  /** Another method's tender, for what is still due. */
  const addMethod = (m: PosPaymentMethod) => {
    setProblem(null);
    const remaining = summary.remaining.amount;
    setTenders((ts) => [
      ...ts,
      {
        id: tenderId(),
        methodId: m.id,
        currency: p.currency === 'KHR' ? 'KHR' : 'USD',
        text: remaining > 0 ? formatDecimal(remaining, digits(p.currency)) : '',
        khqr: m.type === 'khqr' ? null : undefined,
      },
    ]);
  };
  /** The sale's payments, or why there are none yet. */
  const payments = ():
    { problem: PaymentProblem } | { payments: SalePaymentInput[]; changeIn: ChangeIn; change: { usd: number; khr: number } } => {
    const why = paymentProblem(tenders, summary, methodIds, p.walkIn);
    if (why) return { problem: why };
    return {
      payments: summary.valid.map((x) => ({
        payment_method_id: x.methodId,
        currency: x.currency,
        amount: formatDecimal(x.minor, x.currency === 'KHR' ? 0 : 2),
        reference: '',
        ...(x.khqr ? { khqr_md5: x.khqr.md5 } : {}),
      })),
      changeIn: chosen?.changeIn ?? 'split',
      // The change as shown (minor units): a sale completed at the till with no connection shows it from here.
      change: { usd: chosen?.usd ?? 0, khr: chosen?.khr ?? 0 },
    };
  };

  return {
    cash,
    tenders,
    summary,
    change,
    chosen,
    setChangeChoice,
    problem,
    setProblem,
    update,
    remove,
    cashTender,
    exact,
    addMethod,
    payments,
  };
}

export type Tenders = ReturnType<typeof useTenders>;
