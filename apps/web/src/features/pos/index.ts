export { PosTill, type PosTillProps } from './components/pos-till';
export type { PrintReceipt } from './lib/print-receipt';
export { CART_KEY } from './lib/cart-store';
