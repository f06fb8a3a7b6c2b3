import { settingListsQuerySchema, variationInputSchema, variationSchema } from '@posauto/shared/schemas/setting-lists';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { variationsService } from './variations.service';

export function variationRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/variations',
    tag: 'variations',
    permissions: managedBy('product-variation'),
    schemas: { item: variationSchema, input: variationInputSchema, query: settingListsQuerySchema },
    service: variationsService(deps),
    exportSheet: {
      fileKey: 'variation.title',
      columns: (t) => [
        { header: t('variation.name'), value: (v) => v.name, width: 28 },
        { header: t('variation.values'), value: (v) => v.values.map((x) => x.name).join(', '), width: 40 },
        { header: t('variation.description'), value: (v) => v.description, width: 40 },
        ...statusAndCreated(t),
      ],
    },
  });
}
