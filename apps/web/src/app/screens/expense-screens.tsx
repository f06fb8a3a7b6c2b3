import { Text } from '@mantine/core';
import type { ExpenseCategory, ExpenseCategoryInput } from '@posauto/shared/schemas/expenses';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { ExpenseCategoryForm, ExpenseList, expenseCategoriesResource } from '../../features/expenses';
import { useUserData } from '../../lib/auth-store';

/** /expend-listing */
export function ExpenseListingScreen() {
  return <ExpenseList />;
}

/** /expend-category: a setting list; branch users read it (to record expenses) but only the shop changes it. */
export function ExpenseCategoriesScreen() {
  const shopLevel = !useUserData()?.data.branch_id;
  return (
    <CrudListPage<ExpenseCategory, ExpenseCategoryInput>
      resource={expenseCategoriesResource}
      title="expenses.categories.title"
      firstStep="expense_categories"
      subtitle="expenses.categories.subtitle"
      searchPlaceholder="expenses.categories.search_placeholder"
      createTitle="expenses.categories.create_title"
      editTitle="expenses.categories.edit_title"
      withStatus
      Form={ExpenseCategoryForm}
      can={{ create: shopLevel, edit: shopLevel, delete: shopLevel, status: shopLevel }}
      columns={[
        { key: 'name', header: 'expenses.categories.name', sortable: true, render: (c) => <Text fw={500}>{c.name}</Text> },
        { key: 'description', header: 'expenses.categories.description', render: (c) => c.description ?? '' },
      ]}
    />
  );
}
