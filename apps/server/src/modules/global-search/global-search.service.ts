import { APP_ROUTES, canOpen, type AppRoute } from '@posauto/shared/routes';
import type { GlobalSearchResult } from '@posauto/shared/schemas/shell';
import type { RequestContext } from '../../http/context';
import { translate, type Language } from '../../lib/i18n';
import type { RecordSearchProvider } from './global-search.providers';

export const MAX_RESULTS = 20;
export const MAX_PER_PROVIDER = 8;

const fold = (s: string) => s.normalize('NFC').toLowerCase();

/** A page title in a language; a missing translation reads as the English title, never as its key. */
function pageTitle(lang: Language, route: AppRoute): string {
  const key = `pages.${route.name}`;
  const title = translate(lang, key);
  return title === key ? translate('en', key) : title;
}

/**
 * Pages the caller may open whose title (in their language or in English) contains `q`, those starting with
 * it first; then records from each provider whose permission the caller holds. Capped at MAX_RESULTS.
 */
export async function globalSearch(
  providers: readonly RecordSearchProvider[],
  ctx: RequestContext,
  lang: Language,
  q: string,
): Promise<GlobalSearchResult[]> {
  const term = fold(q.trim());
  if (!term) return [];
  const t = (key: string) => translate(lang, key);

  const pages = APP_ROUTES.filter((r) => r.searchable && canOpen(r, ctx.permissions))
    .map((route) => ({ route, title: pageTitle(lang, route), english: translate('en', `pages.${route.name}`) }))
    .filter((p) => fold(p.title).includes(term) || fold(p.english).includes(term))
    .map((p) => ({ ...p, starts: fold(p.title).startsWith(term) || fold(p.english).startsWith(term) }))
    .sort((a, b) => Number(b.starts) - Number(a.starts));
  const results: GlobalSearchResult[] = pages.map((p) => ({
    title: p.title,
    subtitle: t('search.page_subtitle'),
    icon: 'file',
    to: p.route.path,
  }));

  for (const provider of providers) {
    const room = Math.min(MAX_PER_PROVIDER, MAX_RESULTS - results.length);
    if (room <= 0) break;
    if (!ctx.permissions.has(provider.permission)) continue;
    results.push(...(await provider.search(ctx, q.trim(), room, t)).slice(0, room));
  }
  return results.slice(0, MAX_RESULTS);
}
