// What the till loads after its first screen: the payment and its sending, the other dialogs, the sale-done panel.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { loadModuleTranslations } from '../../../lib/i18n';
import { AppErrorBoundary } from '../../../components/error-boundary';

// The payment dialog (and the QR code library behind KHQR) loads when first needed, not with the till, and with it
// the sending of the sale (checkout.ts), in memory before Pay is pressed (a sale must go out while the network is down).
// With them, every module's table: what the payment may have to say beyond selling (a discount approval's form).
export const loadPayment = () =>
  Promise.all([import('./payment-dialog'), import('../lib/checkout'), loadModuleTranslations()]).then(([m, c]) => ({ ...m, ...c }));
export const PaymentDialog = lazy(() => loadPayment().then((m) => ({ default: m.PaymentDialog })));

// The other dialogs (Modal, SegmentedControl and their code) load when first opened, or as soon as the cashier first
// touches the screen: the till's first load stays light (issue #12: 170 KB for /sale-pos).
// With them, the number limits' messages the line dialog says.
const loadDialogs = () =>
  Promise.all([import('./dialogs'), import('../lib/limit-messages').then((m) => m.loadLimitTranslations())]).then(([m]) => m);
const loadSaleDone = () => import('./sale-done');
/** The parts that mount the dialogs over the till (till-dialogs.tsx), themselves loaded with the first dialog. */
export const loadTillDialogs = () => import('./till-dialogs');
export const preloadDialogs = () => {
  void loadTillDialogs();
  void loadDialogs();
  void loadSaleDone();
};
export const VariantPicker = lazy(() => loadDialogs().then((m) => ({ default: m.VariantPicker })));
export const LineDialog = lazy(() => loadDialogs().then((m) => ({ default: m.LineDialog })));
export const CustomerDialog = lazy(() => loadDialogs().then((m) => ({ default: m.CustomerDialog })));
export const OrderDiscountDialog = lazy(() => loadDialogs().then((m) => ({ default: m.OrderDiscountDialog })));
export const HeldCartsDialog = lazy(() => loadDialogs().then((m) => ({ default: m.HeldCartsDialog })));
export const SaleDone = lazy(() => loadSaleDone().then((m) => ({ default: m.SaleDone })));
export const NoRateDialog = lazy(() => loadSaleDone().then((m) => ({ default: m.NoRateDialog })));

/** A lazily loaded part in place: one whose code cannot load (offline before it was fetched, an old build) says so there. */
export function LazyPart({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary inline>
      <Suspense fallback={null}>{children}</Suspense>
    </AppErrorBoundary>
  );
}

/** Mounts a lazily loaded dialog the first time it opens, and keeps it mounted after (its closing transition). */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(open);
  if (open && !seen) setSeen(true);
  // A dialog whose code cannot load says so in place: the till stays.
  return seen ? <LazyPart>{children}</LazyPart> : null;
}
