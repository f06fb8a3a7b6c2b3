import { categoryInputSchema, categoryListQuerySchema, categorySchema } from '@posauto/shared/schemas/categories';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { categoriesService } from './categories.service';

export function categoryRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/categories',
    tag: 'categories',
    permissions: managedBy('category-management'),
    schemas: { item: categorySchema, input: categoryInputSchema, query: categoryListQuerySchema },
    service: categoriesService(deps),
    exportSheet: {
      fileKey: 'category.title',
      columns: (t) => [
        { header: t('category.name'), value: (c) => c.name, width: 32 },
        { header: t('category.parent'), value: (c) => c.parent_name },
        { header: t('category.icon'), value: (c) => c.icon },
        ...statusAndCreated(t),
      ],
    },
  });
}
