export { expenseRoutes } from './expenses.routes';
export { expensesService } from './expenses.service';
export { EXPENSE_COUNTER, inShopCurrency } from './expenses-read';
export { isPdf } from './expense-attachments';
