import { useState } from 'react';
import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SALE_TYPES, type SaleType } from '@posauto/shared/schemas/sales';
import { useCustomerChoices } from '../api/sale-documents';

/** The head of a document being written, as the form holds it. */
export interface DocumentHeadValues {
  customerId: string | null;
  /** The chosen customer's label, kept while the search shows other customers. */
  customerLabel: string;
  branchId: string | null;
  saleDate: string;
  saleType: SaleType;
}

export interface DocumentHeadProps {
  values: DocumentHeadValues;
  onChange: (patch: Partial<DocumentHeadValues>) => void;
  branches: ReadonlyArray<{ id: string; name: string }>;
  /** The shop lets the day be chosen (edit_date); otherwise it is the day shown, fixed. */
  editDate: boolean;
  fixedDate: string;
  errors: Record<string, string>;
}

/** Customer (searched as typed; walk-in when none), branch, day and sale type of a sale, invoice or quotation. */
export function DocumentHead({ values, onChange, branches, editDate, fixedDate, errors }: DocumentHeadProps) {
  const { t } = useTranslation();
  const [customerSearch, setCustomerSearch] = useState('');
  const [debounced] = useDebouncedValue(customerSearch, 250);
  const customers = useCustomerChoices(debounced);
  const found = customers.data ?? [];
  const customerData = [
    ...(values.customerId && !found.some((c) => c.id === values.customerId)
      ? [{ value: values.customerId, label: values.customerLabel }]
      : []),
    ...found.map((c) => ({ value: c.id, label: [c.name, c.phone, c.member_id].filter(Boolean).join(' · ') })),
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Select
          label={t('sales_ui.customer')}
          description={customers.available ? undefined : t('sale_docs.walk_in_only')}
          placeholder={t('sale_docs.walk_in')}
          searchable
          clearable
          disabled={!customers.available}
          data={customerData}
          value={values.customerId}
          searchValue={customerSearch}
          onSearchChange={setCustomerSearch}
          onChange={(v, option) => onChange({ customerId: v, customerLabel: option?.label ?? '' })}
          nothingFoundMessage={t('common.no_match')}
          error={errors.customer_id}
          data-testid="doc-customer"
        />
        <Select
          label={t('sales_ui.branch')}
          withAsterisk
          data={branches.map((b) => ({ value: b.id, label: b.name }))}
          value={values.branchId}
          onChange={(v) => onChange({ branchId: v })}
          error={errors.branch_id}
          data-testid="doc-branch"
        />
        {editDate ? (
          <TextInput
            type="date"
            label={t('sales_ui.date')}
            withAsterisk
            value={values.saleDate}
            onChange={(e) => onChange({ saleDate: e.currentTarget.value })}
            error={errors.sale_date}
          />
        ) : (
          <TextInput label={t('sales_ui.date')} value={fixedDate} readOnly description={t('sale_docs.date_fixed')} />
        )}
        <Select
          label={t('sales_ui.sale_type_label')}
          withAsterisk
          allowDeselect={false}
          data={SALE_TYPES.map((s) => ({ value: s, label: t(`sales_ui.sale_type.${s}`) }))}
          value={values.saleType}
          onChange={(v) => v && onChange({ saleType: v as SaleType })}
          error={errors.sale_type}
          data-testid="doc-sale-type"
        />
      </SimpleGrid>
    </Paper>
  );
}
