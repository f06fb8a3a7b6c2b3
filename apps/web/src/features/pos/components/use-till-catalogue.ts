import { useEffect, useMemo } from 'react';
import { usePosCatalogue } from '../api/pos-api';
import { CatalogueIndex } from '../../../components/selling/lib/catalogue-index';
import { lineFor, shopCurrency } from '../lib/cart';
import type { CartStore } from '../lib/cart-store';
import { rateOf } from '../../../components/selling/lib/money-text';

/**
 * The till's catalogue in memory: the index that scans and searches read, the products by id, the shop's currency and
 * rate. The cart's prices and names follow the catalogue when it changes (the server prices the sale from it too).
 */
export function useTillCatalogue(branchId: string | null, store: CartStore) {
  const catalogueQuery = usePosCatalogue(branchId);
  const catalogue = catalogueQuery.data;
  const index = useMemo(() => (catalogue ? new CatalogueIndex(catalogue.products, catalogue.categories) : null), [catalogue]);
  const productsById = useMemo(() => new Map((catalogue?.products ?? []).map((p) => [p.id, p])), [catalogue]);
  const currency = catalogue ? shopCurrency(catalogue.settings) : 'USD';
  const rate = rateOf(catalogue?.settings.exchange_rate);

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

  return { catalogueQuery, catalogue, index, productsById, currency, rate };
}
