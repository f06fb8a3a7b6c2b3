export { stockNotificationRoutes } from './stock-notifications.routes';
export { stockNotificationsService, stockLevelOf } from './stock-notifications.service';
