export { stockNotificationRoutes } from './stock-notifications.routes';
export { stockNotificationsService, stockLevelOf } from './stock-notifications.service';
export { publishStockAlert, STOCK_ALERTS } from './stock-alerts';
export { stockAlertStreamRoutes, stockAlertBusOf } from './stock-notifications.stream';
