import { MAIN_MENU, SETTINGS_MENU, type MenuItem } from '@posauto/shared/menu';

const covers = (to: string, pathname: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));
const ALL_LINKS: string[] = [];
const collect = (items: readonly MenuItem[]) => items.forEach((i) => (i.to ? ALL_LINKS.push(i.to) : collect(i.children ?? [])));
collect([...MAIN_MENU, ...SETTINGS_MENU]);

/** The menu link a path belongs to: the longest one covering it (/product-listing/create-product is not also /product-listing). */
function bestLink(pathname: string): string | undefined {
  return ALL_LINKS.filter((to) => covers(to, pathname)).sort((a, b) => b.length - a.length)[0];
}

export function isActive(item: MenuItem, pathname: string): boolean {
  if (item.to) return covers(item.to, pathname) && bestLink(pathname) === item.to;
  return (item.children ?? []).some((c) => isActive(c, pathname));
}
