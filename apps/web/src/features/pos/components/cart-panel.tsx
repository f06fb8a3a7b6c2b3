import { ActionIcon, Button, CloseButton, NativeSelect, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PosServiceCharge } from '@posauto/shared/schemas/pos';
import { type CurrencyCode, type ExchangeRate, formatPercent, formatQuantity } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { LightTooltip } from '../../../app/shell/light-tooltip';
import { type Cart, type CartTotals, removeLine, selectLine, stepQuantity, unitPrice } from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { inRiel, moneyText, rielText } from '../lib/money-text';
import classes from './pos.module.css';

export function Kbd({ children }: { children: string }) {
  return (
    <span className={classes.kbd} aria-hidden>
      {children}
    </span>
  );
}

interface CartPanelProps {
  cart: Cart;
  totals: CartTotals;
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

export function CartPanel(p: CartPanelProps) {
  const { t } = useTranslation();
  const { cart, totals, currency, lang } = p;
  const store = cartStore();
  const money = (minor: number) => moneyText(minor, currency, lang);
  const riel = inRiel(totals.total, currency, p.rate);
  const empty = cart.lines.length === 0;
  return (
    <section className={classes.cart} data-open={p.open || undefined} aria-label={t('pos.cart')} data-testid="pos-cart">
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
            {cart.customer?.name ?? p.walkInName}
          </Text>
          <Kbd>F4</Kbd>
        </Button>
        <LightTooltip label={t('pos.clear_cart')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            onClick={() => store.clear()}
            disabled={empty}
            aria-label={t('pos.clear_cart')}
            data-testid="pos-clear"
          >
            <IconTrash size={20} />
          </ActionIcon>
        </LightTooltip>
        <CloseButton className={classes.sheetClose} size={44} onClick={p.onClose} aria-label={t('pos.close_cart')} />
      </div>

      {empty ? (
        <Text c="dimmed" ta="center" p="xl" style={{ flex: 1 }}>
          {t('pos.cart_empty')}
        </Text>
      ) : (
        <ul className={classes.lines} data-testid="pos-lines" aria-label={t('pos.lines')}>
          {cart.lines.map((line, i) => {
            const lineTotals = totals.lines[i]!;
            const selected = cart.selected === line.key;
            return (
              <li
                key={line.key}
                className={classes.line}
                data-selected={selected || undefined}
                aria-current={selected || undefined}
                data-testid="pos-line"
                onClick={() => store.update((c) => selectLine(c, line.key))}
              >
                <div style={{ minWidth: 0 }}>
                  <button
                    type="button"
                    onClick={() => p.onEditLine(line.key)}
                    style={{ all: 'unset', cursor: 'pointer', display: 'block' }}
                    className={classes.lineName}
                    aria-label={t('pos.edit_line', { name: line.name })}
                  >
                    {line.name}
                  </button>
                  <div className={classes.lineMeta}>
                    {p.short.has(line.key) && (
                      <Text span c="red" fw={700} size="xs" me={6} data-testid="pos-line-stock">
                        {t('pos.out_of_stock')}
                      </Text>
                    )}
                    <bdi dir="ltr">{money(unitPrice(line))}</bdi>
                    {line.unitName ? ` / ${line.unitName}` : ''}
                    {line.discount &&
                      ` · ${t('pos.discount_short')} ${
                        line.discount.type === 'percentage' ? `${formatPercent(line.discount.value)}%` : money(line.discount.value)
                      }`}
                  </div>
                </div>
                <Text fw={700} size="sm" ta="end" data-testid="pos-line-total">
                  <bdi dir="ltr">{money(lineTotals.net)}</bdi>
                </Text>
                <div className={classes.stepper}>
                  <ActionIcon
                    variant="default"
                    size={44}
                    onClick={(e) => {
                      e.stopPropagation();
                      store.update((c) => stepQuantity(selectLine(c, line.key), line.key, -1));
                    }}
                    disabled={line.quantity <= 1000}
                    aria-label={t('pos.decrease', { name: line.name })}
                  >
                    <IconMinus size={18} />
                  </ActionIcon>
                  <span className={classes.qty} data-testid="pos-line-qty">
                    <bdi dir="ltr">{formatQuantity(line.quantity)}</bdi>
                  </span>
                  <ActionIcon
                    variant="default"
                    size={44}
                    onClick={(e) => {
                      e.stopPropagation();
                      store.update((c) => stepQuantity(selectLine(c, line.key), line.key, 1));
                    }}
                    aria-label={t('pos.increase', { name: line.name })}
                  >
                    <IconPlus size={18} />
                  </ActionIcon>
                </div>
                <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    onClick={(e) => {
                      e.stopPropagation();
                      store.update((c) => removeLine(c, line.key));
                    }}
                    aria-label={t('pos.remove_line', { name: line.name })}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <div className={classes.totals} data-testid="pos-totals">
        <Row label={t('pos.subtotal')} value={money(totals.subtotal)} />
        {totals.orderDiscount > 0 && <Row label={t('pos.order_discount')} value={`−${money(totals.orderDiscount)}`} />}
        {totals.couponDiscount > 0 && (
          <Row label={t('pos.coupon_line', { code: cart.coupon?.code ?? '' })} value={`−${money(totals.couponDiscount)}`} />
        )}
        {p.serviceCharges.length > 0 && (
          <div className={classes.totalRow} style={{ alignItems: 'center' }}>
            <NativeSelect
              aria-label={t('pos.service_charge')}
              size="xs"
              value={cart.serviceChargeId ?? ''}
              onChange={(e) => {
                const id = e.currentTarget.value || null;
                store.update((c) => ({ ...c, serviceChargeId: id }));
              }}
              data={[
                { value: '', label: t('pos.no_service_charge') },
                ...p.serviceCharges.map((s) => ({
                  value: s.id,
                  label: s.type === 'percentage' ? `${s.name} (${s.value}%)` : s.name,
                })),
              ]}
              data-testid="pos-service"
            />
            <bdi dir="ltr">{money(totals.serviceCharge)}</bdi>
          </div>
        )}
        {totals.tax > 0 && (
          <Row label={t(totals.total === totals.taxableBase ? 'pos.vat_included' : 'pos.vat')} value={money(totals.tax)} />
        )}
        <div className={classes.grandTotal}>
          <span>{t('pos.total')}</span>
          <bdi dir="ltr" data-testid="pos-total">
            {money(totals.total)}
          </bdi>
        </div>
        {riel !== null && (
          <div className={classes.totalRow}>
            <span />
            <Text c="dimmed" fw={600}>
              <bdi dir="ltr" data-testid="pos-total-riel">
                {rielText(riel, lang)}
              </bdi>
            </Text>
          </div>
        )}
      </div>

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
          <bdi dir="ltr">{money(totals.total)}</bdi>
          <Kbd>F12</Kbd>
        </Button>
      </div>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.totalRow}>
      <span>{label}</span>
      <bdi dir="ltr">{value}</bdi>
    </div>
  );
}

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
