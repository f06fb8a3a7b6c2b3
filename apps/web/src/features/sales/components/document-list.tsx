import { useState, type ReactNode } from 'react';
import { Button, Drawer } from '@mantine/core';
import { IconEdit, IconEye, IconPlus, IconTransform } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import type { PaymentStatus } from '@posauto/shared/schemas/purchases';
import type { Sale, SaleStatus } from '@posauto/shared/schemas/sales';
import type { Column } from '../../../components/data-table/data-table';
import { branchFilter, choicesOf, periodFilters, type DocumentFilter } from '../../../components/documents/document-filters';
import { AmountText, DocumentNumber, RowAction } from '../../../components/documents/document-list-actions';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import { Ltr } from '../../../components/ltr';
import type { QueryParams } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoneyText } from '../../../lib/money-format';
import { useSaleList, useSaleScreenOptions } from '../api/sales';
import { ConvertDialog } from './convert-dialog';
import { SalePaymentBadge, SaleStatusBadge } from './sale-badges';
import { paymentStatusFilter } from './sale-filters';

const QUOTATION_STATUSES = ['open', 'converted', 'void'] as const;

export const PaymentBadge = ({ status }: { status: PaymentStatus }) => <SalePaymentBadge status={status} testId="doc-payment-status" />;
export const StatusBadge = ({ status }: { status: SaleStatus }) => <SaleStatusBadge status={status} testId="doc-status" />;

const useInvoices = (query: QueryParams) => useSaleList({ ...query, document: 'invoice' });
const useQuotations = (query: QueryParams) => useSaleList({ ...query, document: 'quotation' });

export interface DocumentListProps {
  document: 'invoice' | 'quotation';
  canCreate: boolean;
  /** Invoices: edit while unpaid; quotations: convert while open. */
  canEdit: boolean;
  canConvert: boolean;
  /** Quotations have no page of their own: one opens in a drawer over the list (?open=<id>). */
  renderDetail?: (id: string) => ReactNode;
}

/** Invoices (payment status, balance due) or quotations (open, converted, void), newest first. */
export function DocumentList({ document, canCreate, canEdit, canConvert, renderDetail }: DocumentListProps) {
  const { t } = useTranslation();
  const [converting, setConverting] = useState<Sale | null>(null);
  const invoice = document === 'invoice';
  const [params, setParams] = useSearchParams();
  const opened = params.get('open');
  const detail = (s: Sale) => (invoice ? `/invoice-listing/detail/${s.id}` : `/quotation-listing?open=${s.id}`);
  const close = () =>
    setParams((p) => {
      p.delete('open');
      return p;
    });
  return (
    <DocumentListPage
      useRows={invoice ? useInvoices : useQuotations}
      searchPlaceholder="sales_ui.search_placeholder"
      filters={useDocumentFilters(invoice)}
      firstStep={{ step: invoice ? 'invoices' : 'quotations' }}
      columns={documentColumns(invoice, detail, currentLanguage())}
      headerActions={() =>
        canCreate && (
          <Button
            component={Link}
            to={invoice ? '/create-invoice' : '/quotation-listing/create-quotation'}
            leftSection={<IconPlus size={16} />}
            data-testid="create"
          >
            {t('common.create')}
          </Button>
        )
      }
      rowActions={(s) => (
        <>
          <RowAction label="sales_ui.open" name={s.invoice_number} icon={IconEye} to={detail(s)} />
          {invoice && canEdit && s.status === 'completed' && s.payment_status === 'unpaid' && (
            <RowAction label="sale_docs.edit" name={s.invoice_number} icon={IconEdit} to={`/invoice-listing/edit/${s.id}`} />
          )}
          {!invoice && canConvert && s.status === 'open' && (
            <RowAction
              label="sale_docs.convert"
              name={s.invoice_number}
              icon={IconTransform}
              onClick={() => setConverting(s)}
              testId="row-convert"
            />
          )}
        </>
      )}
    >
      <ConvertDialog quotation={converting} onClose={() => setConverting(null)} />
      {renderDetail && (
        <Drawer
          opened={Boolean(opened)}
          onClose={close}
          position="right"
          size="xl"
          title={t('sale_docs.document.quotation')}
          closeButtonProps={{ 'aria-label': t('sales_ui.close') }}
        >
          {opened && renderDetail(opened)}
        </Drawer>
      )}
    </DocumentListPage>
  );
}

/** Branch, then the payment status of invoices or the state of quotations, then the period. */
function useDocumentFilters(invoice: boolean): DocumentFilter[] {
  const { t } = useTranslation();
  const options = useSaleScreenOptions().data;
  const status: DocumentFilter = invoice
    ? paymentStatusFilter(t, 190)
    : {
        kind: 'select',
        key: 'sale_status',
        label: 'sales_ui.status',
        placeholder: 'sale_docs.all_statuses',
        data: choicesOf(QUOTATION_STATUSES, (s) => t(`sales_ui.sale_status.${s}`)),
        width: 170,
        testId: 'filter-status',
      };
  return [
    branchFilter(options?.branches, { label: 'sales_ui.branch', placeholder: 'sales_ui.all_branches' }, 170),
    status,
    ...periodFilters('sales_ui'),
  ];
}

function documentColumns(invoice: boolean, detail: (s: Sale) => string, lang: Language): Column<Sale>[] {
  const money = (s: Sale, amount: string) => <Ltr>{formatMoneyText(amount, s.currency, lang)}</Ltr>;
  return [
    {
      key: 'invoice_number',
      header: invoice ? 'sales_ui.invoice_number' : 'sale_docs.quotation_number',
      sortable: true,
      render: (s) => <DocumentNumber to={detail(s)}>{s.invoice_number}</DocumentNumber>,
    },
    { key: 'sale_date', header: 'sales_ui.date', sortable: true, render: (s) => formatDate(`${s.sale_date}T12:00:00Z`, lang) },
    { key: 'customer', header: 'sales_ui.customer', render: (s) => s.customer_name },
    { key: 'branch', header: 'sales_ui.branch', render: (s) => s.branch_name },
    invoice
      ? { key: 'payment', header: 'sales_ui.payment_status_label', render: (s) => <PaymentBadge status={s.payment_status} /> }
      : { key: 'status', header: 'sales_ui.status', render: (s) => <StatusBadge status={s.status} /> },
    {
      key: 'grand_total',
      header: 'sales_ui.grand_total',
      sortable: true,
      align: 'right',
      render: (s) => <AmountText>{money(s, s.grand_total)}</AmountText>,
    },
    ...(invoice
      ? [
          {
            key: 'balance_due',
            header: 'sales_ui.balance_due',
            align: 'right' as const,
            render: (s: Sale) => <AmountText testId="doc-balance-due">{money(s, s.balance_due)}</AmountText>,
          },
        ]
      : []),
  ];
}
