import { ActionIcon, Button, CloseButton, Text } from '@mantine/core';
import { IconTrash, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PosServiceCharge } from '@posauto/shared/schemas/pos';
import type { CurrencyCode, ExchangeRate } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { LightTooltip } from '../../../components/light-tooltip';
import type { Cart, CartTotals as Totals } from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { moneyText } from '../../../components/selling/lib/money-text';
import { CartLines } from './cart-lines';
import { CartTotals } from './cart-totals';
import { Kbd } from '../../../components/selling/kbd';
import classes from './pos.module.css';

interface CartPanelProps {
  cart: Cart;
  totals: Totals;
  currency: CurrencyCode;
  rate: ExchangeRate | null;
  lang: Language;
  walkInName: string;
  serviceCharges: readonly PosServiceCharge[];
  open: boolean;
  onClose: () => void;
  onCustomer: () => void;
  onDiscount: () => void;
  onHold: () => void;
  onResume: () => void;
  onEditLine: (key: string) => void;
  onPay: () => void;
  holding: boolean;
  /** Lines the branch does not hold enough of: marked out of stock. */
  short: ReadonlySet<string>;
}

/** The cart beside the catalogue (a sheet over it in portrait): customer, lines, totals, the cart's actions and Pay. */
export function CartPanel(p: CartPanelProps) {
  const { t } = useTranslation();
  const { cart, totals, currency, lang } = p;
  const empty = cart.lines.length === 0;
  return (
    <section className={classes.cart} data-open={p.open || undefined} aria-label={t('pos.cart')} data-testid="pos-cart">
      <CartHead customerName={cart.customer?.name ?? p.walkInName} empty={empty} onCustomer={p.onCustomer} onClose={p.onClose} />
      <CartLines cart={cart} totals={totals} currency={currency} lang={lang} onEditLine={p.onEditLine} short={p.short} />
      <CartTotals cart={cart} totals={totals} currency={currency} rate={p.rate} lang={lang} serviceCharges={p.serviceCharges} />
      <div className={classes.actions}>
        <Button variant="default" h={48} px={4} onClick={p.onDiscount} disabled={empty} data-testid="pos-discount">
          <Stack2 label={t('pos.discount')} kbd="F9" />
        </Button>
        <Button variant="default" h={48} px={4} onClick={p.onHold} disabled={empty} loading={p.holding} data-testid="pos-hold">
          <Stack2 label={t('pos.hold')} kbd="F8" />
        </Button>
        <Button variant="default" h={48} px={4} onClick={p.onResume} data-testid="pos-resume" style={{ gridColumn: 'span 2' }}>
          <Stack2 label={t('pos.held_carts')} kbd="F7" />
        </Button>
      </div>
      <div className={classes.payRow}>
        <Button fullWidth size="xl" h={60} onClick={p.onPay} disabled={empty} data-testid="pos-pay">
          {t('pos.pay')}&nbsp;
          <bdi dir="ltr">{moneyText(totals.total, currency, lang)}</bdi>
          <Kbd>F12</Kbd>
        </Button>
      </div>
    </section>
  );
}

/** The cart's head: the customer (F4 changes it), clearing the cart, and closing the sheet (portrait). */
function CartHead(p: { customerName: string; empty: boolean; onCustomer: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const store = cartStore();
  return (
    <div className={classes.cartHead}>
      <Button
        variant="light"
        leftSection={<IconUser size={18} />}
        onClick={p.onCustomer}
        style={{ flex: 1, minWidth: 0 }}
        h={44}
        justify="start"
        data-testid="pos-customer"
      >
        <Text span truncate size="sm">
          {p.customerName}
        </Text>
        <Kbd>F4</Kbd>
      </Button>
      <LightTooltip label={t('pos.clear_cart')}>
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          onClick={() => store.clear()}
          disabled={p.empty}
          aria-label={t('pos.clear_cart')}
          data-testid="pos-clear"
        >
          <IconTrash size={20} />
        </ActionIcon>
      </LightTooltip>
      <CloseButton className={classes.sheetClose} size={44} onClick={p.onClose} aria-label={t('pos.close_cart')} />
    </div>
  );
}

/** A cart action's label over its key. */
function Stack2({ label, kbd }: { label: string; kbd: string }) {
  return (
    <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', lineHeight: 1.15, whiteSpace: 'normal' }}>
      <span style={{ fontSize: 13 }}>{label}</span>
      <span className={classes.kbd} style={{ marginInlineStart: 0 }} aria-hidden>
        {kbd}
      </span>
    </span>
  );
}
