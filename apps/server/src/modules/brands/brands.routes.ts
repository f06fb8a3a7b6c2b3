import { brandInputSchema, brandSchema, settingListQuerySchema } from '@posauto/shared/schemas/catalogue-settings';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { registerCrudRoutes } from '../../http/crud';
import { brandsService } from './brands.service';

export function brandRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/brands',
    tag: 'brands',
    permissions: { read: 'brand-management', create: 'brand-management', update: 'brand-management', delete: 'brand-management' },
    schemas: { item: brandSchema, input: brandInputSchema, query: settingListQuerySchema },
    service: brandsService(deps),
    exportSheet: {
      fileKey: 'brand.title',
      columns: (t) => [
        { header: t('brand.name'), value: (b) => b.name, width: 32 },
        { header: t('brand.description'), value: (b) => b.description, width: 40 },
        { header: t('common.status'), value: (b) => t(b.status ? 'common.active' : 'common.inactive'), width: 12 },
        { header: t('common.created_at'), value: (b) => b.created_at.slice(0, 10), width: 14 },
      ],
    },
  });
}
