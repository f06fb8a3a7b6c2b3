// What the till's dialogs share: discounts typed as text, the discount fields, Cancel and Apply, a list row.
import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CurrencyCode, type Discount, formatDecimal, formatPercent, parseDecimal, parsePercent } from '@posauto/shared/money/index';

export const decimals = (c: CurrencyCode) => (c === 'KHR' ? 0 : 2);

/** A discount typed as text: percent 0 to 100 ('Between 0 to 100'), or money not above `max`. */
export function parseDiscountText(
  type: 'percentage' | 'fixed',
  text: string,
  currency: CurrencyCode,
  max: number,
): { discount: Discount | null; error: string | null } {
  const v = text.trim();
  if (v === '') return { discount: null, error: null };
  if (type === 'percentage') {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(v)) return { discount: null, error: 'validation.discount_range' };
    const value = parsePercent(v);
    if (value > 10_000) return { discount: null, error: 'validation.discount_range' };
    return { discount: value === 0 ? null : { type, value }, error: null };
  }
  if (!(currency === 'KHR' ? /^\d{1,12}$/ : /^\d{1,10}(\.\d{1,2})?$/).test(v)) return { discount: null, error: 'pos.invalid_amount' };
  const value = parseDecimal(v, decimals(currency));
  if (value > max) return { discount: null, error: 'pos.discount_over_total' };
  return { discount: value === 0 ? null : { type, value }, error: null };
}

export function discountText(d: Discount | null, currency: CurrencyCode): string {
  if (!d) return '';
  return d.type === 'percentage' ? formatPercent(d.value).replace(/\.00$/, '') : formatDecimal(d.value, decimals(currency));
}

export function DiscountFields({
  type,
  onType,
  value,
  onValue,
  error,
  currency,
  label,
  autofocus,
}: {
  type: 'percentage' | 'fixed';
  onType: (t: 'percentage' | 'fixed') => void;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  currency: CurrencyCode;
  label?: string;
  /** The dialog opens with the focus here (the order discount: type a number, Enter). */
  autofocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <SegmentedControl
        value={type}
        onChange={(v) => onType(v as 'percentage' | 'fixed')}
        data={[
          { value: 'percentage', label: t('pos.percent') },
          { value: 'fixed', label: t('pos.fixed', { currency }) },
        ]}
        aria-label={t('pos.discount_type')}
      />
      <TextInput
        label={label ?? t('pos.discount')}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        inputMode="decimal"
        rightSection={<span aria-hidden>{type === 'percentage' ? '%' : currency === 'KHR' ? '៛' : '$'}</span>}
        error={error}
        data-autofocus={autofocus || undefined}
        data-testid="pos-discount-value"
        size="md"
      />
    </Stack>
  );
}

/** A form dialog's Cancel and Apply (its submit button). */
export function CancelApply({ onCancel, applying, applyTestId }: { onCancel: () => void; applying?: boolean; applyTestId?: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} h={44}>
        {t('pos.cancel')}
      </Button>
      <Button type="submit" h={44} loading={applying} data-testid={applyTestId}>
        {t('pos.apply')}
      </Button>
    </Group>
  );
}

/** A row of a dialog's list (customers, held carts). */
export const rowStyle = { borderRadius: 8, border: '1px solid var(--mantine-color-default-border)' } as const;

export const isMoney = (c: string): c is CurrencyCode => c === 'USD' || c === 'KHR';
