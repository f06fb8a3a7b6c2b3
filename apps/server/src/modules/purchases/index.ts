export { purchaseRoutes } from './purchases.routes';
export { postPurchase } from './purchases.service';
export { postPurchaseReturn } from './purchase-returns.service';
