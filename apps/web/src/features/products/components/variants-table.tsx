import { useState } from 'react';
import { ActionIcon, Group, ScrollArea, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { generateBarcode } from '../api/products';
import { BarcodeField } from './barcode-field';
import { fieldError, type ProductForm } from './form-types';
import { RemoveRowButton } from './remove-row-button';

export interface VariantsTableProps {
  form: ProductForm;
  currency: string;
  /** Names of variation values by id, to name each variant ("Large / 50%"). */
  valueNames: ReadonlyMap<string, string>;
  /** Rows may be removed (the product form; the variant editor only edits). */
  removable?: boolean;
}

function GenerateOne({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      onCode(await generateBarcode());
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label={t('product.barcode_generate')}>
      <ActionIcon
        variant="light"
        size="md"
        loading={busy}
        onClick={() => void run()}
        aria-label={t('product.barcode_generate')}
        data-testid="variant-barcode-generate"
      >
        <IconWand size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Every variant with its own SKU, barcode and (when is_variation_cost) cost and price. */
export function VariantsTable({ form, currency, valueNames, removable }: VariantsTableProps) {
  const { t } = useTranslation();
  const v = form.getValues();
  const ownCost = v.is_variation_cost;
  const money = {
    size: 'xs' as const,
    inputMode: 'decimal' as const,
    dir: 'ltr',
    w: 110,
    rightSection: (
      <Text size="xs" c="dimmed">
        {currency}
      </Text>
    ),
    rightSectionWidth: 40,
  };
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing="xs" miw={880} data-testid="variants-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('product.variant')}</Table.Th>
            <Table.Th>{t('product.sku')}</Table.Th>
            <Table.Th>{t('product.barcode')}</Table.Th>
            <Table.Th>{t('product.purchase_cost')}</Table.Th>
            <Table.Th>{t('product.sale_cost')}</Table.Th>
            <Table.Th>{t('common.status')}</Table.Th>
            {removable && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {v.variants.map((row, i) => {
            const name = row.value_ids.map((id) => valueNames.get(id) ?? '?').join(' / ');
            return (
              <Table.Tr key={row.key} data-testid="variant-row">
                <Table.Td>
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={140}
                    dir="ltr"
                    placeholder={t('product.sku_placeholder_short')}
                    aria-label={`${t('product.sku')} ${name}`}
                    data-testid="variant-sku"
                    {...form.getInputProps(`variants.${i}.sku_code`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <BarcodeField
                      compact
                      testId="variant-barcode"
                      value={row.barcode}
                      kind={row.barcode_type}
                      error={fieldError(form, `variants.${i}.barcode`)}
                      onChange={(code, kind) => {
                        form.setFieldValue(`variants.${i}.barcode`, code);
                        form.setFieldValue(`variants.${i}.barcode_type`, kind);
                      }}
                    />
                    <GenerateOne
                      onCode={(code) => {
                        form.setFieldValue(`variants.${i}.barcode`, code);
                        form.setFieldValue(`variants.${i}.barcode_type`, 'ean13');
                      }}
                    />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    {...money}
                    disabled={!ownCost}
                    aria-label={`${t('product.purchase_cost')} ${name}`}
                    data-testid="variant-cost"
                    {...form.getInputProps(`variants.${i}.purchase_cost`)}
                    {...(ownCost ? {} : { value: v.purchase_cost })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    {...money}
                    disabled={!ownCost}
                    aria-label={`${t('product.sale_cost')} ${name}`}
                    data-testid="variant-price"
                    {...form.getInputProps(`variants.${i}.sale_cost`)}
                    {...(ownCost ? {} : { value: v.sale_cost })}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`${t('common.status')} ${name}`}
                    {...form.getInputProps(`variants.${i}.status`, { type: 'checkbox' })}
                  />
                </Table.Td>
                {removable && (
                  <Table.Td>
                    <RemoveRowButton
                      label={t('product.variant_remove')}
                      onClick={() => form.removeListItem('variants', i)}
                      testId="variant-remove"
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
