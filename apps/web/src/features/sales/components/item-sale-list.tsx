import type { Language } from '@posauto/shared/i18n/index';
import type { SaleItem } from '@posauto/shared/schemas/sales';
import { ExportMenu } from '../../../components/crud/export-menu';
import type { Column } from '../../../components/data-table/data-table';
import { AmountText } from '../../../components/documents/document-list-actions';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import { Ltr } from '../../../components/ltr';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { SALE_ITEMS_PATH, useSaleItems } from '../api/sales';
import { isNonZero, plainQuantity, saleMoney } from '../lib/sale-money';
import { useSaleFilters, type SaleFilterKey } from './sale-filters';
import { negated } from '../../../lib/money-format';

const SHOWN: readonly SaleFilterKey[] = ['from', 'to', 'branch_id', 'customer_id'];

/** Every sold line of the sales that are not void (/item-sale-listing), filterable, exported as shown. */
export function ItemSaleList() {
  return (
    <DocumentListPage
      useRows={useSaleItems}
      searchPlaceholder="sales_ui.items_search_placeholder"
      filters={useSaleFilters(SHOWN)}
      firstStep={{ step: 'items_sold' }}
      columns={itemColumns(currentLanguage())}
      headerActions={(query) => <ExportMenu path={SALE_ITEMS_PATH} query={query} />}
    />
  );
}

function itemColumns(lang: Language): Column<SaleItem>[] {
  return [
    { key: 'sale_date', header: 'sales_ui.date', sortable: true, render: (r) => formatDateTime(r.sold_at, lang) },
    { key: 'invoice_number', header: 'sales_ui.invoice_number', sortable: true, render: (r) => r.invoice_number },
    { key: 'product_name', header: 'sales_ui.item', sortable: true, render: (r) => r.product_name },
    {
      key: 'quantity',
      header: 'sales_ui.quantity',
      align: 'right',
      render: (r) => `${plainQuantity(r.quantity)}${r.unit_name ? ` ${r.unit_name}` : ''}`,
    },
    {
      key: 'unit_price',
      header: 'sales_ui.unit_price',
      align: 'right',
      render: (r) => saleMoney(r.unit_price, r.currency, lang),
    },
    {
      key: 'line_discount',
      header: 'sales_ui.discount',
      align: 'right',
      render: (r) => (isNonZero(r.line_discount) ? <Ltr>{saleMoney(negated(r.line_discount), r.currency, lang)}</Ltr> : '—'),
    },
    {
      key: 'net_amount',
      header: 'sales_ui.amount',
      align: 'right',
      render: (r) => <AmountText fw={500}>{saleMoney(r.net_amount, r.currency, lang)}</AmountText>,
    },
    { key: 'customer', header: 'sales_ui.customer', render: (r) => r.customer_name },
    { key: 'cashier', header: 'sales_ui.cashier', render: (r) => r.cashier_name ?? '—' },
    { key: 'branch', header: 'sales_ui.branch', render: (r) => r.branch_name },
  ];
}
