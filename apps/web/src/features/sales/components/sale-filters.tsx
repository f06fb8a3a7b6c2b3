import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES } from '@posauto/shared/schemas/purchases';
import { SALE_TYPES } from '@posauto/shared/schemas/sales';
import { branchFilter, choicesOf, periodFilters, type DocumentFilter } from '../../../components/documents/document-filters';
import { useCustomerChoices, useSaleScreenOptions } from '../api/sales';

export type SaleFilterKey = 'branch_id' | 'cashier_id' | 'customer_id' | 'sale_type' | 'payment_status' | 'review' | 'from' | 'to';

/**
 * The filters of the sale lists (issue 12: date, branch, cashier, customer, sale type, payment status); each list
 * names the ones it shows, in this order. Values live in the address with the rest of the list state.
 */
export function useSaleFilters(show: readonly SaleFilterKey[]): DocumentFilter[] {
  const { t } = useTranslation();
  const options = useSaleScreenOptions().data;
  const cashiers = options?.cashiers ?? [];
  const all: DocumentFilter[] = [
    ...periodFilters('sales_ui'),
    branchFilter(options?.branches, { label: 'sales_ui.branch', placeholder: 'sales_ui.all_branches' }, 190, 'filter-branch'),
    {
      kind: 'select',
      key: 'cashier_id',
      label: 'sales_ui.cashier',
      placeholder: 'sales_ui.all_cashiers',
      data: cashiers.map((c) => ({ value: c.id, label: c.name })),
      searchable: true,
      width: 170,
      hidden: cashiers.length === 0,
      testId: 'filter-cashier',
    },
    { kind: 'custom', key: 'customer_id', render: (value, set) => <CustomerFilter value={value} set={set} /> },
    {
      kind: 'select',
      key: 'sale_type',
      label: 'sales_ui.sale_type_label',
      placeholder: 'sales_ui.all_sale_types',
      data: choicesOf(SALE_TYPES, (s) => t(`sales_ui.sale_type.${s}`)),
      width: 170,
      testId: 'filter-sale-type',
    },
    paymentStatusFilter(t, 170),
    {
      // The sales an offline till sent that a manager must look at (issue #26): a session closed, stock run out...
      kind: 'select',
      key: 'review',
      label: 'tills.review_label',
      placeholder: 'tills.all_sales',
      data: [{ value: 'needed', label: t('tills.needs_review') }],
      width: 160,
      testId: 'filter-review',
    },
  ];
  return all.filter((f) => show.includes(f.key as SaleFilterKey));
}

/** Paid, partly paid or unpaid: sales and invoices alike. */
export function paymentStatusFilter(t: (key: string) => string, width: number): DocumentFilter {
  return {
    kind: 'select',
    key: 'payment_status',
    label: 'sales_ui.payment_status_label',
    placeholder: 'sales_ui.all_payment_statuses',
    data: choicesOf(PAYMENT_STATUSES, (s) => t(`sales_ui.payment_status.${s}`)),
    width,
    testId: 'filter-payment-status',
  };
}

/** The customer, found by typing (a shop has too many to list); offered only to whoever may look customers up. */
function CustomerFilter({ value, set }: { value: string | undefined; set: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const customers = useCustomerChoices(debounced);
  if (!customers.available) return null;
  const data = (customers.data ?? []).map((c) => ({ value: c.id, label: [c.name, c.phone, c.member_id].filter(Boolean).join(' · ') }));
  if (value && !data.some((c) => c.value === value)) data.unshift({ value, label: t('sales_ui.chosen_customer') });
  return (
    <Select
      aria-label={t('sales_ui.customer')}
      placeholder={t('sales_ui.all_customers')}
      data={data}
      value={value ?? null}
      onChange={set}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      clearable
      w={200}
      data-testid="filter-customer"
    />
  );
}
