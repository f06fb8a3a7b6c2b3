import { Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGeneralSetting } from '../api/options';
import type { SectionProps } from './form-types';

/** Cost, price, discount, stock alert and the stock switches. */
export function PricingSection({ form, currency }: SectionProps) {
  const { t } = useTranslation();
  const setting = useGeneralSetting();
  const v = form.getValues();
  // Hints go under the inputs so the three inputs stay on one line.
  const below = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];
  const money = {
    inputWrapperOrder: below,
    inputMode: 'decimal' as const,
    dir: 'ltr',
    rightSection: (
      <Text size="xs" c="dimmed">
        {currency}
      </Text>
    ),
    rightSectionWidth: 48,
  };
  const priceHint = v.type === 'variation' && v.is_variation_cost ? t('product.price_per_variant_hint') : undefined;
  const defaultAlert = setting.data?.setting.default_stock_alert;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t('product.section_pricing')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('product.purchase_cost')}
            withAsterisk
            description={priceHint}
            data-testid="purchase-cost"
            {...money}
            {...form.getInputProps('purchase_cost')}
          />
          <TextInput
            label={t('product.sale_cost')}
            withAsterisk
            description={priceHint}
            data-testid="sale-cost"
            {...money}
            {...form.getInputProps('sale_cost')}
          />
          <TextInput
            label={t('product.discount_cost')}
            description={t('product.discount_cost_hint')}
            data-testid="discount-cost"
            {...money}
            {...form.getInputProps('discount_cost')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('product.stock_alert')}
            placeholder={defaultAlert ? t('product.stock_alert_default', { value: defaultAlert }) : undefined}
            description={t('product.stock_alert_hint')}
            inputWrapperOrder={below}
            inputMode="decimal"
            dir="ltr"
            data-testid="stock-alert"
            {...form.getInputProps('stock_alert')}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Switch
            label={t('product.is_stock_manage')}
            description={t('product.is_stock_manage_hint')}
            data-testid="stock-manage"
            {...form.getInputProps('is_stock_manage', { type: 'checkbox' })}
          />
          <Switch
            label={t('product.has_expiry')}
            description={t('product.has_expiry_hint')}
            data-testid="has-expiry"
            {...form.getInputProps('has_expiry', { type: 'checkbox' })}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
