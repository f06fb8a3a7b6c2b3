import { Badge, Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import type { StockLevel } from '@posauto/shared/schemas/stock';
import type { Column } from '../../../components/data-table/data-table';
import { branchFilter, type DocumentFilter } from '../../../components/documents/document-filters';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import type { QueryParams } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoneyText } from '../../../lib/money-format';
import { useStockAdjustmentOptions, useStockLevels } from '../api/stock';
import { ItemCell } from './item-cell';

type Row = StockLevel & { id: string };

/** A level is one branch's stock of one item (or variant): that is its key in the table. */
function useLevels(query: QueryParams) {
  const list = useStockLevels(query);
  const data = list.data && {
    ...list.data,
    data: list.data.data.map((r): Row => ({ ...r, id: `${r.branch_id}/${r.product_id}/${r.variant_id ?? ''}` })),
  };
  return { ...list, data };
}

/** On hand per branch and item with its value at average cost; filter by branch and low stock. */
export function StockList() {
  const { t } = useTranslation();
  const options = useStockAdjustmentOptions().data;
  const filters: DocumentFilter[] = [
    // Every branch the caller may see, one or several: this list is where a shop looks at a branch's stock.
    { ...branchFilter(options?.branches, { label: 'stock_adjustment.branch', placeholder: 'stock.all_branches' }, 200), hidden: false },
    {
      kind: 'custom',
      key: 'low',
      render: (value, set) => (
        <Switch
          label={t('stock.low_only')}
          checked={value === '1'}
          onChange={(e) => set(e.currentTarget.checked ? '1' : null)}
          style={{ alignSelf: 'center' }}
        />
      ),
    },
  ];
  return (
    <DocumentListPage
      useRows={useLevels}
      searchPlaceholder="stock.search_placeholder"
      filters={filters}
      columns={levelColumns(t, currentLanguage())}
    />
  );
}

function levelColumns(t: (key: string) => string, lang: Language): Column<Row>[] {
  return [
    { key: 'product_name', header: 'stock.item', sortable: true, render: (r) => <ItemCell name={r.product_name} sku={r.sku_code} /> },
    { key: 'branch', header: 'stock_adjustment.branch', render: (r) => r.branch_name },
    {
      key: 'on_hand',
      header: 'stock.on_hand',
      sortable: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {r.on_hand} {r.unit_name ?? ''}
          </Text>
          {r.low && (
            <Badge color="red" variant="light" size="sm">
              {t('stock.low')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'average_cost', header: 'stock.average_cost', render: (r) => formatMoneyText(r.average_cost, r.currency, lang) },
    { key: 'stock_value', header: 'stock.value', sortable: true, render: (r) => formatMoneyText(r.stock_value, r.currency, lang) },
  ];
}
