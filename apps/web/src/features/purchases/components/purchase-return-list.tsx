import { Badge, Button, Text } from '@mantine/core';
import { IconArrowBackUp, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import type { PurchaseReturn } from '@posauto/shared/schemas/purchases';
import { confirmAction } from '../../../components/crud/confirm-action';
import { useCrudList } from '../../../components/crud/resource';
import type { Column } from '../../../components/data-table/data-table';
import { RowAction } from '../../../components/documents/document-list-actions';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import type { QueryParams } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoneyText } from '../../../lib/money-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { purchaseReturnsResource, useCancelPurchaseReturn } from '../api/purchases';

const useReturns = (query: QueryParams) => useCrudList<PurchaseReturn>(purchaseReturnsResource, query);

/** Returns to suppliers, newest first; a posted return can be cancelled (its goods come back into stock). */
export function PurchaseReturnList({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const cancel = useCancelPurchaseReturn();
  const confirmCancel = (r: PurchaseReturn) =>
    confirmAction({
      title: t('purchase_return.cancel_title'),
      text: t('purchase_return.cancel_text'),
      confirm: t('purchase_return.cancel_confirm'),
      color: 'red',
      onConfirm: () => cancel.mutate(r.id, { onSuccess: () => notifySuccess('messages.updated'), onError: (e) => notifyError(e) }),
    });
  return (
    <DocumentListPage
      useRows={useReturns}
      searchPlaceholder="purchase_return.search_placeholder"
      firstStep={{ step: 'purchase_returns' }}
      columns={returnColumns(t, currentLanguage())}
      headerActions={() =>
        canWrite && (
          <Button component={Link} to="/stock-return" leftSection={<IconPlus size={16} />} data-testid="create">
            {t('common.create')}
          </Button>
        )
      }
      rowActions={(r) =>
        canWrite &&
        r.state === 'posted' && (
          <RowAction
            label="purchase_return.cancel"
            name={r.return_number}
            icon={IconArrowBackUp}
            color="red"
            onClick={() => confirmCancel(r)}
          />
        )
      }
    />
  );
}

function returnColumns(t: (key: string) => string, lang: Language): Column<PurchaseReturn>[] {
  return [
    { key: 'return_number', header: 'purchase_return.number', sortable: true, render: (r) => r.return_number },
    { key: 'returned_on', header: 'purchase_return.date', sortable: true, render: (r) => formatDate(`${r.returned_on}T12:00:00Z`, lang) },
    {
      key: 'purchase',
      header: 'purchase_return.purchase',
      render: (r) => (
        <Text size="sm" component={Link} to={`/purchase-listing/detail-listing/${r.purchase_id}`} c="blue">
          {r.purchase_number}
        </Text>
      ),
    },
    { key: 'supplier', header: 'purchase.supplier', render: (r) => r.supplier_name },
    { key: 'branch', header: 'purchase.branch', render: (r) => r.branch_name },
    {
      key: 'total_cost',
      header: 'purchase_return.total_cost',
      align: 'right',
      render: (r) => formatMoneyText(r.total_cost, r.currency, lang),
    },
    {
      key: 'refund',
      header: 'purchase_return.refund_amount',
      align: 'right',
      render: (r) => (
        <div>
          <Text size="sm">{formatMoneyText(r.refund_amount, r.currency, lang)}</Text>
          {r.refund_method_name && (
            <Text size="xs" c="dimmed">
              {r.refund_method_name}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'state',
      header: 'purchase_return.state',
      render: (r) => (
        <Badge variant="light" color={r.state === 'void' ? 'gray' : 'teal'}>
          {t(`purchase_return.state_${r.state}`)}
        </Badge>
      ),
    },
  ];
}
