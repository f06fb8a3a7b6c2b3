export { globalSearchRoutes } from './global-search.routes';
export { globalSearch, MAX_PER_PROVIDER, MAX_RESULTS } from './global-search.service';
export { recordSearchProviders, type RecordSearchProvider } from './global-search.providers';
