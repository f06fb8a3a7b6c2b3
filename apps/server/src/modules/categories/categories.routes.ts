import { categoryInputSchema, categoryListQuerySchema, categorySchema } from '@posauto/shared/schemas/categories';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { registerCrudRoutes } from '../../http/crud';
import { categoriesService } from './categories.service';

export function categoryRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/categories',
    tag: 'categories',
    permissions: {
      read: 'category-management',
      create: 'category-management',
      update: 'category-management',
      delete: 'category-management',
    },
    schemas: { item: categorySchema, input: categoryInputSchema, query: categoryListQuerySchema },
    service: categoriesService(deps),
    exportSheet: {
      fileKey: 'category.title',
      columns: (t) => [
        { header: t('category.name'), value: (c) => c.name, width: 32 },
        { header: t('category.parent'), value: (c) => c.parent_name },
        { header: t('category.icon'), value: (c) => c.icon },
        { header: t('common.status'), value: (c) => t(c.status ? 'common.active' : 'common.inactive'), width: 12 },
        { header: t('common.created_at'), value: (c) => c.created_at.slice(0, 10), width: 14 },
      ],
    },
  });
}
