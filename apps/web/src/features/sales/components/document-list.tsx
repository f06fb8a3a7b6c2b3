import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Drawer, Group, Paper, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconPlus, IconTransform } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES, type PaymentStatus } from '@posauto/shared/schemas/purchases';
import type { Sale, SaleStatus } from '@posauto/shared/schemas/sales';
import { formatMoneyText } from '../../../lib/money-format';
import { DataTable, type Column } from '../../../components/data-table/data-table';
import { firstStepUnlessFiltered } from '../../../components/data-table/first-step';
import { Ltr } from '../../../components/ltr';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useDocumentList, useScreenOptions } from '../api/sale-documents';
import { ConvertDialog } from './convert-dialog';

const FILTERS = ['branch_id', 'payment_status', 'sale_status', 'from', 'to'] as const;
const PAYMENT_COLOR: Record<PaymentStatus, string> = { paid: 'teal', partial: 'orange', unpaid: 'red' };
const STATUS_COLOR: Record<SaleStatus, string> = { completed: 'teal', void: 'gray', open: 'blue', converted: 'violet' };
const QUOTATION_STATUSES = ['open', 'converted', 'void'] as const;

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={PAYMENT_COLOR[status]} style={{ minWidth: 'max-content' }} data-testid="doc-payment-status">
      {t(`sales_ui.payment_status.${status}`)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} style={{ minWidth: 'max-content' }} data-testid="doc-status">
      {t(`sales_ui.sale_status.${status}`)}
    </Badge>
  );
}

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
  const lang = currentLanguage();
  const { state, update, query } = useListState(FILTERS);
  const options = useScreenOptions();
  const list = useDocumentList({ ...query, document });
  const rows = list.data?.data ?? [];
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
  const filter = (key: (typeof FILTERS)[number], value: string | null) =>
    update({ page: 1, filters: { ...state.filters, [key]: value || undefined } });

  const columns: Column<Sale>[] = [
    {
      key: 'invoice_number',
      header: invoice ? 'sales_ui.invoice_number' : 'sale_docs.quotation_number',
      sortable: true,
      render: (s) => (
        <Text size="sm" fw={500} component={Link} to={detail(s)}>
          {s.invoice_number}
        </Text>
      ),
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
      render: (s) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <Ltr>{formatMoneyText(s.grand_total, s.currency, lang)}</Ltr>
        </Text>
      ),
    },
  ];
  if (invoice) {
    columns.push({
      key: 'balance_due',
      header: 'sales_ui.balance_due',
      align: 'right',
      render: (s) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="doc-balance-due">
          <Ltr>{formatMoneyText(s.balance_due, s.currency, lang)}</Ltr>
        </Text>
      ),
    });
  }
  columns.push({
    key: 'actions',
    header: 'common.actions',
    render: (s) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('sales_ui.open')}>
          <ActionIcon component={Link} to={detail(s)} variant="subtle" aria-label={`${t('sales_ui.open')} ${s.invoice_number}`}>
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
        {invoice && canEdit && s.status === 'completed' && s.payment_status === 'unpaid' && (
          <Tooltip label={t('sale_docs.edit')}>
            <ActionIcon
              component={Link}
              to={`/invoice-listing/edit/${s.id}`}
              variant="subtle"
              aria-label={`${t('sale_docs.edit')} ${s.invoice_number}`}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {!invoice && canConvert && s.status === 'open' && (
          <Tooltip label={t('sale_docs.convert')}>
            <ActionIcon
              variant="subtle"
              onClick={() => setConverting(s)}
              aria-label={`${t('sale_docs.convert')} ${s.invoice_number}`}
              data-testid="row-convert"
            >
              <IconTransform size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
  });

  return (
    <>
      <PageHeader
        actions={
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
      />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder="sales_ui.search_placeholder" />
          {(options.data?.branches.length ?? 0) > 1 && (
            <Select
              aria-label={t('sales_ui.branch')}
              placeholder={t('sales_ui.all_branches')}
              data={(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={state.filters.branch_id ?? null}
              onChange={(v) => filter('branch_id', v)}
              clearable
              w={170}
            />
          )}
          {invoice ? (
            <Select
              aria-label={t('sales_ui.payment_status_label')}
              placeholder={t('sales_ui.all_payment_statuses')}
              data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`sales_ui.payment_status.${s}`) }))}
              value={state.filters.payment_status ?? null}
              onChange={(v) => filter('payment_status', v)}
              clearable
              w={190}
              data-testid="filter-payment-status"
            />
          ) : (
            <Select
              aria-label={t('sales_ui.status')}
              placeholder={t('sale_docs.all_statuses')}
              data={QUOTATION_STATUSES.map((s) => ({ value: s, label: t(`sales_ui.sale_status.${s}`) }))}
              value={state.filters.sale_status ?? null}
              onChange={(v) => filter('sale_status', v)}
              clearable
              w={170}
              data-testid="filter-status"
            />
          )}
          <TextInput
            type="date"
            label={t('sales_ui.from')}
            value={state.filters.from ?? ''}
            onChange={(e) => filter('from', e.currentTarget.value)}
            w={150}
          />
          <TextInput
            type="date"
            label={t('sales_ui.to')}
            value={state.filters.to ?? ''}
            onChange={(e) => filter('to', e.currentTarget.value)}
            w={150}
          />
        </Group>
        <DataTable<Sale>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          firstStep={firstStepUnlessFiltered(state, { step: invoice ? 'invoices' : 'quotations' })}
          columns={columns}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>
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
    </>
  );
}
