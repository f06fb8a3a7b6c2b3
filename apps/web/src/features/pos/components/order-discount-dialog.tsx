import { useEffect, useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CurrencyCode, type Discount, parsePercent } from '@posauto/shared/money/index';
import { ApiError } from '../../../lib/api-client';
import { checkCoupon } from '../api/pos-dialog-api';
import { type Cart, moneyMinor } from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { CancelApply, parseDiscountText, discountText, DiscountFields } from './dialog-parts';

export function OrderDiscountDialog({
  opened,
  onClose,
  cart,
  subtotal,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  cart: Cart;
  subtotal: number;
  currency: CurrencyCode;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<'percentage' | 'fixed'>('percentage');
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setType(cart.discount?.type ?? 'percentage');
    setValue(discountText(cart.discount, currency));
    setCode(cart.coupon?.code ?? '');
    setError(null);
    setCouponError(null);
    // Only when the dialog opens: the fields then belong to the cashier.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const apply = async () => {
    setError(null);
    setCouponError(null);
    const parsed = parseDiscountText(type, value, currency, subtotal);
    if (parsed.error) {
      setError(t(parsed.error));
      return;
    }
    const store = cartStore();
    const c = code.trim();
    if (c && c.toUpperCase() !== cart.coupon?.code) {
      setChecking(true);
      try {
        const coupon = await checkCoupon(c);
        const discount: Discount =
          coupon.discount_type === 'percent'
            ? { type: 'percentage', value: parsePercent(coupon.discount_value) }
            : { type: 'fixed', value: moneyMinor(coupon.discount_value, currency) };
        store.update((x) => ({ ...x, coupon: { code: coupon.code, discount } }));
      } catch (e) {
        setCouponError(e instanceof ApiError ? e.message : t('errors.internal'));
        setChecking(false);
        return;
      }
      setChecking(false);
    } else if (!c) {
      store.update((x) => ({ ...x, coupon: null }));
    }
    store.update((x) => ({ ...x, discount: parsed.discount }));
    onClose();
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('pos.close') }} opened={opened} onClose={onClose} title={t('pos.order_discount')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        <Stack>
          <DiscountFields
            type={type}
            onType={setType}
            value={value}
            onValue={setValue}
            error={error ?? undefined}
            currency={currency}
            autofocus
          />
          <TextInput
            label={t('pos.coupon_code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={couponError}
            autoCapitalize="characters"
            data-testid="pos-coupon"
            size="md"
          />
          <CancelApply onCancel={onClose} applying={checking} applyTestId="pos-discount-apply" />
        </Stack>
      </form>
    </Modal>
  );
}
