import { adjustmentTypeInputSchema, adjustmentTypeSchema, settingListsQuerySchema } from '@posauto/shared/schemas/setting-lists';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { registerCrudRoutes } from '../../http/crud';
import { adjustmentTypesService } from './adjustment-types.service';

export function adjustmentTypeRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/adjustment-types',
    tag: 'adjustment types',
    permissions: { read: 'adjustment-type', create: 'adjustment-type', update: 'adjustment-type', delete: 'adjustment-type' },
    schemas: { item: adjustmentTypeSchema, input: adjustmentTypeInputSchema, query: settingListsQuerySchema },
    service: adjustmentTypesService(deps),
    exportSheet: {
      fileKey: 'adjustment_type.title',
      columns: (t) => [
        { header: t('adjustment_type.name'), value: (a) => a.name, width: 28 },
        { header: t('adjustment_type.direction'), value: (a) => t(`adjustment_type.directions.${a.direction}`), width: 16 },
        { header: t('adjustment_type.description'), value: (a) => a.description, width: 40 },
        { header: t('common.status'), value: (a) => t(a.status ? 'common.active' : 'common.inactive'), width: 12 },
        { header: t('common.created_at'), value: (a) => a.created_at.slice(0, 10), width: 14 },
      ],
    },
  });
}
