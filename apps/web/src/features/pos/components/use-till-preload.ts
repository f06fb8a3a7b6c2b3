import { useEffect } from 'react';
import { loadPayment, preloadDialogs } from './till-lazy';

/** How long after opening the till the rest of its code is fetched. */
const PRELOAD_AFTER_MS = 8000;
/** ...or this long after the last key, if the cashier is already typing or scanning. */
const PRELOAD_QUIET_MS = 3000;

/**
 * Everything a sale needs (the payment dialog and the sending, the other dialogs, the receipt, KHQR's library) is
 * fetched once the till has settled while online: a till opened and then cut off can still take the payment and keep
 * the sale to send. Late enough to stay out of the first load (issue #12: 170 KB for /sale-pos). The dialogs come
 * sooner, at the first touch of the screen.
 */
export function useTillPreload(preloadRest: (() => void) | undefined) {
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
}
