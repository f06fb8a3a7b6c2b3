import { NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PosServiceCharge } from '@posauto/shared/schemas/pos';
import type { CurrencyCode, ExchangeRate } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import type { Cart, CartTotals as Totals } from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { inRiel, moneyText, rielText } from '../../../components/selling/lib/money-text';
import classes from './pos.module.css';

interface CartTotalsProps {
  cart: Cart;
  totals: Totals;
  currency: CurrencyCode;
  rate: ExchangeRate | null;
  lang: Language;
  serviceCharges: readonly PosServiceCharge[];
}

/**
 * Under the lines: subtotal, the order's discount and coupon, the service charge (chosen here), VAT, the total and
 * the total in riel.
 */
export function CartTotals({ cart, totals, currency, rate, lang, serviceCharges }: CartTotalsProps) {
  const { t } = useTranslation();
  const money = (minor: number) => moneyText(minor, currency, lang);
  const riel = inRiel(totals.total, currency, rate);
  return (
    <div className={classes.totals} data-testid="pos-totals">
      <Row label={t('pos.subtotal')} value={money(totals.subtotal)} />
      {totals.orderDiscount > 0 && <Row label={t('pos.order_discount')} value={`−${money(totals.orderDiscount)}`} />}
      {totals.couponDiscount > 0 && (
        <Row label={t('pos.coupon_line', { code: cart.coupon?.code ?? '' })} value={`−${money(totals.couponDiscount)}`} />
      )}
      {serviceCharges.length > 0 && (
        <ServiceCharge serviceCharges={serviceCharges} chosen={cart.serviceChargeId} amount={money(totals.serviceCharge)} />
      )}
      {totals.tax > 0 && <Row label={t(totals.total === totals.taxableBase ? 'pos.vat_included' : 'pos.vat')} value={money(totals.tax)} />}
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
  );
}

/** The service charge's row: the shop's charges to choose from (or none), and what the chosen one adds. */
function ServiceCharge({
  serviceCharges,
  chosen,
  amount,
}: {
  serviceCharges: readonly PosServiceCharge[];
  chosen: string | null;
  amount: string;
}) {
  const { t } = useTranslation();
  const store = cartStore();
  return (
    <div className={classes.totalRow} style={{ alignItems: 'center' }}>
      <NativeSelect
        aria-label={t('pos.service_charge')}
        size="xs"
        value={chosen ?? ''}
        onChange={(e) => {
          const id = e.currentTarget.value || null;
          store.update((c) => ({ ...c, serviceChargeId: id }));
        }}
        data={[
          { value: '', label: t('pos.no_service_charge') },
          ...serviceCharges.map((s) => ({
            value: s.id,
            label: s.type === 'percentage' ? `${s.name} (${s.value}%)` : s.name,
          })),
        ]}
        data-testid="pos-service"
      />
      <bdi dir="ltr">{amount}</bdi>
    </div>
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
