import { useEffect, useState } from 'react';
import { Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PosProduct } from '@posauto/shared/schemas/pos';
import {
  type CurrencyCode,
  type Discount,
  decimalTextWithin,
  formatDecimal,
  formatQuantity,
  LIMIT_MESSAGES,
  NUMBER_LIMITS,
  parseDecimal,
  QTY_SCALE,
} from '@posauto/shared/money/index';
import { type CartLine, MAX_LINE_QUANTITY, setLineDiscount, setLinePrice, setQuantity, setUnit } from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { CancelApply, decimals, parseDiscountText, discountText, DiscountFields } from './dialog-parts';

export function LineDialog({
  line,
  product,
  onClose,
  editPrice,
  inlineDiscount,
  currency,
}: {
  line: CartLine | null;
  product: PosProduct | null;
  onClose: () => void;
  editPrice: boolean;
  inlineDiscount: boolean;
  currency: CurrencyCode;
}) {
  const { t } = useTranslation();
  const [qty, setQty] = useState('');
  const [unitId, setUnitId] = useState('');
  const [price, setPrice] = useState('');
  const [discType, setDiscType] = useState<'percentage' | 'fixed'>('percentage');
  const [disc, setDisc] = useState('');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  useEffect(() => {
    if (!line) return;
    setQty(formatQuantity(line.quantity));
    setUnitId(line.unitId ?? '');
    setPrice(line.priceOverride === null ? '' : formatDecimal(line.priceOverride, decimals(currency)));
    setDiscType(line.discount?.type ?? 'percentage');
    setDisc(discountText(line.discount, currency));
    setError(null);
  }, [line, currency]);

  const save = () => {
    if (!line) return;
    const q = qty.trim();
    if (!/^\d{1,6}(\.\d{1,3})?$/.test(q) || Number(q) <= 0 || Number(q) * QTY_SCALE > MAX_LINE_QUANTITY) {
      setError({ field: 'qty', message: t('pos.quantity_invalid') });
      return;
    }
    let priceMinor: number | null = null;
    if (editPrice && price.trim() !== '') {
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(price.trim())) {
        setError({ field: 'price', message: t('pos.invalid_amount') });
        return;
      }
      if (!decimalTextWithin(price.trim(), NUMBER_LIMITS.price)) {
        setError({ field: 'price', message: t(LIMIT_MESSAGES.price) });
        return;
      }
      priceMinor = parseDecimal(price.trim(), decimals(currency));
    }
    let discount: Discount | null = line.discount;
    if (inlineDiscount) {
      const parsed = parseDiscountText(discType, disc, currency, Number.MAX_SAFE_INTEGER);
      if (parsed.error) {
        setError({ field: 'disc', message: t(parsed.error) });
        return;
      }
      discount = parsed.discount;
    }
    const store = cartStore();
    let key = line.key;
    const unit = product?.units.find((u) => u.id === unitId);
    if (unit && unit.id !== line.unitId) {
      store.update((c) => setUnit(c, line.key, unit));
      key = store.get().selected ?? key;
    }
    store.update((c) => setQuantity(c, key, Math.round(Number(q) * QTY_SCALE)));
    if (editPrice) store.update((c) => setLinePrice(c, key, priceMinor));
    if (inlineDiscount) store.update((c) => setLineDiscount(c, key, discount));
    onClose();
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('pos.close') }} opened={line !== null} onClose={onClose} title={line?.name ?? ''} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack>
          <TextInput
            label={t('pos.quantity')}
            value={qty}
            onChange={(e) => setQty(e.currentTarget.value)}
            inputMode="decimal"
            data-autofocus
            error={error?.field === 'qty' ? error.message : undefined}
            data-testid="pos-line-quantity"
            size="md"
          />
          {product && product.units.length > 1 && (
            <NativeSelect
              label={t('pos.unit')}
              value={unitId}
              onChange={(e) => setUnitId(e.currentTarget.value)}
              data={product.units.map((u) => ({ value: u.id, label: u.name }))}
              size="md"
            />
          )}
          {editPrice && (
            <TextInput
              label={t('pos.unit_price')}
              description={t('pos.unit_price_hint')}
              value={price}
              onChange={(e) => setPrice(e.currentTarget.value)}
              inputMode="decimal"
              error={error?.field === 'price' ? error.message : undefined}
              size="md"
            />
          )}
          {inlineDiscount && (
            <DiscountFields
              type={discType}
              onType={setDiscType}
              value={disc}
              onValue={setDisc}
              error={error?.field === 'disc' ? error.message : undefined}
              currency={currency}
            />
          )}
          <CancelApply onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
