export { PosTill, type PosTillProps } from './components/pos-till';
export type { PrintReceipt } from './lib/print-receipt';
export { CART_KEY } from './lib/cart-store';
export { TillStatus } from './components/till-status';
export { useOutbox } from './components/use-outbox';
