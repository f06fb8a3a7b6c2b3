import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Center, CloseButton, Loader, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PosCategory, PosProduct, PosVariant } from '@posauto/shared/schemas/pos';
import type { ChangeIn, SaleDetail, SalePaymentInput } from '@posauto/shared/schemas/sales';
import { formatDecimal, formatQuantity } from '@posauto/shared/money/index';
import { isLanguage, type Language } from '@posauto/shared/i18n/index';
import { ApiError } from '../../../lib/api-client';
import { loadModuleTranslations } from '../../../lib/i18n';
import { unwrap, useHoldCart, usePosCatalogue, useResumeCart } from '../api/pos-api';
import { CatalogueIndex } from '../lib/catalogue-index';
import { addItem, type Cart, cartTotals, itemCount, lineFor, reviveCart, shopCurrency, totalsContext } from '../lib/cart';
import { cartStore, useCart } from '../lib/cart-store';
import { inRiel, moneyText, rateOf, rielText } from '../lib/money-text';
import type { CashAmounts } from '../lib/payment';
import { shortLines } from '../lib/stock-check';
import { CartPanel, Kbd } from './cart-panel';
import { CategoryTabs, ProductGrid, TILE_PAGE } from './product-grid';
import { AppErrorBoundary } from '../../../components/error-boundary';
import { useSaleSender } from './use-sale-sender';
import { useTillKeyboard } from './use-till-keyboard';
import classes from './pos.module.css';

// The payment dialog (and the QR code library behind KHQR) loads when first needed, not with the till, and with it
// the sending of the sale (checkout.ts), in memory before Pay is pressed (a sale must go out while the network is down).
// With them, every module's table: what the payment may have to say beyond selling (a discount approval's form).
const loadPayment = () =>
  Promise.all([import('./payment-dialog'), import('../lib/checkout'), loadModuleTranslations()]).then(([m, c]) => ({ ...m, ...c }));
const PaymentDialog = lazy(() => loadPayment().then((m) => ({ default: m.PaymentDialog })));
export const preloadPayment = () => void loadPayment();

// The other dialogs (Modal, SegmentedControl and their code) load when first opened, or as soon as the cashier first
// touches the screen: the till's first load stays light (issue #12: 170 KB for /sale-pos).
// With them, the number limits' messages the line dialog says.
const loadDialogs = () =>
  Promise.all([import('./dialogs'), import('../lib/limit-messages').then((m) => m.loadLimitTranslations())]).then(([m]) => m);
const loadSaleDone = () => import('./sale-done');
const preloadDialogs = () => {
  void loadDialogs();
  void loadSaleDone();
};
const VariantPicker = lazy(() => loadDialogs().then((m) => ({ default: m.VariantPicker })));
const LineDialog = lazy(() => loadDialogs().then((m) => ({ default: m.LineDialog })));
const CustomerDialog = lazy(() => loadDialogs().then((m) => ({ default: m.CustomerDialog })));
const OrderDiscountDialog = lazy(() => loadDialogs().then((m) => ({ default: m.OrderDiscountDialog })));
const HeldCartsDialog = lazy(() => loadDialogs().then((m) => ({ default: m.HeldCartsDialog })));
const SaleDone = lazy(() => loadSaleDone().then((m) => ({ default: m.SaleDone })));
const NoRateDialog = lazy(() => loadSaleDone().then((m) => ({ default: m.NoRateDialog })));

/** Mounts a lazily loaded dialog the first time it opens, and keeps it mounted after (its closing transition). */
function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(open);
  if (open && !seen) setSeen(true);
  // A dialog whose code cannot load (offline before it was fetched, an old build) says so in place: the till stays.
  return seen ? (
    <AppErrorBoundary inline>
      <Suspense fallback={null}>{children}</Suspense>
    </AppErrorBoundary>
  ) : null;
}

export interface PrintReceipt {
  (saleId: string, options?: { paper?: 58 | 80 | 'a4'; reprint?: boolean }): void;
}

export interface PosTillProps {
  /** The branch of the cashier's open session (null: the server's choice: a branch user's own, else the default). */
  branchId?: string | null;
  /** Prints a sale's receipt (the receipts feature); without it the success panel offers no printing. */
  printReceipt?: PrintReceipt;
  /** What the cashier's drawer holds (minor units), shown at payment so that change is given from what is there. */
  drawer?: CashAmounts | null;
  /** A sale was made: the drawer's figures are read again. */
  onSold?: () => void;
  /** Fetches what the screen around the till brings for a sale (the receipt's code), with the till's own. */
  preloadRest?: () => void;
}

