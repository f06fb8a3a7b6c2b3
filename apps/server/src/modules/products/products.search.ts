import type { Deps } from '../../deps';
import type { RecordSearchProvider } from '../global-search/index';
import { searchProducts } from './product-list';

/** Products in the global search (Ctrl+K): by name fragment, exact SKU or barcode; a hit opens the product's form. */
export function productSearchProvider(deps: Deps): RecordSearchProvider {
  return {
    permission: 'product-list',
    async search(ctx, q, limit, t) {
      const found = await searchProducts(deps.db, deps.kind, deps, ctx.businessId, q, limit);
      return found.map((p) => ({
        title: p.product_name,
        subtitle: `${t('product_import.search_subtitle')} · ${p.sku_code}`,
        icon: 'package',
        to: `/product-listing/edit-product/${p.id}`,
      }));
    },
  };
}
