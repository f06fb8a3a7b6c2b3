import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconEdit, IconEye, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import { PAYMENT_STATUSES, PURCHASE_STATUSES, type Purchase } from '@posauto/shared/schemas/purchases';
import { useCrudList } from '../../../components/crud/resource';
import type { Column } from '../../../components/data-table/data-table';
import { branchFilter, choicesOf, periodFilters, type DocumentFilter } from '../../../components/documents/document-filters';
import { AmountText, DocumentNumber, RowAction } from '../../../components/documents/document-list-actions';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import type { QueryParams } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoneyText } from '../../../lib/money-format';
import { purchasesResource, usePurchaseOptions } from '../api/purchases';
import { PaymentStatusBadge, PurchaseStatusBadge } from './purchase-badges';

const usePurchases = (query: QueryParams) => useCrudList<Purchase>(purchasesResource, query);
const detail = (p: Purchase) => `/purchase-listing/detail-listing/${p.id}`;

/** Purchases newest first, filtered by supplier, branch, status, payment status and period. */
export function PurchaseList({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const options = usePurchaseOptions().data;
  const filters: DocumentFilter[] = [
    {
      kind: 'select',
      key: 'supplier_id',
      label: 'purchase.supplier',
      placeholder: 'purchase.all_suppliers',
      data: (options?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name })),
      searchable: true,
      width: 180,
    },
    branchFilter(options?.branches, { label: 'purchase.branch', placeholder: 'purchase.all_branches' }, 170),
    {
      kind: 'select',
      key: 'purchase_status',
      label: 'purchase.status',
      placeholder: 'purchase.all_statuses',
      data: choicesOf(PURCHASE_STATUSES, (s) => t(`purchase.status_${s}`)),
      width: 180,
    },
    {
      kind: 'select',
      key: 'payment_status',
      label: 'purchase.payment_status',
      placeholder: 'purchase.all_payment_statuses',
      data: choicesOf(PAYMENT_STATUSES, (s) => t(`purchase.pay_${s}`)),
      width: 180,
    },
    ...periodFilters('purchase'),
  ];
  return (
    <DocumentListPage
      useRows={usePurchases}
      searchPlaceholder="purchase.search_placeholder"
      filters={filters}
      firstStep={{ step: 'purchases' }}
      columns={purchaseColumns(currentLanguage())}
      headerActions={() => (
        <Group gap="xs">
          <Button variant="default" component={Link} to="/purchase-return" leftSection={<IconArrowBackUp size={16} />}>
            {t('pages.purchase-return')}
          </Button>
          {canWrite && (
            <Button component={Link} to="/stock-purchase" leftSection={<IconPlus size={16} />} data-testid="create">
              {t('common.create')}
            </Button>
          )}
        </Group>
      )}
      rowActions={(p) => (
        <>
          <RowAction label="purchase.open" name={p.purchase_number} icon={IconEye} to={detail(p)} />
          {canWrite && p.status !== 'void' && (
            <RowAction label="purchase.edit" name={p.purchase_number} icon={IconEdit} to={`/purchase-listing/edit-purchase/${p.id}`} />
          )}
        </>
      )}
    />
  );
}

function purchaseColumns(lang: Language): Column<Purchase>[] {
  return [
    {
      key: 'purchase_number',
      header: 'purchase.number',
      sortable: true,
      render: (p) => <DocumentNumber to={detail(p)}>{p.purchase_number}</DocumentNumber>,
    },
    { key: 'purchase_date', header: 'purchase.date', sortable: true, render: (p) => formatDate(`${p.purchase_date}T12:00:00Z`, lang) },
    { key: 'supplier', header: 'purchase.supplier', render: (p) => p.supplier_name },
    { key: 'branch', header: 'purchase.branch', render: (p) => p.branch_name },
    { key: 'status', header: 'purchase.status', render: (p) => <PurchaseStatusBadge status={p.status} /> },
    { key: 'payment', header: 'purchase.payment_status', render: (p) => <PaymentStatusBadge status={p.payment_status} /> },
    {
      key: 'grand_total',
      header: 'purchase.grand_total',
      align: 'right',
      render: (p) => <AmountText>{formatMoneyText(p.grand_total, p.currency, lang)}</AmountText>,
    },
    {
      key: 'balance_due',
      header: 'purchase.balance_due',
      align: 'right',
      render: (p) => <AmountText>{formatMoneyText(p.balance_due, p.currency, lang)}</AmountText>,
    },
  ];
}
