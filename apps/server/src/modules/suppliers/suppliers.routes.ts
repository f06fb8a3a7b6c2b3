import { settingListQuerySchema, supplierInputSchema, supplierSchema } from '@posauto/shared/schemas/catalogue-settings';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { suppliersService } from './suppliers.service';

export function supplierRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/suppliers',
    tag: 'suppliers',
    permissions: managedBy('supplier-management'),
    schemas: { item: supplierSchema, input: supplierInputSchema, query: settingListQuerySchema },
    service: suppliersService(deps),
    exportSheet: {
      fileKey: 'supplier.title',
      columns: (t) => [
        { header: t('supplier.name'), value: (s) => s.name, width: 28 },
        { header: t('supplier.company'), value: (s) => s.company, width: 28 },
        { header: t('supplier.phone'), value: (s) => s.phone, width: 18 },
        { header: t('supplier.email'), value: (s) => s.email, width: 28 },
        { header: t('supplier.address'), value: (s) => s.address, width: 36 },
        { header: t('supplier.note'), value: (s) => s.note, width: 36 },
        ...statusAndCreated(t),
      ],
    },
  });
}
