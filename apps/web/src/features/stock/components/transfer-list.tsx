import { IconEdit, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_STATES, type StockTransfer } from '@posauto/shared/schemas/stock';
import { CrudListPage } from '../../../components/crud/crud-list-page';
import { RowAction } from '../../../components/documents/document-list-actions';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { stockTransfersResource, useStockTransferOptions } from '../api/transfers';
import { TransferStateBadge } from './transfer-state-badge';

/** Transfers newest first, filtered by state and branch; one still on its way can be edited. */
export function StockTransferList({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const options = useStockTransferOptions();
  return (
    <CrudListPage<StockTransfer, never>
      resource={stockTransfersResource}
      title="pages.stock-transfer-listing"
      firstStep="transfers"
      searchPlaceholder="stock.transfer.search_placeholder"
      createTo={canEdit ? '/stock-transfer' : undefined}
      exportable={false}
      can={{ create: canEdit, edit: false, delete: false, status: false }}
      filters={[
        {
          key: 'state',
          placeholder: 'stock.transfer.all_states',
          data: TRANSFER_STATES.map((s) => ({ value: s, label: t(`stock.transfer.state_${s}`) })),
        },
        {
          key: 'branch_id',
          placeholder: 'stock.all_branches',
          data: (options.data?.to_branches ?? []).map((b) => ({ value: b.id, label: b.name })),
        },
      ]}
      rowActions={(row) => (
        <>
          <RowAction label="stock.transfer.open" name={row.transfer_number} icon={IconEye} to={`/stock-transfer-detail/${row.id}`} />
          {/* Only a transfer on its way can be edited. */}
          {canEdit && row.state === 'sent' && (
            <RowAction
              label="common.edit"
              name={row.transfer_number}
              icon={IconEdit}
              to={`/stock-transfer-listing/edit-transfer/${row.id}`}
              testId="row-edit"
            />
          )}
        </>
      )}
      columns={[
        { key: 'transfer_number', header: 'stock.transfer.number', sortable: true, render: (x) => x.transfer_number },
        { key: 'sent_on', header: 'stock.transfer.date', sortable: true, render: (x) => formatDate(`${x.sent_on}T12:00:00Z`, lang) },
        { key: 'from', header: 'stock.transfer.from', render: (x) => x.from_branch_name },
        { key: 'to', header: 'stock.transfer.to', render: (x) => x.to_branch_name },
        { key: 'lines', header: 'stock.transfer.lines', render: (x) => x.line_count },
        { key: 'state', header: 'stock.transfer.state', render: (x) => <TransferStateBadge state={x.state} /> },
      ]}
    />
  );
}
