import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@posauto/shared/schemas/products';
import { useProductSearch } from '../api/products';

export interface ProductPickerProps {
  onPick: (product: Product) => void;
  /** Products that may not be picked (the combo itself). */
  exclude?: readonly string[];
  /** Which products may be picked at all (a combo's components cannot be combos). */
  accept?: (product: Product) => boolean;
  label?: string;
  testId?: string;
}

/**
 * Finds a product by name fragment, SKU or barcode on the server (ten at a time: the catalogue may hold
 * 100,000), and hands the chosen one over; the box empties for the next one.
 */
export function ProductPicker({ onPick, exclude = [], accept, label, testId = 'product-picker' }: ProductPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useProductSearch(debounced);
  const rows = (found.data ?? []).filter((p) => !exclude.includes(p.id) && (!accept || accept(p)));
  const data = rows.map((p) => ({ value: p.id, label: `${p.product_name} · ${p.sku_code}` }));
  return (
    <Select
      label={label}
      aria-label={label ? undefined : t('product.picker_placeholder')}
      placeholder={t('product.picker_placeholder')}
      leftSection={<IconSearch size={16} />}
      data={data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched names, SKUs and barcodes; filtering again here would hide barcode matches.
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('common.loading') : t('common.no_match')}
      comboboxProps={{ zIndex: 2100 }}
      onChange={(id) => {
        const product = rows.find((p) => p.id === id);
        if (product) onPick(product);
        setSearch('');
      }}
      data-testid={testId}
    />
  );
}
