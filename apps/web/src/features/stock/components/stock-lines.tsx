import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@posauto/shared/schemas/products';
import { CatalogueVariantSelect, DocumentLinesTable, LineInput, LineItem, LineSelect } from '../../../components/documents/lines-table';
import { splitIssues, unitChoices, type FamilyUnit, type FoundIssue } from '../../../components/documents/lines';
import { useDocumentLines } from '../../../components/documents/use-lines';
import { notifyError } from '../../../lib/notify';

/** An item being counted or sent: the product as picked, the variant and unit chosen, the quantity typed. */
export interface StockLine {
  key: string;
  product: Pick<Product, 'id' | 'product_name' | 'sku_code' | 'type' | 'unit_id'>;
  variant_id: string | null;
  unit_id: string | null;
  quantity: string;
}

/** A new line for a picked product: one of it, in its own unit. */
export const stockLineOf = (p: Product): StockLine => ({
  key: `${p.id}-${Date.now()}`,
  product: p,
  variant_id: null,
  unit_id: p.unit_id,
  quantity: '1',
});

/** The lines as an adjustment or a transfer sends them. */
export const stockLinesInput = (lines: readonly StockLine[]) =>
  lines.map((l) => ({ product_id: l.product.id, variant_id: l.variant_id, unit_id: l.unit_id, quantity: l.quantity.trim() }));

/**
 * The lines of an adjustment or a transfer and their problems. `refuse` takes a failed check: each line's first
 * problem goes on the line, a missing line is said aloud, and the form's own fields' problems are returned.
 */
export function useStockLines(initial: StockLine[]) {
  const { lines, add, change, remove } = useDocumentLines<StockLine>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refuse = (issues: readonly FoundIssue[], t: (key: string) => string) => {
    const found = splitIssues(issues, t, (index) => lines[index]!.key);
    setErrors(found.lines);
    if (found.fields.lines) notifyError(new Error(found.fields.lines));
    return found.fields;
  };
  return { lines, errors, add, change, remove, refuse, accept: () => setErrors({}) };
}

const nameOf = (l: StockLine) => `${l.product.product_name} · ${l.product.sku_code}`;

export interface StockLinesTableProps {
  /** The catalogue's product finder, handed in by the screen: a pick adds a line. */
  renderPicker: (onPick: (p: Product) => void) => ReactNode;
  stock: ReturnType<typeof useStockLines>;
  units: readonly FamilyUnit[];
  /** The no-line sentence and the unit column's label differ between an adjustment and a transfer. */
  empty: string;
  unitLabel: string;
}

/** The items of an adjustment or a transfer: item (and variant), unit of its family, quantity. */
export function StockLinesTable(props: StockLinesTableProps) {
  const { t } = useTranslation();
  const { units, unitLabel, stock } = props;
  const { errors, change: onChange } = stock;
  return (
    <DocumentLinesTable
      picker={props.renderPicker((p) => stock.add(stockLineOf(p)))}
      lines={stock.lines}
      empty={props.empty}
      minWidth={640}
      nameOf={nameOf}
      onRemove={stock.remove}
      columns={[
        {
          id: 'item',
          header: t('stock_adjustment.item'),
          cell: (l) => (
            <LineItem name={nameOf(l)}>
              {l.product.type === 'variation' && (
                <CatalogueVariantSelect
                  productId={l.product.id}
                  label={t('stock_adjustment.variant')}
                  name={nameOf(l)}
                  value={l.variant_id}
                  onChange={(v) => onChange(l.key, { variant_id: v })}
                />
              )}
            </LineItem>
          ),
        },
        {
          id: 'unit',
          header: unitLabel,
          cell: (l) => {
            const choices = unitChoices(units, l.product.unit_id);
            return (
              <LineSelect
                label={unitLabel}
                name={nameOf(l)}
                data={choices}
                value={l.unit_id}
                onChange={(v) => onChange(l.key, { unit_id: v })}
                disabled={choices.length === 0}
                data-testid="line-unit"
              />
            );
          },
        },
        {
          id: 'quantity',
          header: t('stock_adjustment.quantity'),
          cell: (l) => (
            <LineInput
              label={t('stock_adjustment.quantity')}
              name={nameOf(l)}
              value={l.quantity}
              error={errors[l.key]}
              onChange={(e) => onChange(l.key, { quantity: e.currentTarget.value })}
              data-testid="line-quantity"
            />
          ),
        },
      ]}
    />
  );
}
