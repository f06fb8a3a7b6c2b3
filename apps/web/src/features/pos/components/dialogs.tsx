import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Modal, NativeSelect, SegmentedControl, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PosProduct, PosVariant } from '@posauto/shared/schemas/pos';
import {
  type CurrencyCode,
  type Discount,
  decimalTextWithin,
  formatDecimal,
  formatPercent,
  formatQuantity,
  LIMIT_MESSAGES,
  NUMBER_LIMITS,
  parseDecimal,
  parsePercent,
  QTY_SCALE,
} from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { ApiError } from '../../../lib/api-client';
import { loadModuleTranslations } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { unwrap } from '../api/pos-api';
import { checkCoupon, useAddPosCustomer, useHeldCarts, usePosCustomers } from '../api/pos-dialog-api';
import { type Cart, type CartLine, MAX_LINE_QUANTITY, moneyMinor, setLineDiscount, setLinePrice, setQuantity, setUnit } from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { moneyText } from '../lib/money-text';
import { asksByVariation, nextQuestion } from '../lib/variant-steps';
import classes from './pos.module.css';

const decimals = (c: CurrencyCode) => (c === 'KHR' ? 0 : 2);

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

function discountText(d: Discount | null, currency: CurrencyCode): string {
  if (!d) return '';
  return d.type === 'percentage' ? formatPercent(d.value).replace(/\.00$/, '') : formatDecimal(d.value, decimals(currency));
}

// --- Variants -----------------------------------------------------------------------------------------------------

/**
 * Picks a variant by asking one question per variation (Size, then Sugar), each value a large button; the last answer
 * adds the variant. Keys: Tab and Enter, or the digit shown on a value; Backspace goes back a question. Variants whose
 * values the catalogue does not name are listed by name instead.
 */
export function VariantPicker({
  product,
  onPick,
  onClose,
  currency,
  lang,
}: {
  product: PosProduct | null;
  onPick: (p: PosProduct, v: PosVariant) => void;
  onClose: () => void;
  currency: CurrencyCode;
  lang: Language;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => setChosen([]), [product]);
  const grid = useRef<HTMLDivElement>(null);
  // Each question (the first one too, once the modal is in) starts with the focus on its first value.
  useEffect(() => grid.current?.querySelector('button')?.focus(), [chosen]);
  const price = (variants: readonly PosVariant[]) => {
    const prices = variants.map((v) => safeMinor(v.price, currency));
    const [low, high] = [Math.min(...prices), Math.max(...prices)];
    return low === high ? moneyText(low, currency, lang) : `${moneyText(low, currency, lang)} – ${moneyText(high, currency, lang)}`;
  };
  const stepwise = product !== null && asksByVariation(product);
  const question = stepwise ? nextQuestion(product, chosen) : null;
  // One button per choice: a value of the question asked, or (listed by name) a variant.
  const choices = question
    ? question.choices.map((c) => ({ key: c.value.id, label: c.value.name, variants: c.variants }))
    : (product?.variants ?? []).map((v) => ({ key: v.id, label: v.name, variants: [v] }));
  const choose = (i: number) => {
    const c = choices[i];
    if (!product || !c) return;
    if (question && chosen.length + 1 < product.variations.length) setChosen([...chosen, c.key]);
    else onPick(product, c.variants[0]!);
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('pos.close') }}
      opened={product !== null}
      onClose={onClose}
      title={product?.name ?? ''}
      centered
      size="md"
    >
      <Stack
        gap="sm"
        data-testid="pos-variants"
        onKeyDown={(e) => {
          if (/^[1-9]$/.test(e.key) && choices[Number(e.key) - 1]) {
            e.preventDefault();
            choose(Number(e.key) - 1);
          } else if (e.key === 'Backspace' && chosen.length > 0) {
            e.preventDefault();
            setChosen(chosen.slice(0, -1));
          }
        }}
      >
        {stepwise && chosen.length > 0 && (
          <Group gap={6}>
            {/* The answers so far: a tap asks that question again. */}
            {chosen.map((id, i) => (
              <Button key={id} variant="light" size="compact-md" h={44} onClick={() => setChosen(chosen.slice(0, i))}>
                {product.variations[i]!.name}: {product.variations[i]!.values.find((x) => x.id === id)?.name}
              </Button>
            ))}
          </Group>
        )}
        {question && (
          <Title order={3} size="h4">
            {question.variation.name}
          </Title>
        )}
        <div ref={grid} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}>
          {choices.map((c, i) => {
            const last = c.variants.length === 1 && (!question || chosen.length + 1 === product?.variations.length);
            const out = last && c.variants[0]!.on_hand !== null && Number(c.variants[0]!.on_hand) <= 0;
            return (
              <Button
                key={c.key}
                variant="default"
                h="auto"
                mih={56}
                py={8}
                onClick={() => choose(i)}
                data-autofocus={i === 0 || undefined}
                data-testid="pos-variant-choice"
                styles={{ label: { whiteSpace: 'normal', flexDirection: 'column' } }}
              >
                <span>
                  {i < 9 && (
                    <span className={classes.kbd} style={{ marginInlineStart: 0, marginInlineEnd: 6 }} aria-hidden>
                      {i + 1}
                    </span>
                  )}
                  {c.label}
                </span>
                <bdi dir="ltr" style={{ fontWeight: 700 }}>
                  {price(c.variants)}
                </bdi>
                {out && (
                  <Text span size="xs" c="red" fw={700}>
                    {t('pos.out_of_stock')}
                  </Text>
                )}
              </Button>
            );
          })}
        </div>
        <Text size="xs" c="dimmed">
          {t('pos.variant_hint')}
        </Text>
      </Stack>
    </Modal>
  );
}

