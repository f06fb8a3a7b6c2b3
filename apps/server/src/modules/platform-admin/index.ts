export { platformAdminRoutes } from './platform-admin.routes';
