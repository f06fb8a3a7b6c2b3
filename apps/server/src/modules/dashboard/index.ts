export { dashboardRoutes } from './dashboard.routes';
export { getDashboard, summarise } from './dashboard.service';