function safeMinor(text: string, currency: CurrencyCode): number {
  try {
    return moneyMinor(text, currency);
  } catch {
    return 0;
  }
}

// --- One line: quantity, unit, price, discount ------------------------------------------------------------------

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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} h={44}>
              {t('pos.cancel')}
            </Button>
            <Button type="submit" h={44}>
              {t('pos.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DiscountFields({
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

// --- Order discount and coupon -------------------------------------------------------------------------------------

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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} h={44}>
              {t('pos.cancel')}
            </Button>
            <Button type="submit" h={44} loading={checking} data-testid="pos-discount-apply">
              {t('pos.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

// --- Customer ------------------------------------------------------------------------------------------------------

export function CustomerDialog({ opened, onClose, walkInName }: { opened: boolean; onClose: () => void; walkInName: string }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ name: '', phone: '', member_id: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const h = setTimeout(() => setDebounced(q.trim()), 200);
    return () => clearTimeout(h);
  }, [q]);
  useEffect(() => {
    if (opened) {
      setQ('');
      setAdding(false);
      setErrors({});
      // The server's field messages (validation.*) may come from any module's table; the till loads only its own.
      void loadModuleTranslations();
    }
  }, [opened]);
  const list = usePosCustomers(debounced, opened && !adding);
  const add = useAddPosCustomer();
  const choose = (c: { id: string; name: string; is_walk_in?: boolean } | null) => {
    cartStore().update((x) => ({ ...x, customer: c && !c.is_walk_in ? { id: c.id, name: c.name } : null }));
    onClose();
  };
  const submit = () => {
    setErrors({});
    add.mutate(
      { name: form.name, phone: form.phone || null, member_id: form.member_id || null },
      {
        onSuccess: (body) => choose(unwrap(body)),
        onError: (e) => setErrors(e instanceof ApiError ? { ...(e.errors ?? {}), _: e.message } : { _: t('errors.internal') }),
      },
    );
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('pos.close') }}
      opened={opened}
      onClose={onClose}
      title={t('pos.customer')}
      centered
      size="md"
    >
      {adding ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label={t('pos.customer_name')}
              required
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
              error={errors.name ? t(errors.name) : undefined}
              data-autofocus
              size="md"
            />
            <TextInput
              label={t('pos.customer_phone')}
              value={form.phone}
              onChange={(e) => setForm({ ...form, phone: e.currentTarget.value })}
              error={errors.phone ? t(errors.phone) : undefined}
              inputMode="tel"
              size="md"
            />
            <TextInput
              label={t('pos.member_id')}
              value={form.member_id}
              onChange={(e) => setForm({ ...form, member_id: e.currentTarget.value })}
              error={errors.member_id ? t(errors.member_id) : undefined}
              size="md"
            />
            {errors._ && (
              <Text c="red" size="sm" role="alert">
                {errors._}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAdding(false)} h={44}>
                {t('pos.back_to_search')}
              </Button>
              <Button type="submit" loading={add.isPending} h={44}>
                {t('pos.add_customer')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="xs">
          <TextInput
            placeholder={t('pos.customer_search')}
            aria-label={t('pos.customer_search')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Enter takes the first customer found (the walk-in customer when the search is empty).
              if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
              e.preventDefault();
              const first = q.trim() && debounced === q.trim() ? list.data?.data.find((c) => !c.is_walk_in) : undefined;
              if (first) choose(first);
              else if (!q.trim()) choose(null);
            }}
            data-autofocus
            size="md"
            rightSection={list.isFetching ? <Loader size="xs" /> : null}
            data-testid="pos-customer-search"
          />
          <Stack gap={4} mah={360} style={{ overflowY: 'auto' }} role="list">
            <UnstyledButton onClick={() => choose(null)} p="sm" mih={44} role="listitem" style={rowStyle}>
              <Text fw={600}>{walkInName}</Text>
            </UnstyledButton>
            {list.data?.data
              .filter((c) => !c.is_walk_in)
              .map((c) => (
                <UnstyledButton
                  key={c.id}
                  onClick={() => choose(c)}
                  p="sm"
                  mih={44}
                  role="listitem"
                  style={rowStyle}
                  data-testid="pos-customer-option"
                >
                  <Text fw={600}>{c.name}</Text>
                  <Text size="xs" c="dimmed">
                    <bdi dir="ltr">{[c.phone, c.member_id].filter(Boolean).join(' · ')}</bdi>
                  </Text>
                </UnstyledButton>
              ))}
          </Stack>
          <Button variant="light" onClick={() => setAdding(true)} h={44}>
            {t('pos.new_customer')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

const rowStyle = { borderRadius: 8, border: '1px solid var(--mantine-color-default-border)' } as const;

// --- Held carts ----------------------------------------------------------------------------------------------------

export function HeldCartsDialog({
  opened,
  onClose,
  onResume,
  resuming,
  lang,
}: {
  opened: boolean;
  onClose: () => void;
  onResume: (id: string) => void;
  resuming: string | null;
  lang: Language;
}) {
  const { t } = useTranslation();
  const held = useHeldCarts(opened);
  const first = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('pos.close') }}
      opened={opened}
      onClose={onClose}
      title={t('pos.held_carts')}
      centered
      size="md"
    >
      {held.isLoading ? (
        <Loader />
      ) : !held.data?.data.length ? (
        <Text c="dimmed">{t('pos.no_held_carts')}</Text>
      ) : (
        <Stack gap={6} data-testid="pos-held-list">
          {held.data.data.map((h, i) => (
            <Button
              key={h.id}
              ref={i === 0 ? first : undefined}
              variant="default"
              h="auto"
              mih={56}
              py={8}
              justify="space-between"
              onClick={() => onResume(h.id)}
              loading={resuming === h.id}
              data-autofocus={i === 0 || undefined}
              styles={{ label: { width: '100%', justifyContent: 'space-between', gap: 12 } }}
              data-testid="pos-held-cart"
            >
              <span style={{ textAlign: 'start' }}>
                <Text span fw={600} display="block">
                  {h.label || t('pos.items', { count: h.item_count })}
                </Text>
                <Text span size="xs" c="dimmed">
                  {formatDateTime(h.created_at, lang)} · {h.user_name}
                </Text>
              </span>
              <bdi dir="ltr" style={{ fontWeight: 700 }}>
                {isMoney(h.currency) ? moneyText(safeMinor(h.total, h.currency), h.currency, lang) : h.total}
              </bdi>
            </Button>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

const isMoney = (c: string): c is CurrencyCode => c === 'USD' || c === 'KHR';
