export { expenseRoutes } from './expenses.routes';
export { EXPENSE_COUNTER, expensesService, inShopCurrency, isPdf } from './expenses.service';
