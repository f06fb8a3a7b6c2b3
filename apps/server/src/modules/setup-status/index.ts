export { setupStatusRoutes } from './setup-status.routes';
export { getSetupStatus } from './setup-status.service';
