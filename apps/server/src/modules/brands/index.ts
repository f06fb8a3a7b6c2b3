export { brandRoutes } from './brands.routes';
export { brandsService, BRAND_COUNTER } from './brands.service';
