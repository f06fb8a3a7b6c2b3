import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CatalogueVariantSelect, DocumentLinesTable, LineInput, LineItem, LineSelect } from '../../../components/documents/lines-table';
import { unitChoices, type FamilyUnit } from '../../../components/documents/lines';
import type { PurchaseLine } from './purchase-draft';

export interface PurchaseLinesTableProps {
  picker: ReactNode;
  lines: readonly PurchaseLine[];
  units: readonly FamilyUnit[];
  /** Problems keyed `<line key>.<field>`. */
  errors: Record<string, string>;
  onChange: (key: string, patch: Partial<PurchaseLine>) => void;
  onRemove: (key: string) => void;
}

/** The items of a purchase: item (and variant), unit of its family, quantity, unit cost and, when tracked, expiry. */
export function PurchaseLinesTable({ picker, lines, units, errors, onChange, onRemove }: PurchaseLinesTableProps) {
  const { t } = useTranslation();
  const err = (l: PurchaseLine, field: string) => errors[`${l.key}.${field}`];
  const typed = (l: PurchaseLine, field: 'quantity' | 'unit_cost' | 'expiry_date', label: string, testId: string) => (
    <LineInput
      label={label}
      name={l.name}
      value={l[field]}
      error={err(l, field)}
      onChange={(e) => onChange(l.key, { [field]: e.currentTarget.value })}
      data-testid={testId}
      {...(field === 'expiry_date' ? { type: 'date', inputMode: undefined } : {})}
    />
  );
  return (
    <DocumentLinesTable
      picker={picker}
      lines={lines}
      empty={t('purchase.no_lines')}
      minWidth={820}
      nameOf={(l) => l.name}
      onRemove={onRemove}
      rowTestId="purchase-line"
      columns={[
        {
          id: 'item',
          header: t('purchase.item'),
          cell: (l) => (
            <LineItem name={l.name}>
              {l.variation && (
                <CatalogueVariantSelect
                  productId={l.product_id}
                  label={t('purchase.variant')}
                  name={l.name}
                  value={l.variant_id}
                  error={err(l, 'variant_id')}
                  onChange={(v) => onChange(l.key, { variant_id: v })}
                />
              )}
            </LineItem>
          ),
        },
        {
          id: 'unit',
          header: t('purchase.unit'),
          cell: (l) => {
            const choices = unitChoices(units, l.family_unit_id);
            return (
              <LineSelect
                label={t('purchase.unit')}
                name={l.name}
                data={choices}
                value={l.unit_id}
                onChange={(v) => onChange(l.key, { unit_id: v })}
                disabled={choices.length === 0}
                data-testid="line-unit"
              />
            );
          },
        },
        { id: 'quantity', header: t('purchase.quantity'), cell: (l) => typed(l, 'quantity', t('purchase.quantity'), 'line-quantity') },
        { id: 'cost', header: t('purchase.unit_cost'), cell: (l) => typed(l, 'unit_cost', t('purchase.unit_cost'), 'line-cost') },
        {
          id: 'expiry',
          header: t('purchase.expiry_date'),
          cell: (l) =>
            l.has_expiry ? (
              typed(l, 'expiry_date', t('purchase.expiry_date'), 'line-expiry')
            ) : (
              <Text size="xs" c="dimmed">
                —
              </Text>
            ),
        },
      ]}
    />
  );
}
