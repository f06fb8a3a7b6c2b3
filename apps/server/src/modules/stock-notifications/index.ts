export { stockNotificationRoutes } from './stock-notifications.routes';
export { stockNotificationsService, stockLevelOf } from './stock-notifications.service';
export { publishStockAlert, STOCK_ALERT_CHANNEL } from './stock-alert-bus';
export { stockAlertStreamRoutes, stockAlertBusOf } from './stock-notifications.stream';
