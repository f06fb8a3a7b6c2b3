import { useSyncExternalStore } from 'react';
import { type Cart, EMPTY_CART, reviveCart } from './cart';

/**
 * The cart lives outside React: a scan changes it synchronously, in the order the keys came, whatever React is
 * rendering at the time (no scan is dropped or reordered), and the screen shows its latest state. Every change is
 * written to localStorage soon after, so a refresh or a crash does not lose the customer's basket.
 */
export const CART_KEY = 'posauto.pos.cart';

type Listener = () => void;

export class CartStore {
  private cart: Cart;
  private readonly listeners = new Set<Listener>();
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage) {
    this.cart = this.load();
  }

  private load(): Cart {
    try {
      const text = this.storage?.getItem(CART_KEY);
      return text ? reviveCart(JSON.parse(text)) : EMPTY_CART;
    } catch {
      return EMPTY_CART;
    }
  }

  get = (): Cart => this.cart;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies a change now; listeners hear of it at once, the storage a moment later. */
  update(change: (cart: Cart) => Cart): void {
    const next = change(this.cart);
    if (next === this.cart) return;
    this.cart = next;
    for (const l of this.listeners) l();
    this.scheduleSave();
  }

  replace(cart: Cart): void {
    this.update(() => cart);
  }

  clear(): void {
    this.update(() => EMPTY_CART);
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.flush();
    }, 0);
  }

  /** Writes the cart now (also called when the page is hidden or closed). */
  flush(): void {
    try {
      if (this.cart.lines.length === 0 && !this.cart.customer) this.storage?.removeItem(CART_KEY);
      else this.storage?.setItem(CART_KEY, JSON.stringify(this.cart));
    } catch {
      /* storage full or disabled: the cart still works, it only does not survive a refresh */
    }
  }
}

let store: CartStore | null = null;

/** The one cart of this browser tab. */
export function cartStore(): CartStore {
  store ??= new CartStore();
  return store;
}

export function useCart(): Cart {
  const s = cartStore();
  return useSyncExternalStore(s.subscribe, s.get, s.get);
}
