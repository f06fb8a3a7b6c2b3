export { globalSearchRoutes } from './global-search.routes';
export { globalSearch, MAX_PER_PROVIDER, MAX_RESULTS } from './global-search.service';
export type { RecordSearchProvider, RecordSearchProviderFactory } from './global-search.providers';
