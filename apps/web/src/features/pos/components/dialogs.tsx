// The till's dialogs, one file each, loaded together as one chunk when the cashier first touches the screen or opens
// one (till-lazy.tsx loadDialogs): the till's first load stays light.
export { parseDiscountText } from './dialog-parts';
export { VariantPicker } from '../../../components/selling/variant-picker';
export { LineDialog } from './line-dialog';
export { OrderDiscountDialog } from './order-discount-dialog';
export { CustomerDialog } from './customer-dialog';
export { HeldCartsDialog } from './held-carts-dialog';
