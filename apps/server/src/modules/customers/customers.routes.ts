import { customerInputSchema, customerListQuerySchema, customerSchema } from '@posauto/shared/schemas/shop-settings';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { customersService } from './customers.service';

export function customerRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/customers',
    tag: 'customers',
    permissions: managedBy('customer-management'),
    schemas: { item: customerSchema, input: customerInputSchema, query: customerListQuerySchema },
    service: customersService(deps),
    exportSheet: {
      fileKey: 'customer.title',
      columns: (t) => [
        { header: t('customer.name'), value: (c) => c.name, width: 28 },
        { header: t('customer.type'), value: (c) => t(`customer.types.${c.customer_type}`), width: 14 },
        { header: t('customer.company_name'), value: (c) => c.company_name, width: 28 },
        { header: t('customer.member_id'), value: (c) => c.member_id, width: 16 },
        { header: t('customer.phone'), value: (c) => c.phone, width: 18 },
        { header: t('customer.email'), value: (c) => c.email, width: 28 },
        { header: t('customer.address'), value: (c) => c.address, width: 36 },
        { header: t('customer.note'), value: (c) => c.note, width: 36 },
        ...statusAndCreated(t),
      ],
    },
  });
}
