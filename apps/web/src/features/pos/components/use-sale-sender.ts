import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleInput } from '@posauto/shared/schemas/sales';
import type { DoneSale, TillSale } from '../lib/complete-sale';
import { ApiError } from '../../../lib/api-client';
import { loadPendingSale } from '../lib/pending-record';
import { waitingCount } from '../lib/outbox';

/** When the outbox's sender starts if no sale waits (with the rest of the till's code: use-till-preload.ts). */
const SENDER_AFTER_MS = 8000;

/** Where the sale being sent stands, as the payment dialog shows it. */
export type SendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'retrying'; attempt: number }
  | { kind: 'error'; message: string }
  /** The discount is above the cashier's limit: someone whose role allows it approves on this screen. */
  | { kind: 'approval'; message: string };

/** The code that sends a sale and asks for an approval, loaded with the payment dialog (checkout.ts). */
export interface SaleSending {
  completeSale: (
    body: SaleInput,
    till: TillSale | null,
    options: { onRetry: (attempt: number) => void; signal: { cancelled: boolean } },
  ) => Promise<DoneSale>;
  approveDiscount: (email: string, password: string) => Promise<{ id: string }>;
  startSending: (onSent: () => void) => () => void;
}

/**
 * The till's sale sender: a sale goes with its key until the server answers (network errors again and again), its
 * state shown by the payment dialog (sending, retrying, an error, an approval asked for); a discount above the
 * cashier's limit is approved on the screen and the same sale goes again with the approval. A sale left waiting by a
 * refresh or a crash goes again, with its key, as soon as the till opens (`onResume` shows the payment dialog).
 */
export function useSaleSender(
  load: () => Promise<SaleSending>,
  onSent: (sale: DoneSale) => void,
  onResume: () => void,
  onSentLater: () => void,
) {
  const { t } = useTranslation();
  const [sendState, setSendState] = useState<SendState>({ kind: 'idle' });
  const cancelled = useRef({ cancelled: false });
  const last = useRef<{ body: SaleInput; till: TillSale | null } | null>(null);

  const send = useCallback(
    async (body: SaleInput, till: TillSale | null = null) => {
      last.current = { body, till };
      cancelled.current = { cancelled: false };
      setSendState({ kind: 'sending' });
      try {
        const sale = await (
          await load()
        ).completeSale(body, till, { onRetry: (attempt) => setSendState({ kind: 'retrying', attempt }), signal: cancelled.current });
        setSendState({ kind: 'idle' });
        onSent(sale);
      } catch (e) {
        // Above the cashier's discount limit: someone allowed approves on this screen, and the sale goes again.
        if (e instanceof ApiError && e.status === 422 && e.errors?.discount && !body.discount_approval_id)
          setSendState({ kind: 'approval', message: e.message });
        else setSendState({ kind: 'error', message: e instanceof ApiError ? e.message : t('errors.internal') });
      }
    },
    [load, onSent, t],
  );

  const approve = useCallback(
    async (email: string, password: string) => {
      const approval = await (await load()).approveDiscount(email, password);
      if (last.current) await send({ ...last.current.body, discount_approval_id: approval.id }, last.current.till);
    },
    [load, send],
  );

  useEffect(() => {
    const pending = loadPendingSale();
    if (pending) {
      onResume();
      void send(pending.body);
    }
    // Once, when the till opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The till's waiting sales go by themselves while the till is open. The sending's code comes with the payment's:
  // at once when sales wait, else with the rest of the till's code (the first load stays light).
  const sentLater = useRef(onSentLater);
  sentLater.current = onSentLater;
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    const start = () => {
      void load()
        .then((m) => {
          if (!gone && !stop) stop = m.startSending(() => sentLater.current());
        })
        .catch(() => undefined);
    };
    void waitingCount().then((n) => n > 0 && start());
    const timer = setTimeout(start, SENDER_AFTER_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [load]);

  // Leaving the till stops the retries (the sale stays written down, and goes when the till opens again).
  useEffect(() => () => void (cancelled.current.cancelled = true), []);

  /** The cashier closed the payment: no more retries of what was under way (it stays written down). */
  const stop = useCallback(() => {
    cancelled.current.cancelled = true;
    setSendState({ kind: 'idle' });
  }, []);

  return { sendState, setSendState, send, approve, stop };
}
