import { serviceChargeInputSchema, serviceChargeSchema, settingListsQuerySchema } from '@posauto/shared/schemas/setting-lists';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { serviceChargesService } from './service-charges.service';

export function serviceChargeRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/service-charges',
    tag: 'service charges',
    permissions: managedBy('service-management'),
    schemas: { item: serviceChargeSchema, input: serviceChargeInputSchema, query: settingListsQuerySchema },
    service: serviceChargesService(deps),
    exportSheet: {
      fileKey: 'service_charge.title',
      columns: (t) => [
        { header: t('service_charge.name'), value: (s) => s.name, width: 28 },
        { header: t('service_charge.type'), value: (s) => t(`service_charge.types.${s.type}`), width: 16 },
        {
          header: t('service_charge.value'),
          value: (s) => (s.type === 'percentage' ? `${s.value}%` : `${s.value} ${s.currency ?? ''}`.trim()),
          width: 14,
        },
        { header: t('service_charge.applies_to'), value: (s) => t(`service_charge.applies.${s.applies_to}`), width: 16 },
        ...statusAndCreated(t),
      ],
    },
  });
}