type Dialog = 'customer' | 'discount' | 'held' | 'pay' | null;

const NO_TABS: readonly PosCategory[] = [];
/** How long after opening the till the rest of its code is fetched. */
const PRELOAD_AFTER_MS = 8000;
/** ...or this long after the last key, if the cashier is already typing or scanning. */
const PRELOAD_QUIET_MS = 3000;
const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * The till: catalogue and search on one side, the cart on the other, payment in a dialog. Keyboard first: a
 * scanner (a fast burst of keys ending in Enter) adds items wherever the focus is, except in another field, and
 * every action has its key (shown on its button).
 */
export function PosTill({ branchId = null, printReceipt, drawer = null, onSold, preloadRest }: PosTillProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'km';
  const catalogueQuery = usePosCatalogue(branchId);
  const catalogue = catalogueQuery.data;
  const cart = useCart();
  const store = cartStore();

  const index = useMemo(() => (catalogue ? new CatalogueIndex(catalogue.products, catalogue.categories) : null), [catalogue]);
  const productsById = useMemo(() => new Map((catalogue?.products ?? []).map((p) => [p.id, p])), [catalogue]);
  const currency = catalogue ? shopCurrency(catalogue.settings) : 'USD';
  const rate = rateOf(catalogue?.settings.exchange_rate);
  const ctx = useMemo(() => (catalogue ? totalsContext(catalogue.settings, catalogue.service_charges, cart) : null), [catalogue, cart]);
  const totals = useMemo(() => cartTotals(cart, ctx ?? { currency, vatRate: 0, vatInclusive: true, service: null }), [cart, ctx, currency]);
  const walkInName = catalogue?.sale_settings.walk_in_customer?.name ?? t('pos.walk_in');

  // --- Search and categories -------------------------------------------------------------------------------------
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [shown, setShown] = useState(TILE_PAGE);
  const deferredQuery = useDeferredValue(query);
  const positions = useMemo(() => (index ? index.search(deferredQuery, category) : []), [index, deferredQuery, category]);
  useEffect(() => setShown(TILE_PAGE), [deferredQuery, category]);
  const showMore = useCallback(() => setShown((n) => n + TILE_PAGE), []);
  const searchRef = useRef<HTMLInputElement>(null);

  // --- Dialogs ---------------------------------------------------------------------------------------------------
  const [dialog, setDialog] = useState<Dialog>(null);
  const [variantsOf, setVariantsOf] = useState<PosProduct | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [done, setDone] = useState<SaleDetail | null>(null);
  const [announce, setAnnounce] = useState('');
  const modalOpen = dialog !== null || variantsOf !== null || editing !== null || done !== null;
  const modalRef = useRef(modalOpen);
  modalRef.current = modalOpen;

  // --- Adding items ------------------------------------------------------------------------------------------------
  /** A red notice that screen readers hear too (with more said to them when `heard` is given). */
  const warn = useCallback(
    (message: string, heard = message) => {
      notifications.show({ color: 'red', message, autoClose: 4000, closeButtonProps: { 'aria-label': t('common.close') } });
      setAnnounce(heard);
    },
    [t],
  );
  // Lines the branch does not hold enough of (the catalogue's on hand), unless the shop sells out of stock.
  const shortOf = useCallback(
    (c: Cart) => (catalogue && !catalogue.settings.out_of_stock_sale ? shortLines(c, productsById) : NO_KEYS),
    [catalogue, productsById],
  );
  const addProduct = useCallback(
    (product: PosProduct, variant: PosVariant | null) => {
      store.update((c) => addItem(c, lineFor(product, variant, currency)));
      const c = store.get();
      const line = c.lines.find((l) => l.key === c.selected);
      if (!line) return;
      const added = t('pos.announce_added', { name: line.name, quantity: formatQuantity(line.quantity) });
      const out = `${line.name}: ${t('pos.out_of_stock')}`;
      if (shortOf(c).has(line.key)) warn(out, `${added} ${out}`);
      else setAnnounce(added);
    },
    [store, currency, t, shortOf, warn],
  );

  const pick = useCallback(
    (product: PosProduct) => {
      if (product.type === 'variation' && product.variants.length > 0) setVariantsOf(product);
      else addProduct(product, null);
    },
    [addProduct],
  );

  /** Scans that came before the catalogue: kept in order and added once it is in. */
  const waitingScans = useRef<string[]>([]);
  const scan = useCallback(
    (code: string) => {
      if (!index) {
        waitingScans.current.push(code);
        return;
      }
      const hit = index.lookup(code);
      if (!hit) return warn(t('pos.scan_unknown', { code }));
      if (hit.variant || hit.product.type !== 'variation' || hit.product.variants.length === 0) addProduct(hit.product, hit.variant);
      else setVariantsOf(hit.product);
    },
    [index, addProduct, t, warn],
  );
  /**
   * Enter on a query as typed, never on a result list still catching up with it (useDeferredValue): a code adds its
   * item, else the first product the words match; nothing matching says so. Once added, the focus leaves the search
   * so that + and - change the line.
   */
  const submitQuery = (text: string) => {
    const value = text.trim();
    if (!value || !index) return;
    const first = index.lookup(value) ? -1 : index.search(value, category)[0];
    if (first === undefined) return warn(t('pos.no_products'));
    if (first < 0) scan(value);
    else pick(index.products[first]!);
    setQuery('');
    searchRef.current?.blur();
  };
  useEffect(() => {
    if (!index || waitingScans.current.length === 0) return;
    const codes = waitingScans.current.splice(0);
    codes.forEach(scan);
  }, [index, scan]);

  // Prices and names follow the catalogue when it changes (the server prices the sale from it too).
  useEffect(() => {
    if (productsById.size === 0) return;
    store.update((c) => {
      let changed = false;
      const lines = c.lines.map((l) => {
        const p = productsById.get(l.productId);
        if (!p) return l;
        const v = l.variantId ? p.variants.find((x) => x.id === l.variantId) : null;
        const fresh = lineFor(p, v ?? null, currency);
        if (fresh.basePrice === l.basePrice) return l;
        changed = true;
        return { ...l, basePrice: fresh.basePrice };
      });
      return changed ? { ...c, lines } : c;
    });
  }, [productsById, currency, store]);

  // --- Hold and resume ----------------------------------------------------------------------------------------------
  const hold = useHoldCart();
  const resume = useResumeCart();
  const holdCart = useCallback(
    async (c: Cart = store.get()) => {
      if (c.lines.length === 0) return;
      await hold.mutateAsync({
        label: c.customer?.name ?? '',
        payload: c as unknown as Record<string, unknown>,
        item_count: Math.round(itemCount(c)),
        total: formatDecimal(totals.total, currency === 'KHR' ? 0 : 2),
      });
      store.clear();
      notifications.show({ color: 'teal', message: t('pos.held'), autoClose: 2500, closeButtonProps: { 'aria-label': t('common.close') } });
      setAnnounce(t('pos.held'));
    },
    [hold, store, totals.total, currency, t],
  );
  const holdNow = useCallback(() => {
    holdCart().catch((e: unknown) =>
      notifications.show({
        color: 'red',
        message: e instanceof ApiError ? e.message : t('errors.internal'),
        closeButtonProps: { 'aria-label': t('common.close') },
      }),
    );
  }, [holdCart, t]);
  const resumeCart = async (id: string) => {
    try {
      if (store.get().lines.length > 0) await holdCart();
      const held = unwrap(await resume.mutateAsync(id));
      store.replace(reviveCart(held.payload));
      setDialog(null);
      setAnnounce(t('pos.resumed'));
    } catch (e) {
      notifications.show({
        color: 'red',
        message: e instanceof ApiError ? e.message : t('errors.internal'),
        closeButtonProps: { 'aria-label': t('common.close') },
      });
    }
  };

  // --- Paying -------------------------------------------------------------------------------------------------------
  // Sending: kept with its key until the server answers (use-sale-sender.ts); what a sale that went through changes here.
  const onSent = useCallback(
    (sale: SaleDetail) => {
      store.clear();
      setDialog(null);
      setSheetOpen(false);
      setDone(sale);
      notifications.show({
        color: 'teal',
        message: t('pos.sale_success'),
        autoClose: 3000,
        closeButtonProps: { 'aria-label': t('common.close') },
      });
      setAnnounce(t('pos.sale_success'));
      if (catalogue?.sale_settings.receipt_auto_print && printReceipt) {
        printReceipt(sale.id, { paper: catalogue.sale_settings.receipt_paper_width === 58 ? 58 : 80 });
      }
      void catalogueQuery.refetch();
      onSold?.();
    },
    [store, t, catalogue, printReceipt, catalogueQuery, onSold],
  );
  const resumePay = useCallback(() => setDialog('pay'), []);
  const { sendState, setSendState, send, approve, stop } = useSaleSender(loadPayment, onSent, resumePay);
  const openPay = useCallback(() => {
    if (store.get().lines.length === 0) return;
    setSendState({ kind: 'idle' });
    setDialog('pay');
  }, [store, setSendState]);

  const pay = (payments: SalePaymentInput[], changeIn: ChangeIn) => {
    const c = store.get();
    if (catalogue) void loadPayment().then((m) => send(m.saleBody(c, catalogue.settings, currency, payments, changeIn)));
  };

  const newSale = useCallback(() => {
    setDone(null);
    setQuery('');
    if (window.matchMedia?.('(pointer: fine)').matches) setTimeout(() => searchRef.current?.focus(), 0);
  }, []);

  // --- Keyboard: scanner and shortcuts -------------------------------------------------------------------------------
  useTillKeyboard(store, searchRef, modalRef, { scan, openPay, holdNow, setDialog, setQuery, submitQuery });
  // Everything a sale needs (the payment dialog and the sending, the other dialogs, the receipt, KHQR's library) is
  // fetched once the till has settled while online: a till opened and then cut off can still take the payment and
  // keep the sale to send. Late enough to stay out of the first load (issue #12: 170 KB for /sale-pos).
  useEffect(() => {
    const preload = () => {
      if (!navigator.onLine) return;
      void loadPayment().then((m) => m.preloadQrCode());
      preloadDialogs();
      preloadRest?.();
    };
    let timer = setTimeout(preload, PRELOAD_AFTER_MS);
    // Never in the middle of a scan: a key puts it off until the keyboard has been quiet a while.
    const putOff = () => {
      clearTimeout(timer);
      timer = setTimeout(preload, PRELOAD_QUIET_MS);
    };
    document.addEventListener('keydown', putOff, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', putOff, true);
    };
  }, [preloadRest]);
  // Not on a key: a scanner's burst must not share the main thread with loading and running the dialogs' code.
  useEffect(() => {
    const opts = { once: true, capture: true } as const;
    document.addEventListener('pointerdown', preloadDialogs, opts);
    return () => document.removeEventListener('pointerdown', preloadDialogs, opts);
  }, []);

  const onSearchKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.defaultPrevented && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submitQuery(e.currentTarget.value);
    } else if (e.key === 'Escape') {
      if (query) {
        e.preventDefault();
        setQuery('');
      } else searchRef.current?.blur();
    }
  };

  // --- Render -------------------------------------------------------------------------------------------------------
  if (catalogueQuery.isLoading) {
    return (
      <Center style={{ flex: 1 }}>
        <Loader />
      </Center>
    );
  }
  if (!catalogue) {
    return (
      <Center style={{ flex: 1 }} p="md">
        <Alert color="red" title={t('pos.catalogue_error')} role="alert">
          <Stack gap="xs">
            <Text size="sm">{catalogueQuery.error instanceof ApiError ? catalogueQuery.error.message : t('errors.internal')}</Text>
            <Button onClick={() => void catalogueQuery.refetch()} variant="light" h={44}>
              {t('pos.try_again')}
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }

  const editingLine = editing ? (cart.lines.find((l) => l.key === editing) ?? null) : null;
  const short = shortOf(cart);
  const lines = cart.lines.length;
  const totalRiel = inRiel(totals.total, currency, rate);

  return (
    <div className={classes.till} data-testid="pos-till">
      <div className={classes.catalogue}>
        <div className={classes.searchRow}>
          <TextInput
            ref={searchRef}
            style={{ flex: 1 }}
            size="md"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={onSearchKey}
            placeholder={t('pos.search_placeholder')}
            aria-label={t('pos.search')}
            leftSection={<IconSearch size={18} />}
            rightSection={query ? <CloseButton onClick={() => setQuery('')} aria-label={t('pos.clear_search')} /> : <Kbd>F2</Kbd>}
            rightSectionWidth={44}
            autoComplete="off"
            spellCheck={false}
            data-testid="pos-search"
            type="search"
            enterKeyHint="search"
          />
        </div>
        <CategoryTabs tabs={index?.tabs ?? NO_TABS} selected={category} onSelect={setCategory} />
        <div className={classes.gridScroll} id="pos-grid-panel" role="tabpanel" aria-label={t('pos.products')}>
          <ProductGrid
            products={catalogue.products}
            positions={positions}
            shown={shown}
            onShowMore={showMore}
            onPick={pick}
            currency={currency}
            lang={lang}
          />
        </div>
      </div>

      <CartPanel
        cart={cart}
        totals={totals}
        currency={currency}
        rate={rate}
        lang={lang}
        walkInName={walkInName}
        serviceCharges={catalogue.service_charges}
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        onCustomer={() => setDialog('customer')}
        onDiscount={() => setDialog('discount')}
        onHold={holdNow}
        onResume={() => setDialog('held')}
        onEditLine={setEditing}
        onPay={openPay}
        holding={hold.isPending}
        short={short}
      />

      {/* Portrait and phones: the cart's bar at the bottom; the sheet opens on tap. */}
      <div className={classes.sheetBar}>
        <Button
          variant="default"
          style={{ flex: 1 }}
          h={48}
          onClick={() => setSheetOpen(true)}
          justify="space-between"
          aria-expanded={sheetOpen}
          data-testid="pos-sheet-bar"
        >
          <span>{t('pos.lines_count', { count: lines })}</span>
          <span>
            &nbsp;·&nbsp;
            <bdi dir="ltr">{moneyText(totals.total, currency, lang)}</bdi>
            {totalRiel !== null && (
              <Text span c="dimmed" size="sm">
                &nbsp;
                <bdi dir="ltr">{rielText(totalRiel, lang)}</bdi>
              </Text>
            )}
          </span>
        </Button>
        <Button h={48} onClick={openPay} disabled={lines === 0}>
          {t('pos.pay')}
        </Button>
      </div>

      <div className={classes.srOnly} aria-live="polite" role="status" data-testid="pos-announce">
        {announce}
        {announce && lines > 0 ? ` ${t('pos.announce_total', { total: moneyText(totals.total, currency, lang) })}` : ''}
      </div>

      <WhenOpened open={variantsOf !== null}>
        <VariantPicker
          product={variantsOf}
          onClose={() => setVariantsOf(null)}
          onPick={(p, v) => {
            setVariantsOf(null);
            addProduct(p, v);
          }}
          currency={currency}
          lang={lang}
        />
      </WhenOpened>
      <WhenOpened open={editingLine !== null}>
        <LineDialog
          line={editingLine}
          product={editingLine ? (productsById.get(editingLine.productId) ?? null) : null}
          onClose={() => setEditing(null)}
          editPrice={catalogue.settings.edit_cost}
          inlineDiscount={catalogue.settings.inline_discount}
          currency={currency}
        />
      </WhenOpened>
      <WhenOpened open={dialog === 'customer'}>
        <CustomerDialog opened={dialog === 'customer'} onClose={() => setDialog(null)} walkInName={walkInName} />
      </WhenOpened>
      <WhenOpened open={dialog === 'discount'}>
        <OrderDiscountDialog
          opened={dialog === 'discount'}
          onClose={() => setDialog(null)}
          cart={cart}
          subtotal={totals.subtotal}
          currency={currency}
        />
      </WhenOpened>
      <WhenOpened open={dialog === 'held'}>
        <HeldCartsDialog
          opened={dialog === 'held'}
          onClose={() => setDialog(null)}
          onResume={(id) => void resumeCart(id)}
          resuming={resume.isPending ? (resume.variables ?? null) : null}
          lang={lang}
        />
      </WhenOpened>
      {(dialog === 'pay' || sendState.kind !== 'idle') && rate && (
        <AppErrorBoundary inline>
          <Suspense fallback={null}>
            <PaymentDialog
              opened={dialog === 'pay'}
              onClose={() => {
                stop();
                setDialog(null);
              }}
              total={totals.total}
              currency={currency}
              rate={rate}
              methods={catalogue.payment_methods}
              defaultMethodId={catalogue.sale_settings.default_payment_method_id}
              walkIn={cart.customer === null}
              lang={lang}
              state={sendState}
              drawer={drawer}
              short={cart.lines.filter((l) => short.has(l.key)).map((l) => l.name)}
              onPay={pay}
              onApprove={approve}
            />
          </Suspense>
        </AppErrorBoundary>
      )}
      {dialog === 'pay' && !rate && (
        <AppErrorBoundary inline>
          <Suspense fallback={null}>
            <NoRateDialog onClose={() => setDialog(null)} />
          </Suspense>
        </AppErrorBoundary>
      )}
      <WhenOpened open={done !== null}>
        <SaleDone sale={done} onNew={newSale} printReceipt={printReceipt} lang={lang} />
      </WhenOpened>
    </div>
  );
}
