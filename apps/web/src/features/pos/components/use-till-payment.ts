import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PosCatalogue } from '@posauto/shared/schemas/pos';
import type { ChangeIn, SalePaymentInput } from '@posauto/shared/schemas/sales';
import { formatDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import type { DoneSale } from '../lib/complete-sale';
import type { CartStore } from '../lib/cart-store';
import type { PrintReceipt } from '../lib/print-receipt';
import { loadPayment } from './till-lazy';
import type { TillDialogs } from './use-till-dialogs';
import { useSaleSender } from './use-sale-sender';

interface PaymentDeps {
  store: CartStore;
  catalogue: PosCatalogue | undefined;
  currency: CurrencyCode;
  dialogs: Pick<TillDialogs, 'setDialog' | 'setSheetOpen' | 'setDone'>;
  tell: (message: string, autoClose: number) => void;
  printReceipt: PrintReceipt | undefined;
  /** Reads the catalogue again after a sale (its on hand changed). */
  refetchCatalogue: () => unknown;
  onSold: (() => void) | undefined;
  /** The till's branch and the cashier's open session: a registered till numbers and completes the sale itself. */
  till: { branchId: string | null; sessionId: string | null };
  /** The cart's total (minor units), for the list of waiting sales. */
  total: number;
}

/**
 * Paying: the payment dialog opens on a cart with lines, its payments become the sale's body, and the sale is sent
 * (kept with its key until the server answers: use-sale-sender.ts). A sale that went through empties the cart, shows
 * the sale-done panel and, if the shop asks for it, prints the receipt.
 */
export function useTillPayment(deps: PaymentDeps) {
  const { store, catalogue, currency, dialogs, tell, printReceipt, refetchCatalogue, onSold, till, total } = deps;
  const { t } = useTranslation();
  const { setDialog, setSheetOpen, setDone } = dialogs;
  const onSent = useCallback(
    (sale: DoneSale) => {
      store.clear();
      setDialog(null);
      setSheetOpen(false);
      setDone(sale);
      tell(t('pos.sale_success'), 3000);
      if (catalogue?.sale_settings.receipt_auto_print && printReceipt && sale.id !== null) {
        printReceipt(sale.id, { paper: catalogue.sale_settings.receipt_paper_width === 58 ? 58 : 80 });
      }
      void refetchCatalogue();
      onSold?.();
    },
    [store, t, tell, catalogue, printReceipt, refetchCatalogue, onSold, setDialog, setSheetOpen, setDone],
  );
  const resumePay = useCallback(() => setDialog('pay'), [setDialog]);
  // Sales sent later from the till's outbox change the stock and the drawer: both are read again.
  const sentLater = useCallback(() => {
    void refetchCatalogue();
    onSold?.();
  }, [refetchCatalogue, onSold]);
  const { sendState, setSendState, send, approve, stop } = useSaleSender(loadPayment, onSent, resumePay, sentLater);
  const openPay = useCallback(() => {
    if (store.get().lines.length === 0) return;
    setSendState({ kind: 'idle' });
    setDialog('pay');
  }, [store, setSendState, setDialog]);

  const pay = (payments: SalePaymentInput[], changeIn: ChangeIn, change: { usd: number; khr: number }) => {
    const c = store.get();
    const at =
      till.branchId && till.sessionId
        ? { branchId: till.branchId, sessionId: till.sessionId, total: formatDecimal(total, currency === 'KHR' ? 0 : 2), currency, change }
        : null;
    if (catalogue) void loadPayment().then((m) => send(m.saleBody(c, catalogue.settings, currency, payments, changeIn), at));
  };
  /** The cashier closed the payment: no more retries of what was under way. */
  const closePay = () => {
    stop();
    setDialog(null);
  };

  return { sendState, openPay, pay, approve, closePay };
}
