export { settingsRoutes } from './settings.routes';
// The one reader of a shop's settings lives in the kernel (the report kit needs it); modules ask for it here.
export { DEFAULT_RATE, shopSettings, shopTimeZone, shopToday, type ShopSettings } from '../../kernel/shop-settings';
export { shopCurrency, shopPeriod } from './shop-reads';
