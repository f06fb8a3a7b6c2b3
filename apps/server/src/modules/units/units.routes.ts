import { settingListQuerySchema, unitInputSchema, unitSchema } from '@posauto/shared/schemas/catalogue-settings';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { unitsService } from './units.service';

export function unitRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/units',
    tag: 'units',
    permissions: managedBy('product-unit'),
    schemas: { item: unitSchema, input: unitInputSchema, query: settingListQuerySchema },
    service: unitsService(deps),
    exportSheet: {
      fileKey: 'unit.title',
      columns: (t) => [
        { header: t('unit.name'), value: (u) => u.name, width: 24 },
        { header: t('unit.short_name'), value: (u) => u.short_name, width: 14 },
        { header: t('unit.base_unit'), value: (u) => u.base_unit_name, width: 24 },
        { header: t('unit.operation_value'), value: (u) => u.operation_value, width: 16 },
        ...statusAndCreated(t),
      ],
    },
  });
}
