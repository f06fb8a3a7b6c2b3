import { brandInputSchema, brandSchema, settingListQuerySchema } from '@posauto/shared/schemas/catalogue-settings';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { brandsService } from './brands.service';

export function brandRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/brands',
    tag: 'brands',
    permissions: managedBy('brand-management'),
    schemas: { item: brandSchema, input: brandInputSchema, query: settingListQuerySchema },
    service: brandsService(deps),
    exportSheet: {
      fileKey: 'brand.title',
      columns: (t) => [
        { header: t('brand.name'), value: (b) => b.name, width: 32 },
        { header: t('brand.description'), value: (b) => b.description, width: 40 },
        ...statusAndCreated(t),
      ],
    },
  });
}
