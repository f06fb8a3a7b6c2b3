import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrencyCode, formatDecimal } from '@posauto/shared/money/index';
import { unwrap, useHoldCart, useResumeCart } from '../api/pos-api';
import { type Cart, itemCount, reviveCart } from '../lib/cart';
import type { CartStore } from '../lib/cart-store';

interface HoldDeps {
  store: CartStore;
  /** The cart's total now (the held cart's list shows it). */
  total: number;
  currency: CurrencyCode;
  tell: (message: string, autoClose: number) => void;
  fail: (e: unknown) => void;
  setAnnounce: (text: string) => void;
  /** The held carts' dialog is done with (a cart resumed). */
  closeDialog: () => void;
}

/**
 * Holding the cart for later and resuming a held one. A cart resumed while another is on the till holds that one
 * first, so that nothing the cashier rang up is lost.
 */
export function useHoldAndResume({ store, total, currency, tell, fail, setAnnounce, closeDialog }: HoldDeps) {
  const { t } = useTranslation();
  const hold = useHoldCart();
  const resume = useResumeCart();
  const holdCart = useCallback(
    async (c: Cart = store.get()) => {
      if (c.lines.length === 0) return;
      await hold.mutateAsync({
        label: c.customer?.name ?? '',
        payload: c as unknown as Record<string, unknown>,
        item_count: Math.round(itemCount(c)),
        total: formatDecimal(total, currency === 'KHR' ? 0 : 2),
      });
      store.clear();
      tell(t('pos.held'), 2500);
    },
    [hold, store, total, currency, t, tell],
  );
  const holdNow = useCallback(() => {
    holdCart().catch(fail);
  }, [holdCart, fail]);
  const resumeCart = async (id: string) => {
    try {
      if (store.get().lines.length > 0) await holdCart();
      const held = unwrap(await resume.mutateAsync(id));
      store.replace(reviveCart(held.payload));
      closeDialog();
      setAnnounce(t('pos.resumed'));
    } catch (e) {
      fail(e);
    }
  };
  return { holdNow, resumeCart, holding: hold.isPending, resuming: resume.isPending ? (resume.variables ?? null) : null };
}
