import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentLinesTable, LineInput, LineItem, LineSelect } from '../../../components/documents/lines-table';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';
import type { DocLine } from '../lib/document-lines';

export interface DocumentLinesProps {
  picker: ReactNode;
  lines: readonly DocLine[];
  currency: string;
  /** The shop's settings: a price may be typed over (edit_cost), a line may take its own discount (inline_discount). */
  editPrice: boolean;
  inlineDiscount: boolean;
  /** Problems keyed by the input's path (`lines.<index>.<field>`). */
  errors: Record<string, string>;
  onChange: (key: string, patch: Partial<DocLine>) => void;
  onUnit: (key: string, unitId: string) => void;
  onVariant: (key: string, variantId: string) => void;
  onRemove: (key: string) => void;
}

/** The lines of a sale, invoice or quotation: item (and variant), unit, quantity, price and, when allowed, a discount. */
export function DocumentLines(props: DocumentLinesProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { currency, errors, onChange } = props;
  const err = (index: number, field: string) => errors[`lines.${index}.${field}`];
  return (
    <DocumentLinesTable
      picker={props.picker}
      lines={props.lines}
      empty={t('sale_docs.no_lines')}
      minWidth={820}
      nameOf={(l) => l.name}
      onRemove={props.onRemove}
      rowTestId="doc-line"
      columns={[
        {
          id: 'item',
          header: t('sales_ui.item'),
          cell: (l, i) => (
            <LineItem name={l.name} sku={l.sku}>
              {l.variants.length > 1 && (
                <LineSelect
                  mt={4}
                  label={t('sale_docs.variant')}
                  name={l.name}
                  allowDeselect={false}
                  data={l.variants.map((v) => ({ value: v.id, label: `${v.name} · ${formatMoneyText(v.price, currency, lang)}` }))}
                  value={l.variant_id}
                  error={err(i, 'variant_id')}
                  onChange={(v) => v && props.onVariant(l.key, v)}
                  data-testid="doc-line-variant"
                />
              )}
              {l.variants.length <= 1 && err(i, 'variant_id') && (
                <Text size="xs" c="red" role="alert">
                  {err(i, 'variant_id')}
                </Text>
              )}
            </LineItem>
          ),
        },
        {
          id: 'unit',
          header: t('sale_docs.unit'),
          cell: (l, i) =>
            l.units.length > 1 ? (
              <LineSelect
                w={150}
                label={t('sale_docs.unit')}
                name={l.name}
                allowDeselect={false}
                data={l.units.map((u) => ({ value: u.id, label: u.name }))}
                value={l.unit_id ?? null}
                error={err(i, 'unit_id')}
                onChange={(v) => v && props.onUnit(l.key, v)}
                comboboxProps={{ zIndex: 2100 }}
                data-testid="doc-line-unit"
              />
            ) : (
              <Text size="sm">{l.unit_name ?? '—'}</Text>
            ),
        },
        {
          id: 'quantity',
          header: t('sales_ui.quantity'),
          cell: (l, i) => (
            <LineInput
              label={t('sales_ui.quantity')}
              name={l.name}
              value={l.quantity}
              error={err(i, 'quantity')}
              onChange={(e) => onChange(l.key, { quantity: e.currentTarget.value })}
              data-testid="doc-line-quantity"
              w={100}
            />
          ),
        },
        {
          id: 'price',
          header: `${t('sales_ui.unit_price')} (${currency})`,
          cell: (l, i) => (
            <LineInput
              label={t('sales_ui.unit_price')}
              name={l.name}
              value={l.unit_price}
              readOnly={!props.editPrice}
              error={err(i, 'unit_price')}
              onChange={(e) => onChange(l.key, { unit_price: e.currentTarget.value })}
              data-testid="doc-line-price"
              w={120}
            />
          ),
        },
        props.inlineDiscount && {
          id: 'discount',
          header: t('sales_ui.discount'),
          cell: (l, i) => (
            <Group gap={4} wrap="nowrap">
              <LineSelect
                w={70}
                label={t('sale_docs.discount_type')}
                name={l.name}
                allowDeselect={false}
                data={[
                  { value: 'percent', label: '%' },
                  { value: 'fixed', label: currency },
                ]}
                value={l.discount?.type ?? 'percent'}
                onChange={(v) =>
                  onChange(l.key, { discount: { type: (v ?? 'percent') as 'percent' | 'fixed', value: l.discount?.value ?? '' } })
                }
              />
              <LineInput
                w={90}
                label={t('sales_ui.discount')}
                name={l.name}
                value={l.discount?.value ?? ''}
                error={err(i, 'discount.value')}
                onChange={(e) => onChange(l.key, { discount: { type: l.discount?.type ?? 'percent', value: e.currentTarget.value } })}
              />
            </Group>
          ),
        },
      ]}
    />
  );
}
