export { receiptRoutes } from './receipts.routes';
