import { Button, Group } from '@mantine/core';
import { IconEye, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Language } from '@posauto/shared/i18n/index';
import { routeByName } from '@posauto/shared/routes';
import type { Sale } from '@posauto/shared/schemas/sales';
import type { Column } from '../../../components/data-table/data-table';
import { AmountText, DocumentNumber, RowAction } from '../../../components/documents/document-list-actions';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import type { QueryParams } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSaleList } from '../api/sales';
import { saleMoney } from '../lib/sale-money';
import { SalePaymentBadge, SaleReviewBadges, SaleStatusBadge } from './sale-badges';
import { SaleDetailDrawer, type SaleDetailActions } from './sale-detail';
import { useSaleFilters, type SaleFilterKey } from './sale-filters';

const POS_FILTERS: readonly SaleFilterKey[] = ['from', 'to', 'branch_id', 'cashier_id', 'customer_id', 'payment_status', 'review'];
const EVERY_FILTER: readonly SaleFilterKey[] = [
  'from',
  'to',
  'branch_id',
  'cashier_id',
  'customer_id',
  'sale_type',
  'payment_status',
  'review',
];
const NEWEST_FIRST = { key: 'sold_at', order: 'desc' } as const;

/** Sales only (not invoices or quotations), newest first unless the address says otherwise. */
const sales = (query: QueryParams): QueryParams => ({
  ...query,
  document: 'sale',
  sort: query.sort ?? NEWEST_FIRST.key,
  order: query.sort ? query.order : NEWEST_FIRST.order,
});
const useTillSales = (query: QueryParams) => useSaleList({ ...sales(query), sale_type: 'pos_retail' });
const useEverySale = (query: QueryParams) => useSaleList(sales(query));

/**
 * A list of sales, newest first: the till's sales (`pos`, /sale-listing) or every sale whatever its type (`all`,
 * /sales-listing), with the filters. A row opens the sale's detail in a drawer (its id in the address).
 */
export function SaleList({ mode, actions }: { mode: 'pos' | 'all'; actions: SaleDetailActions }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openId = params.get('sale');
  const open = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('sale', id);
        else next.delete('sale');
        return next;
      },
      { replace: false },
    );
  // A sale entered by hand: into the caller's till session (POS) or of any type (all sales); both need only this list's key.
  const create = routeByName(mode === 'pos' ? 'create-sales' : 'create-new-sale');
  return (
    <DocumentListPage
      useRows={mode === 'pos' ? useTillSales : useEverySale}
      searchPlaceholder="sales_ui.search_placeholder"
      filters={useSaleFilters(mode === 'pos' ? POS_FILTERS : EVERY_FILTER)}
      defaultSort={NEWEST_FIRST}
      firstStep={{ step: mode === 'pos' ? 'pos_sales' : 'sales' }}
      columns={saleColumns(mode, open, t, currentLanguage())}
      headerActions={() => (
        <Button component={Link} to={create.path} leftSection={<IconPlus size={16} />} data-testid="create">
          {t(`pages.${create.name}`)}
        </Button>
      )}
      rowActions={(s) => (
        <>
          <RowAction label="sales_ui.open" name={s.invoice_number} icon={IconEye} onClick={() => open(s.id)} />
          <RowAction
            label="sales_ui.print_receipt"
            name={s.invoice_number}
            icon={IconPrinter}
            onClick={() => actions.print(s.id, {})}
            testId="row-print"
          />
        </>
      )}
    >
      <SaleDetailDrawer saleId={openId} onClose={() => open(null)} actions={actions} />
    </DocumentListPage>
  );
}

function saleColumns(mode: 'pos' | 'all', open: (id: string) => void, t: (key: string) => string, lang: Language): Column<Sale>[] {
  return [
    {
      key: 'invoice_number',
      header: 'sales_ui.invoice_number',
      sortable: true,
      render: (s) => (
        <DocumentNumber onClick={() => open(s.id)} testId="sale-number" dir="ltr">
          {s.invoice_number}
        </DocumentNumber>
      ),
    },
    { key: 'sold_at', header: 'sales_ui.date', sortable: true, render: (s) => formatDateTime(s.sold_at, lang) },
    { key: 'customer', header: 'sales_ui.customer', render: (s) => s.customer_name },
    { key: 'cashier', header: 'sales_ui.cashier', render: (s) => s.cashier_name ?? '—' },
    { key: 'branch', header: 'sales_ui.branch', render: (s) => s.branch_name },
    ...(mode === 'all'
      ? [{ key: 'sale_type', header: 'sales_ui.sale_type_label', render: (s: Sale) => t(`sales_ui.sale_type.${s.sale_type}`) }]
      : []),
    {
      key: 'status',
      header: 'sales_ui.status',
      render: (s) => (
        <Group gap={4} wrap="nowrap">
          {s.status !== 'completed' && <SaleStatusBadge status={s.status} />}
          <SalePaymentBadge status={s.payment_status} />
          <SaleReviewBadges flags={s.review} />
        </Group>
      ),
    },
    {
      key: 'grand_total',
      header: 'sales_ui.grand_total',
      sortable: true,
      align: 'right',
      render: (s) => <AmountText>{saleMoney(s.grand_total, s.currency, lang)}</AmountText>,
    },
    {
      key: 'balance_due',
      header: 'sales_ui.balance_due',
      align: 'right',
      render: (s) => <AmountText>{saleMoney(s.balance_due, s.currency, lang)}</AmountText>,
    },
  ];
}
