import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PosCatalogue, PosProduct, PosVariant } from '@posauto/shared/schemas/pos';
import type { CurrencyCode } from '@posauto/shared/money/index';
import { formatQuantity } from '@posauto/shared/money/index';
import type { CatalogueIndex } from '../../../components/selling/lib/catalogue-index';
import { addItem, type Cart, lineFor } from '../lib/cart';
import type { CartStore } from '../lib/cart-store';
import { shortLines } from '../lib/stock-check';

const NO_KEYS: ReadonlySet<string> = new Set();

interface AddingDeps {
  store: CartStore;
  catalogue: PosCatalogue | undefined;
  index: CatalogueIndex | null;
  productsById: ReadonlyMap<string, PosProduct>;
  currency: CurrencyCode;
  /** The tab the search is narrowed to (Enter takes the first product the words match in it). */
  category: string | null;
  setQuery: (query: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  /** A product with variants was picked without one: the variant picker asks which. */
  askVariant: (product: PosProduct) => void;
  warn: (message: string, heard?: string) => void;
  setAnnounce: (text: string) => void;
}

/**
 * Adding items to the cart: a tile picked, a code scanned, Enter in the search. Each addition is announced, and an
 * item the branch does not hold enough of is said out loud (unless the shop sells out of stock). `pick` keeps its
 * identity while the catalogue does: the memoised grid is not redrawn by a scan.
 */
export function useAddItems(d: AddingDeps) {
  const { t } = useTranslation();
  const { store, catalogue, index, productsById, currency, warn, setAnnounce, askVariant } = d;
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
    [store, currency, t, shortOf, warn, setAnnounce],
  );

  const pick = useCallback(
    (product: PosProduct) => {
      if (product.type === 'variation' && product.variants.length > 0) askVariant(product);
      else addProduct(product, null);
    },
    [addProduct, askVariant],
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
      else askVariant(hit.product);
    },
    [index, addProduct, t, warn, askVariant],
  );
  /**
   * Enter on a query as typed, never on a result list still catching up with it (useDeferredValue): a code adds its
   * item, else the first product the words match; nothing matching says so. Once added, the focus leaves the search
   * so that + and - change the line.
   */
  const submitQuery = (text: string) => {
    const value = text.trim();
    if (!value || !index) return;
    const first = index.lookup(value) ? -1 : index.search(value, d.category)[0];
    if (first === undefined) return warn(t('pos.no_products'));
    if (first < 0) scan(value);
    else pick(index.products[first]!);
    d.setQuery('');
    d.searchRef.current?.blur();
  };
  useEffect(() => {
    if (!index || waitingScans.current.length === 0) return;
    const codes = waitingScans.current.splice(0);
    codes.forEach(scan);
  }, [index, scan]);

  return { shortOf, addProduct, pick, scan, submitQuery };
}
