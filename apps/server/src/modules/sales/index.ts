export { saleRoutes } from './sales.routes';
