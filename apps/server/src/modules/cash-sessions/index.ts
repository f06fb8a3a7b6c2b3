export { cashSessionRoutes } from './cash-sessions.routes';
