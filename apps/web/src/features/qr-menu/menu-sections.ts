import type { PublicMenu, PublicMenuProduct } from '@posauto/shared/schemas/public-menu';

/** A section of the page: a category, or the products without one (`id` OTHERS, named by the page). */
export interface MenuSectionView {
  id: string;
  name: string | null;
  parentName: string | null;
  products: PublicMenuProduct[];
}

export const OTHERS = 'others';

/** Lower case without Latin accents, so "cafe" finds "Café"; other scripts are only lower-cased. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase()
    .trim();
}

function matches(p: PublicMenuProduct, needle: string): boolean {
  if (normalise(p.name).includes(needle)) return true;
  if (p.description && normalise(p.description).includes(needle)) return true;
  return p.variants.some((v) => normalise(v.name).includes(needle));
}

/**
 * The page's sections, keeping only the products whose name, description or variant names contain the search
 * term (all of them without one), and only sections with something left. A category whose name matches keeps
 * all its products: searching "coffee" shows the coffee section.
 */
export function menuSections(menu: PublicMenu, term: string): MenuSectionView[] {
  const all: MenuSectionView[] = [
    ...menu.categories.map((c) => ({ id: c.id, name: c.name, parentName: c.parent_name, products: c.products })),
    ...(menu.others.length ? [{ id: OTHERS, name: null, parentName: null, products: menu.others }] : []),
  ];
  const needle = normalise(term);
  if (!needle) return all;
  return all
    .map((s) => (s.name && normalise(s.name).includes(needle) ? s : { ...s, products: s.products.filter((p) => matches(p, needle)) }))
    .filter((s) => s.products.length > 0);
}
