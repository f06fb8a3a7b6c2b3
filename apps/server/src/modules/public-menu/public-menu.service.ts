import { isCurrencyCode, type CurrencyCode, type ExchangeRate } from '@posauto/shared/money/index';
import { MENU_MAX_PRODUCTS, type PublicMenu, type PublicMenuProduct, type QrMenu } from '@posauto/shared/schemas/public-menu';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { MEDIA_KEY, mediaUrl } from '../media/index';
import { menuPrice, menuRate, rateText } from './public-menu.prices';
import { findShopById, findShopBySlug, menuCategories, menuProducts, menuVariants } from './public-menu.repo';
import { menuSections } from './public-menu.tree';

type ProductRow = Awaited<ReturnType<typeof menuProducts>>[number];
type VariantRow = Awaited<ReturnType<typeof menuVariants>>[number];

function pushTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/** Only keys of the media store make a public URL (an older logo path would only give a broken image). */
function imageUrl(deps: Deps, key: string | null): string | null {
  return key && MEDIA_KEY.test(key) ? mediaUrl(deps, key) : null;
}

const menuNotFound = () => new AppError(404, 'errors.menu_not_found');

function currencyOr(value: string | null | undefined, fallback: CurrencyCode): CurrencyCode {
  return isCurrencyCode(value) ? value : fallback;
}

/** One product as the menu shows it, or null when there is nothing to sell (a variation product without active variants). */
function toMenuProduct(p: ProductRow, variants: readonly VariantRow[], rate: ExchangeRate, deps: Deps): PublicMenuProduct | null {
  if (!isCurrencyCode(p.currency)) return null;
  const currency = p.currency;
  const own = menuPrice(p.sale_cost, p.discount_cost, currency, rate);
  const base = {
    id: p.id,
    name: p.product_name,
    description: p.description,
    image_url: imageUrl(deps, p.image),
    type: p.type,
    currency,
    discount: p.discount_cost,
  };
  if (p.type !== 'variation') {
    return { ...base, ...own, max_price: own.price, max_price_riel: own.price_riel, variants: [] };
  }
  if (!variants.length) return null;
  // Without is_variation_cost every variant sells at the product's own price.
  const priced = variants.map((v) => ({
    id: v.id,
    name: v.name,
    ...(p.is_variation_cost ? menuPrice(v.sale_cost, p.discount_cost, currency, rate) : own),
  }));
  const low = priced.reduce((a, b) => (b.price < a.price ? b : a));
  const high = priced.reduce((a, b) => (b.price > a.price ? b : a));
  return {
    ...base,
    price: low.price,
    price_riel: low.price_riel,
    regular_price: low.regular_price,
    max_price: high.price,
    max_price_riel: high.price_riel,
    variants: priced,
  };
}

/**
 * The public menu of an active shop: its active categories in tree order with their active products, priced in
 * the product's currency and in riel. The platform itself, a shop waiting for activation or a suspended one has
 * no menu (404, as for an unknown address, so the page says the same thing in every case).
 */
export async function getPublicMenu(deps: Deps, slug: string): Promise<PublicMenu> {
  const shop = await findShopBySlug(deps.db, slug);
  if (!shop || shop.status !== 'active' || shop.is_platform) throw menuNotFound();
  const rate = menuRate(shop.exchange_rate);

  const [categories, rows] = await Promise.all([menuCategories(deps.db, shop.id), menuProducts(deps.db, shop.id, MENU_MAX_PRODUCTS + 1)]);
  const truncated = rows.length > MENU_MAX_PRODUCTS;
  const products = rows.slice(0, MENU_MAX_PRODUCTS);
  const variantRows = await menuVariants(
    deps.db,
    shop.id,
    products.filter((p) => p.type === 'variation').map((p) => p.id),
  );
  const variantsOf = new Map<string, VariantRow[]>();
  for (const v of variantRows) pushTo(variantsOf, v.product_id, v);

  const byCategory = new Map<string, PublicMenuProduct[]>();
  const others: PublicMenuProduct[] = [];
  for (const p of products) {
    const item = toMenuProduct(p, variantsOf.get(p.id) ?? [], rate, deps);
    if (!item) continue;
    if (!p.category_id) others.push(item);
    else pushTo(byCategory, p.category_id, item);
  }

  return {
    shop_name: shop.shop_name,
    logo_url: imageUrl(deps, shop.logo),
    currency: currencyOr(shop.currency, 'USD'),
    local_currency: currencyOr(shop.local_currency, 'KHR'),
    exchange_rate: rateText(rate),
    categories: menuSections(categories, byCategory),
    others,
    truncated,
  };
}

/** The owner's QR card: where the shop's menu lives. */
export async function getQrMenu(deps: Deps, ctx: RequestContext): Promise<QrMenu> {
  const shop = await findShopById(deps.db, ctx.businessId);
  if (!shop) throw notFound();
  return {
    slug: shop.slug,
    path: `/menu/${shop.slug}`,
    shop_name: shop.shop_name,
    logo_url: imageUrl(deps, shop.logo),
  };
}
