export { expenseCategoryRoutes } from './expense-categories.routes';
export { EXPENSE_CATEGORY_COUNTER, expenseCategoriesService } from './expense-categories.service';
