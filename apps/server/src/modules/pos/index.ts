export { posRoutes } from './pos.routes';
