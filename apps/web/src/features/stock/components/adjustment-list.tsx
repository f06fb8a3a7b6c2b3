import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StockAdjustment } from '@posauto/shared/schemas/stock';
import { CrudListPage } from '../../../components/crud/crud-list-page';
import { RowAction } from '../../../components/documents/document-list-actions';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { stockAdjustmentsResource } from '../api/stock';
import { DirectionBadge } from './direction-badge';

/** Adjustments newest first; posted documents are never edited, only opened or cancelled from their page. */
export function StockAdjustmentList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <CrudListPage<StockAdjustment, never>
      resource={stockAdjustmentsResource}
      title="pages.stock-adjustment-listing"
      firstStep="adjustments"
      searchPlaceholder="stock_adjustment.search_placeholder"
      createTo="/stock-adjustment"
      exportable={false}
      can={{ edit: false, delete: false, status: false }}
      rowActions={(row) => (
        <RowAction
          label="stock_adjustment.open"
          name={row.adjustment_number}
          icon={IconEye}
          to={`/stock-adjustment-listing/listing/${row.id}`}
        />
      )}
      columns={[
        { key: 'adjustment_number', header: 'stock_adjustment.number', sortable: true, render: (a) => a.adjustment_number },
        {
          key: 'adjusted_on',
          header: 'stock_adjustment.date',
          sortable: true,
          render: (a) => formatDate(`${a.adjusted_on}T12:00:00Z`, lang),
        },
        { key: 'branch', header: 'stock_adjustment.branch', render: (a) => a.branch_name },
        {
          key: 'type',
          header: 'stock_adjustment.type',
          render: (a) => <DirectionBadge direction={a.direction} label={a.adjustment_type_name} />,
        },
        { key: 'lines', header: 'stock_adjustment.lines', render: (a) => a.line_count },
        {
          key: 'state',
          header: 'stock_adjustment.state',
          render: (a) => (
            <Badge variant="light" color={a.state === 'void' ? 'gray' : 'teal'}>
              {t(`stock_adjustment.state_${a.state}`)}
            </Badge>
          ),
        },
      ]}
    />
  );
}
