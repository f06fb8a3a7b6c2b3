export { publicMenuRoutes } from './public-menu.routes';
