import { variationValueInputSchema, variationValueQuerySchema, variationValueSchema } from '@posauto/shared/schemas/setting-lists';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { registerCrudRoutes } from '../../http/crud';
import { variationValuesService } from './variation-values.service';

export function variationValueRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/variation-values',
    tag: 'variation values',
    permissions: { read: 'product-variation', create: 'product-variation', update: 'product-variation', delete: 'product-variation' },
    schemas: { item: variationValueSchema, input: variationValueInputSchema, query: variationValueQuerySchema },
    service: variationValuesService(deps),
    exportSheet: {
      fileKey: 'variation_value.title',
      columns: (t) => [
        { header: t('variation_value.variation'), value: (v) => v.variation_name, width: 24 },
        { header: t('variation_value.name'), value: (v) => v.name, width: 24 },
        { header: t('variation_value.sort_order'), value: (v) => v.sort_order, width: 10 },
        { header: t('common.status'), value: (v) => t(v.status ? 'common.active' : 'common.inactive'), width: 12 },
        { header: t('common.created_at'), value: (v) => v.created_at.slice(0, 10), width: 14 },
      ],
    },
  });
}
