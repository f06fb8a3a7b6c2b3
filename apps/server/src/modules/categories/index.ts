export { categoryRoutes } from './categories.routes';
export { categoriesService, CATEGORY_COUNTER } from './categories.service';
export { categorySearchProvider } from './categories.search';
