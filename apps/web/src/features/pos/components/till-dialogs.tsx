// The dialogs over the till, each loaded the first time it opens (till-lazy.tsx).
import type { PosCatalogue, PosProduct, PosVariant } from '@posauto/shared/schemas/pos';
import type { ChangeIn, SalePaymentInput } from '@posauto/shared/schemas/sales';
import type { CurrencyCode, ExchangeRate } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import type { Cart, CartTotals } from '../lib/cart';
import type { CashAmounts } from '../../../components/selling/lib/payment';
import type { PrintReceipt } from '../lib/print-receipt';
import type { SendState } from './use-sale-sender';
import {
  CustomerDialog,
  HeldCartsDialog,
  LazyPart,
  LineDialog,
  NoRateDialog,
  OrderDiscountDialog,
  PaymentDialog,
  SaleDone,
  VariantPicker,
  WhenOpened,
} from './till-lazy';
import type { TillDialogs } from './use-till-dialogs';

interface CartDialogsProps {
  dialogs: TillDialogs;
  catalogue: PosCatalogue;
  productsById: ReadonlyMap<string, PosProduct>;
  cart: Cart;
  subtotal: number;
  currency: CurrencyCode;
  lang: Language;
  walkInName: string;
  addProduct: (product: PosProduct, variant: PosVariant | null) => void;
  onResume: (heldId: string) => void;
  /** The held cart being resumed, if one is. */
  resuming: string | null;
}

/** The dialogs that change the cart: a variant to pick, a line to edit, the customer, the order's discount, held carts. */
export function CartDialogs({ dialogs: d, catalogue, productsById, cart, currency, lang, ...p }: CartDialogsProps) {
  const editingLine = d.editing ? (cart.lines.find((l) => l.key === d.editing) ?? null) : null;
  const close = () => d.setDialog(null);
  return (
    <>
      <WhenOpened open={d.variantsOf !== null}>
        <VariantPicker
          product={d.variantsOf}
          onClose={() => d.setVariantsOf(null)}
          onPick={(product, variant) => {
            d.setVariantsOf(null);
            p.addProduct(product, variant);
          }}
          currency={currency}
          lang={lang}
        />
      </WhenOpened>
      <WhenOpened open={editingLine !== null}>
        <LineDialog
          line={editingLine}
          product={editingLine ? (productsById.get(editingLine.productId) ?? null) : null}
          onClose={() => d.setEditing(null)}
          editPrice={catalogue.settings.edit_cost}
          inlineDiscount={catalogue.settings.inline_discount}
          currency={currency}
        />
      </WhenOpened>
      <WhenOpened open={d.dialog === 'customer'}>
        <CustomerDialog opened={d.dialog === 'customer'} onClose={close} walkInName={p.walkInName} />
      </WhenOpened>
      <WhenOpened open={d.dialog === 'discount'}>
        <OrderDiscountDialog opened={d.dialog === 'discount'} onClose={close} cart={cart} subtotal={p.subtotal} currency={currency} />
      </WhenOpened>
      <WhenOpened open={d.dialog === 'held'}>
        <HeldCartsDialog opened={d.dialog === 'held'} onClose={close} onResume={p.onResume} resuming={p.resuming} lang={lang} />
      </WhenOpened>
    </>
  );
}

interface PaymentPartsProps {
  dialogs: TillDialogs;
  catalogue: PosCatalogue;
  cart: Cart;
  totals: CartTotals;
  currency: CurrencyCode;
  rate: ExchangeRate | null;
  lang: Language;
  drawer: CashAmounts | null;
  /** Names of the cart's items the branch does not hold enough of. */
  short: readonly string[];
  sendState: SendState;
  onPay: (payments: SalePaymentInput[], changeIn: ChangeIn, change: { usd: number; khr: number }) => void;
  onApprove: (email: string, password: string) => Promise<void>;
  onClosePay: () => void;
  printReceipt: PrintReceipt | undefined;
  onNewSale: () => void;
}

/**
 * The payment (mounted while open or while a sale is on its way), the refusal to take one without an exchange rate,
 * and the sale-done panel.
 */
export function PaymentParts({ dialogs: d, catalogue, rate, lang, ...p }: PaymentPartsProps) {
  return (
    <>
      {(d.dialog === 'pay' || p.sendState.kind !== 'idle') && rate && (
        <LazyPart>
          <PaymentDialog
            opened={d.dialog === 'pay'}
            onClose={p.onClosePay}
            total={p.totals.total}
            currency={p.currency}
            rate={rate}
            methods={catalogue.payment_methods}
            defaultMethodId={catalogue.sale_settings.default_payment_method_id}
            walkIn={p.cart.customer === null}
            lang={lang}
            state={p.sendState}
            drawer={p.drawer}
            short={p.short}
            onPay={p.onPay}
            onApprove={p.onApprove}
          />
        </LazyPart>
      )}
      {d.dialog === 'pay' && !rate && (
        <LazyPart>
          <NoRateDialog onClose={() => d.setDialog(null)} />
        </LazyPart>
      )}
      <WhenOpened open={d.done !== null}>
        <SaleDone sale={d.done} onNew={p.onNewSale} printReceipt={p.printReceipt} lang={lang} />
      </WhenOpened>
    </>
  );
}
