export { settingsRoutes } from './settings.routes';
export { DEFAULT_RATE, shopSettings, shopTimeZone, shopToday, type ShopSettings } from './shop-settings';
