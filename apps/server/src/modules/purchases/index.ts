export { purchaseRoutes } from './purchases.routes';
export { postPurchase } from './purchase-write';
export { postPurchaseReturn } from './purchase-returns.service';
