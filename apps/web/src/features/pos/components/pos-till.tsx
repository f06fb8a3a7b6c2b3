import { lazy, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@posauto/shared/i18n/index';
import { cartTotals, totalsContext } from '../lib/cart';
import { cartStore, useCart } from '../lib/cart-store';
import { inRiel, moneyText } from '../../../components/selling/lib/money-text';
import type { CashAmounts } from '../../../components/selling/lib/payment';
import type { PrintReceipt } from '../lib/print-receipt';
import { CartPanel } from './cart-panel';
import { CataloguePane } from './catalogue-pane';
import { CatalogueStatus } from './catalogue-status';
import { SheetBar } from './sheet-bar';
import { LazyPart, loadTillDialogs } from './till-lazy';
import { useAddItems } from './use-add-items';
import { useAnnouncer } from './use-announcer';
import { useHoldAndResume } from './use-hold-resume';
import { useTillCatalogue } from './use-till-catalogue';
import { useTillDialogs } from './use-till-dialogs';
import { useTillKeyboard } from './use-till-keyboard';
import { useTillPayment } from './use-till-payment';
import { useTillPreload } from './use-till-preload';
import { useTillRegistration } from './use-till-registration';
import { useTillSearch } from './use-till-search';
import classes from './pos.module.css';
import hidden from '../../../components/sr-only.module.css';

// What mounts the dialogs loads with the first of them (or with the rest of the till's code, use-till-preload.ts): the
// till's first load stays light (issue #12: 170 KB for /sale-pos).
const CartDialogs = lazy(() => loadTillDialogs().then((m) => ({ default: m.CartDialogs })));
const PaymentParts = lazy(() => loadTillDialogs().then((m) => ({ default: m.PaymentParts })));

export interface PosTillProps {
  /** The branch of the cashier's open session (null: the server's choice: a branch user's own, else the default). */
  branchId?: string | null;
  /** The cashier's open session: a till registered in its branch completes sales itself (issue #26). */
  sessionId?: string | null;
  /** Prints a sale's receipt (the receipts feature); without it the success panel offers no printing. */
  printReceipt?: PrintReceipt;
  /** What the cashier's drawer holds (minor units), shown at payment so that change is given from what is there. */
  drawer?: CashAmounts | null;
  /** A sale was made: the drawer's figures are read again. */
  onSold?: () => void;
  /** Fetches what the screen around the till brings for a sale (the receipt's code), with the till's own. */
  preloadRest?: () => void;
}

/**
 * The till: catalogue and search on one side, the cart on the other, payment in a dialog. Keyboard first: a
 * scanner (a fast burst of keys ending in Enter) adds items wherever the focus is, except in another field, and
 * every action has its key (shown on its button). A scan redraws the cart only: the tabs and the grid are memoised,
 * and what they are handed keeps its identity.
 */
export function PosTill({ branchId = null, sessionId = null, printReceipt, drawer = null, onSold, preloadRest }: PosTillProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'km';
  const cart = useCart();
  const store = cartStore();
  const { catalogueQuery, catalogue, index, productsById, currency, rate } = useTillCatalogue(branchId, store);
  const ctx = useMemo(() => (catalogue ? totalsContext(catalogue.settings, catalogue.service_charges, cart) : null), [catalogue, cart]);
  const totals = useMemo(() => cartTotals(cart, ctx ?? { currency, vatRate: 0, vatInclusive: true, service: null }), [cart, ctx, currency]);
  const walkInName = catalogue?.sale_settings.walk_in_customer?.name ?? t('pos.walk_in');

  const search = useTillSearch(index);
  const { setQuery, searchRef } = search;
  const dialogs = useTillDialogs();
  const { setDialog } = dialogs;
  const { announce, setAnnounce, warn, tell, fail } = useAnnouncer();
  const adding = useAddItems({
    store,
    catalogue,
    index,
    productsById,
    currency,
    category: search.category,
    setQuery,
    searchRef,
    askVariant: dialogs.setVariantsOf,
    warn,
    setAnnounce,
  });
  const held = useHoldAndResume({ store, total: totals.total, currency, tell, fail, setAnnounce, closeDialog: () => setDialog(null) });
  const payment = useTillPayment({
    store,
    catalogue,
    currency,
    dialogs,
    tell,
    printReceipt,
    refetchCatalogue: catalogueQuery.refetch,
    onSold,
    till: { branchId, sessionId },
    total: totals.total,
  });
  // The dialogs' parts mount once anything is first open over the till (or a sale is on its way), and stay.
  const [overUsed, setOverUsed] = useState(false);
  const over = dialogs.dialog !== null || dialogs.variantsOf !== null || dialogs.editing !== null || dialogs.done !== null;
  if (!overUsed && (over || payment.sendState.kind !== 'idle')) setOverUsed(true);
  const { setDone } = dialogs;
  const newSale = useCallback(() => {
    setDone(null);
    setQuery('');
    if (window.matchMedia?.('(pointer: fine)').matches) setTimeout(() => searchRef.current?.focus(), 0);
  }, [setDone, setQuery, searchRef]);

  const { scan, submitQuery } = adding;
  const { openPay } = payment;
  useTillKeyboard(store, searchRef, dialogs.modalRef, { scan, openPay, holdNow: held.holdNow, setDialog, setQuery, submitQuery });
  useTillPreload(preloadRest);
  useTillRegistration(branchId);

  if (catalogueQuery.isLoading || !catalogue) {
    return (
      <CatalogueStatus loading={catalogueQuery.isLoading} error={catalogueQuery.error} onRetry={() => void catalogueQuery.refetch()} />
    );
  }

  const short = adding.shortOf(cart);
  const lines = cart.lines.length;
  const totalText = moneyText(totals.total, currency, lang);
  return (
    <div className={classes.till} data-testid="pos-till">
      <CataloguePane
        search={search}
        index={index}
        products={catalogue.products}
        onPick={adding.pick}
        onSubmit={submitQuery}
        currency={currency}
        lang={lang}
      />

      <CartPanel
        cart={cart}
        totals={totals}
        currency={currency}
        rate={rate}
        lang={lang}
        walkInName={walkInName}
        serviceCharges={catalogue.service_charges}
        open={dialogs.sheetOpen}
        onClose={() => dialogs.setSheetOpen(false)}
        onCustomer={() => setDialog('customer')}
        onDiscount={() => setDialog('discount')}
        onHold={held.holdNow}
        onResume={() => setDialog('held')}
        onEditLine={dialogs.setEditing}
        onPay={openPay}
        holding={held.holding}
        short={short}
      />

      <SheetBar
        lines={lines}
        total={totals.total}
        totalRiel={inRiel(totals.total, currency, rate)}
        currency={currency}
        lang={lang}
        sheetOpen={dialogs.sheetOpen}
        onOpen={() => dialogs.setSheetOpen(true)}
        onPay={openPay}
      />

      <div className={hidden.srOnly} aria-live="polite" role="status" data-testid="pos-announce">
        {announce}
        {announce && lines > 0 ? ` ${t('pos.announce_total', { total: totalText })}` : ''}
      </div>

      {overUsed && (
        <LazyPart>
          <CartDialogs
            dialogs={dialogs}
            catalogue={catalogue}
            productsById={productsById}
            cart={cart}
            subtotal={totals.subtotal}
            currency={currency}
            lang={lang}
            walkInName={walkInName}
            addProduct={adding.addProduct}
            onResume={(id) => void held.resumeCart(id)}
            resuming={held.resuming}
          />
          <PaymentParts
            dialogs={dialogs}
            catalogue={catalogue}
            cart={cart}
            totals={totals}
            currency={currency}
            rate={rate}
            lang={lang}
            drawer={drawer}
            short={cart.lines.filter((l) => short.has(l.key)).map((l) => l.name)}
            sendState={payment.sendState}
            onPay={payment.pay}
            onApprove={payment.approve}
            onClosePay={payment.closePay}
            printReceipt={printReceipt}
            onNewSale={newSale}
          />
        </LazyPart>
      )}
    </div>
  );
}
