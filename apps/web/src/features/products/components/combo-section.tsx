import { Alert, Group, Paper, ScrollArea, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatQuantity, QTY_SCALE } from '@posauto/shared/money/index';
import { PRODUCT_LIMITS, type Product } from '@posauto/shared/schemas/products';
import { Ltr } from '../../../components/ltr';
import { formatInteger } from '../../../lib/format';
import { formatMoney } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';
import { useProductDetail } from '../api/products';
import { comboComponentsTotal, toMinor, toQuantity } from '../lib/amounts';
import { formatPrice } from '../lib/display';
import { rowKey, type ComboRow } from '../lib/form-values';
import { fieldError, type ProductForm, type SectionProps } from './form-types';
import { ProductPicker } from './product-picker';
import { RemoveRowButton } from './remove-row-button';

/** A combo is made of simple and variation products, never of other combos (the server refuses them too). */
const isComponent = (p: Product) => p.type !== 'combo';

/** The variant of a component that has variants (its list comes with the component's detail). */
function VariantChoice({ form, index, row }: { form: ProductForm; index: number; row: ComboRow }) {
  const { t } = useTranslation();
  const detail = useProductDetail(row.product_id);
  const data = (detail.data?.variants ?? [])
    .filter((x) => x.status || x.id === row.variant_id)
    .map((x) => ({ value: x.id, label: x.name }));
  return (
    <Select
      size="xs"
      w={170}
      placeholder={t('product.variant_placeholder')}
      aria-label={t('product.variant')}
      data={data}
      value={row.variant_id}
      error={fieldError(form, `combo_items.${index}.variant_id`)}
      comboboxProps={{ zIndex: 2100 }}
      data-testid="combo-variant"
      onChange={(id) => {
        const variant = detail.data?.variants.find((x) => x.id === id);
        form.setFieldValue(`combo_items.${index}.variant_id`, id);
        form.setFieldValue(`combo_items.${index}.variant_name`, variant?.name ?? null);
        if (variant) form.setFieldValue(`combo_items.${index}.sale_cost`, variant.sale_cost);
      }}
    />
  );
}

/** The components of a combo package, their quantities, and their prices beside the combo's own price. */
export function ComboSection({ form, currency, productId }: SectionProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const v = form.getValues();
  const add = (p: Product) => {
    // The same simple product twice is one line with a larger quantity.
    const existing = v.combo_items.findIndex((c) => c.product_id === p.id && p.type !== 'variation');
    if (existing >= 0) {
      const qty = toQuantity(v.combo_items[existing]!.quantity);
      if (qty !== null) form.setFieldValue(`combo_items.${existing}.quantity`, formatQuantity(qty + QTY_SCALE));
      return;
    }
    form.insertListItem('combo_items', {
      key: rowKey(),
      product_id: p.id,
      variant_id: null,
      quantity: '1',
      product_name: p.product_name,
      variant_name: null,
      sku_code: p.sku_code,
      sale_cost: p.sale_cost,
      has_variants: p.type === 'variation' && p.variant_count > 0,
    } satisfies ComboRow);
  };
  const total = comboComponentsTotal(v.combo_items, currency);
  const price = toMinor(v.sale_cost, currency);

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t('product.section_combo')}</Title>
        <Text size="sm" c="dimmed">
          {t('product.combo_hint')}
        </Text>
        <ProductPicker
          label={t('product.combo_add')}
          onPick={add}
          exclude={productId ? [productId] : []}
          accept={isComponent}
          testId="combo-picker"
        />
        {form.errors.combo_items && (
          <Text c="red" size="sm">
            {String(form.errors.combo_items)}
          </Text>
        )}
        {v.combo_items.length >= PRODUCT_LIMITS.comboItems && (
          <Alert color="yellow">{t('product.combo_full', { max: formatInteger(PRODUCT_LIMITS.comboItems, lang) })}</Alert>
        )}
        {v.combo_items.length > 0 && (
          <ScrollArea type="auto">
            <Table verticalSpacing="xs" miw={640} data-testid="combo-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('product.combo_component')}</Table.Th>
                  <Table.Th>{t('product.variant')}</Table.Th>
                  <Table.Th>{t('product.quantity')}</Table.Th>
                  <Table.Th ta="end">{t('product.sale_cost')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {v.combo_items.map((row, i) => (
                  <Table.Tr key={row.key} data-testid="combo-row">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.product_name}
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        <Ltr>{row.sku_code}</Ltr>
                      </Text>
                      {fieldError(form, `combo_items.${i}.product_id`) && (
                        <Text size="xs" c="red">
                          {fieldError(form, `combo_items.${i}.product_id`)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {row.has_variants ? (
                        <VariantChoice form={form} index={i} row={row} />
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        w={90}
                        inputMode="decimal"
                        dir="ltr"
                        aria-label={`${t('product.quantity')} ${row.product_name}`}
                        data-testid="combo-quantity"
                        {...form.getInputProps(`combo_items.${i}.quantity`)}
                      />
                    </Table.Td>
                    <Table.Td ta="end">
                      <Ltr>{formatPrice(row.sale_cost, currency, lang)}</Ltr>
                    </Table.Td>
                    <Table.Td>
                      <RemoveRowButton
                        label={t('product.combo_remove')}
                        onClick={() => form.removeListItem('combo_items', i)}
                        testId="combo-remove"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {v.combo_items.length > 0 && (
          <Group justify="flex-end" gap="xl" data-testid="combo-summary">
            <Text size="sm">
              {t('product.combo_components_total')}:{' '}
              <b>
                <Ltr>{total === null ? '—' : formatMoney(total, currency, lang)}</Ltr>
              </b>
            </Text>
            <Text size="sm">
              {t('product.combo_price')}:{' '}
              <b>
                <Ltr>{price === null ? '—' : formatMoney(price, currency, lang)}</Ltr>
              </b>
            </Text>
            {total !== null && price !== null && price < total && (
              <Text size="sm" c="teal">
                {t('product.combo_saving')}:{' '}
                <b>
                  <Ltr>{formatMoney(total - price, currency, lang)}</Ltr>
                </b>
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
