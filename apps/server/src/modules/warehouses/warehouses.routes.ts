import { warehouseInputSchema, warehouseListQuerySchema, warehouseSchema } from '@posauto/shared/schemas/shop-settings';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { warehousesService } from './warehouses.service';

export function warehouseRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/warehouses',
    tag: 'warehouses',
    permissions: managedBy('branch-management'),
    // A branch user manages only its own branch (the service scopes it); adding or removing branches is the shop's.
    shopLevel: ['create', 'delete'],
    schemas: { item: warehouseSchema, input: warehouseInputSchema, query: warehouseListQuerySchema },
    service: warehousesService(deps),
    exportSheet: {
      fileKey: 'warehouse.title',
      columns: (t) => [
        { header: t('warehouse.name'), value: (w) => w.name, width: 28 },
        { header: t('warehouse.address'), value: (w) => w.address, width: 40 },
        { header: t('warehouse.phone'), value: (w) => w.phone, width: 18 },
        { header: t('warehouse.default'), value: (w) => (w.is_default ? t('warehouse.yes') : ''), width: 12 },
        { header: t('warehouse.users_count'), value: (w) => w.users_count, width: 10 },
        ...statusAndCreated(t),
      ],
    },
  });
}
