export { PosTill, type PosTillProps, type PrintReceipt } from './components/pos-till';
export { CART_KEY } from './lib/cart-store';
