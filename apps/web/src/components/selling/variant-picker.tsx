import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PosProduct, PosVariant } from '@posauto/shared/schemas/pos';
import { type CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { moneyText } from './lib/money-text';
import { asksByVariation, nextQuestion } from './lib/variant-steps';
import classes from './selling.module.css';
import { safeMinor } from './lib/money-minor';

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
