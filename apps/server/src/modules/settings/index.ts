export { settingsRoutes } from './settings.routes';
