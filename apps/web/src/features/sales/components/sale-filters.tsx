import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUSES } from '@posauto/shared/schemas/purchases';
import { SALE_TYPES } from '@posauto/shared/schemas/sales';
import type { ListState } from '../../../components/crud/list-state';
import { useCustomerChoices, useSaleScreenOptions } from '../api/sales';

export type SaleFilterKey = 'branch_id' | 'cashier_id' | 'customer_id' | 'sale_type' | 'payment_status' | 'from' | 'to';

/**
 * The filters of the sale lists (issue 12: date, branch, cashier, customer, sale type, payment status); each list
 * names the ones it shows. Values live in the address with the rest of the list state.
 */
export function SaleFilters({
  state,
  update,
  show,
}: {
  state: ListState;
  update: (patch: Partial<ListState>) => void;
  show: readonly SaleFilterKey[];
}) {
  const { t } = useTranslation();
  const options = useSaleScreenOptions();
  const [customerSearch, setCustomerSearch] = useState('');
  const [debounced] = useDebouncedValue(customerSearch, 250);
  const customers = useCustomerChoices(debounced);
  const has = (key: SaleFilterKey) => show.includes(key);
  const set = (key: SaleFilterKey, value: string | null) => update({ filters: { ...state.filters, [key]: value || undefined } });
  const customerData = (customers.data ?? []).map((c) => ({
    value: c.id,
    label: [c.name, c.phone, c.member_id].filter(Boolean).join(' · '),
  }));
  const chosen = state.filters.customer_id;
  if (chosen && !customerData.some((c) => c.value === chosen))
    customerData.unshift({ value: chosen, label: t('sales_ui.chosen_customer') });
  return (
    <>
      {has('from') && (
        <TextInput
          type="date"
          label={t('sales_ui.from')}
          value={state.filters.from ?? ''}
          onChange={(e) => set('from', e.currentTarget.value)}
          w={150}
          data-testid="filter-from"
        />
      )}
      {has('to') && (
        <TextInput
          type="date"
          label={t('sales_ui.to')}
          value={state.filters.to ?? ''}
          onChange={(e) => set('to', e.currentTarget.value)}
          w={150}
          data-testid="filter-to"
        />
      )}
      {has('branch_id') && (options.data?.branches.length ?? 0) > 1 && (
        <Select
          aria-label={t('sales_ui.branch')}
          placeholder={t('sales_ui.all_branches')}
          data={(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
          value={state.filters.branch_id ?? null}
          onChange={(v) => set('branch_id', v)}
          clearable
          w={190}
          data-testid="filter-branch"
        />
      )}
      {has('cashier_id') && (options.data?.cashiers.length ?? 0) > 0 && (
        <Select
          aria-label={t('sales_ui.cashier')}
          placeholder={t('sales_ui.all_cashiers')}
          data={(options.data?.cashiers ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={state.filters.cashier_id ?? null}
          onChange={(v) => set('cashier_id', v)}
          clearable
          searchable
          w={170}
          data-testid="filter-cashier"
        />
      )}
      {has('customer_id') && customers.available && (
        <Select
          aria-label={t('sales_ui.customer')}
          placeholder={t('sales_ui.all_customers')}
          data={customerData}
          value={chosen ?? null}
          onChange={(v) => set('customer_id', v)}
          searchable
          searchValue={customerSearch}
          onSearchChange={setCustomerSearch}
          filter={({ options: o }) => o}
          clearable
          w={200}
          data-testid="filter-customer"
        />
      )}
      {has('sale_type') && (
        <Select
          aria-label={t('sales_ui.sale_type_label')}
          placeholder={t('sales_ui.all_sale_types')}
          data={SALE_TYPES.map((s) => ({ value: s, label: t(`sales_ui.sale_type.${s}`) }))}
          value={state.filters.sale_type ?? null}
          onChange={(v) => set('sale_type', v)}
          clearable
          w={170}
          data-testid="filter-sale-type"
        />
      )}
      {has('payment_status') && (
        <Select
          aria-label={t('sales_ui.payment_status_label')}
          placeholder={t('sales_ui.all_payment_statuses')}
          data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`sales_ui.payment_status.${s}`) }))}
          value={state.filters.payment_status ?? null}
          onChange={(v) => set('payment_status', v)}
          clearable
          w={170}
          data-testid="filter-payment-status"
        />
      )}
    </>
  );
}
