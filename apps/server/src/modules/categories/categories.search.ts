import type { Deps } from '../../deps';
import type { RecordSearchProvider } from '../global-search/index';
import * as repo from './categories.repo';

/** Categories in the global search: a hit opens the category list filtered by its name. */
export function categorySearchProvider(deps: Deps): RecordSearchProvider {
  return {
    permission: 'category-management',
    async search(ctx, q, limit, t) {
      const names = await repo.searchCategoryNames(deps.db, deps.kind, ctx.businessId, q, limit);
      return names.map((name) => ({
        title: name,
        subtitle: t('category.singular'),
        icon: 'category',
        to: `/category-listing?search=${encodeURIComponent(name)}`,
      }));
    },
  };
}
