export { saleSettingsRoutes } from './sale-settings.routes';
export { saleSettingsService, assertNotDefaultPaymentMethod } from './sale-settings.service';
