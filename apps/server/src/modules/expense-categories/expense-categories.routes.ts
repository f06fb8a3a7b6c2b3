import { expenseCategoryInputSchema, expenseCategoryListQuerySchema, expenseCategorySchema } from '@posauto/shared/schemas/expenses';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { expenseCategoriesService } from './expense-categories.service';

/** /expend-category: the shop's expense categories. Branch users read them (to record expenses), never change them. */
export function expenseCategoryRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/expense-categories',
    tag: 'expense categories',
    permissions: managedBy('expend-management'),
    shopLevel: ['create', 'update', 'delete'],
    schemas: { item: expenseCategorySchema, input: expenseCategoryInputSchema, query: expenseCategoryListQuerySchema },
    service: expenseCategoriesService(deps),
    exportSheet: {
      fileKey: 'expenses.categories.title',
      fileName: 'expense-categories',
      columns: (t) => [
        { header: t('expenses.categories.name'), value: (c) => c.name, width: 24 },
        { header: t('expenses.categories.description'), value: (c) => c.description, width: 36 },
        ...statusAndCreated(t),
      ],
    },
  });
}
