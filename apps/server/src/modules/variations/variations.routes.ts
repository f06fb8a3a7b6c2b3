import { settingListsQuerySchema, variationInputSchema, variationSchema } from '@posauto/shared/schemas/setting-lists';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { registerCrudRoutes } from '../../http/crud';
import { variationsService } from './variations.service';

export function variationRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/variations',
    tag: 'variations',
    permissions: { read: 'product-variation', create: 'product-variation', update: 'product-variation', delete: 'product-variation' },
    schemas: { item: variationSchema, input: variationInputSchema, query: settingListsQuerySchema },
    service: variationsService(deps),
    exportSheet: {
      fileKey: 'variation.title',
      columns: (t) => [
        { header: t('variation.name'), value: (v) => v.name, width: 28 },
        { header: t('variation.values'), value: (v) => v.values.map((x) => x.name).join(', '), width: 40 },
        { header: t('variation.description'), value: (v) => v.description, width: 40 },
        { header: t('common.status'), value: (v) => t(v.status ? 'common.active' : 'common.inactive'), width: 12 },
        { header: t('common.created_at'), value: (v) => v.created_at.slice(0, 10), width: 14 },
      ],
    },
  });
}
