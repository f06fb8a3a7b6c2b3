export { expenseCategoriesResource, expensesResource, useExpenseOptions } from './api/expenses';
export { ExpenseCategoryForm } from './components/expense-category-form';
export { ExpenseForm } from './components/expense-form';
export { ExpenseList } from './components/expense-list';
