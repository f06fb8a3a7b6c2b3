import { Button, Text } from '@mantine/core';
import { IconEdit, IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import type { Expense, ExpenseInput, ExpenseOptions } from '@posauto/shared/schemas/expenses';
import { EntityModal, useEntityEditing } from '../../../components/crud/entity-editing';
import { ExportMenu } from '../../../components/crud/export-menu';
import type { Column } from '../../../components/data-table/data-table';
import { branchFilter, periodFilters, type DocumentFilter } from '../../../components/documents/document-filters';
import { AmountText, RowAction } from '../../../components/documents/document-list-actions';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoneyText } from '../../../lib/money-format';
import { notifyError } from '../../../lib/notify';
import { downloadExpenseAttachment, expensesResource, useExpenseList, useExpenseOptions } from '../api/expenses';
import { ExpenseForm } from './expense-form';
import { TotalsBar } from './expense-totals';

/** /expend-listing: the shop's expenses (a branch user's: its branch's), filtered, totalled, exported, edited in a dialog. */
export function ExpenseList() {
  const { t } = useTranslation();
  const o = useExpenseOptions().data;
  const e = useEntityEditing<Expense, ExpenseInput>(expensesResource);
  return (
    <DocumentListPage
      useRows={useExpenseList}
      subtitle="expenses.subtitle"
      searchPlaceholder="expenses.search_placeholder"
      filters={expenseFilters(o)}
      firstStep={{ step: 'expenses', onAction: o ? e.startCreate : undefined }}
      above={(answer) => <TotalsBar totals={answer.totals} />}
      columns={expenseColumns(currentLanguage())}
      headerActions={(query) => (
        <>
          <ExportMenu path={expensesResource.path} query={query} />
          <Button leftSection={<IconPlus size={16} />} onClick={e.startCreate} disabled={!o} data-testid="create">
            {t('common.add_new')}
          </Button>
        </>
      )}
      centredActions={130}
      rowActions={(x) => (
        <>
          {x.attachment && (
            <RowAction
              label="expenses.view_attachment"
              icon={IconPaperclip}
              onClick={() => void downloadExpenseAttachment(x.id).catch(notifyError)}
              testId="row-attachment"
            />
          )}
          <RowAction label="common.edit" icon={IconEdit} onClick={() => e.startEdit(x)} disabled={!o} testId="row-edit" />
          <RowAction label="common.delete" icon={IconTrash} color="red" onClick={() => e.remove(x)} testId="row-delete" />
        </>
      )}
    >
      <EntityModal
        open={e.editing !== undefined && Boolean(o)}
        onClose={e.close}
        title={e.editing ? 'expenses.edit_title' : 'expenses.create_title'}
      >
        {o && e.editing !== undefined && <ExpenseForm item={e.editing} options={o} submit={e.submit} onCancel={e.close} />}
      </EntityModal>
    </DocumentListPage>
  );
}

function expenseFilters(o: ExpenseOptions | undefined): DocumentFilter[] {
  return [
    {
      kind: 'select',
      key: 'category_id',
      label: 'expenses.category',
      placeholder: 'expenses.all_categories',
      data: (o?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
      searchable: true,
      width: 180,
      testId: 'filter-category_id',
    },
    branchFilter(o?.branches, { label: 'expenses.branch', placeholder: 'expenses.all_branches' }, 180, 'filter-branch_id'),
    {
      kind: 'select',
      key: 'payment_method_id',
      label: 'expenses.payment_method',
      placeholder: 'expenses.all_payment_methods',
      data: (o?.payment_methods ?? []).map((p) => ({ value: p.id, label: p.name })),
      width: 190,
      testId: 'filter-payment_method_id',
    },
    ...periodFilters('expenses'),
  ];
}

function expenseColumns(lang: Language): Column<Expense>[] {
  return [
    {
      key: 'expense_date',
      header: 'expenses.expense_date',
      sortable: true,
      render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(`${e.expense_date}T12:00:00Z`, lang)}</span>,
    },
    { key: 'category', header: 'expenses.category', render: (e) => e.category_name },
    { key: 'branch', header: 'expenses.branch', render: (e) => e.branch_name },
    {
      key: 'expend_cost',
      header: 'expenses.expend_cost',
      align: 'right',
      render: (e) => <AmountText dir="ltr">{formatMoneyText(e.expend_cost, e.currency, lang)}</AmountText>,
    },
    {
      key: 'amount',
      header: 'expenses.amount_column',
      sortable: true,
      align: 'right',
      render: (e) => (
        <AmountText fw={500} dir="ltr">
          {formatMoneyText(e.amount, e.shop_currency, lang)}
        </AmountText>
      ),
    },
    { key: 'payment_method', header: 'expenses.payment_method', render: (e) => e.payment_method_name ?? '—' },
    {
      key: 'note',
      header: 'expenses.note',
      render: (e) => (
        <Text size="sm" lineClamp={2} maw={260}>
          {e.note}
        </Text>
      ),
    },
  ];
}
