import { paymentMethodInputSchema, paymentMethodSchema, settingListQuerySchema } from '@posauto/shared/schemas/catalogue-settings';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { paymentMethodsService } from './payment-methods.service';

export function paymentMethodRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/payment-methods',
    tag: 'payment methods',
    permissions: managedBy('sale-setting'),
    shopLevel: true,
    schemas: { item: paymentMethodSchema, input: paymentMethodInputSchema, query: settingListQuerySchema },
    service: paymentMethodsService(deps),
    exportSheet: {
      fileKey: 'payment_method.title',
      columns: (t) => [
        { header: t('payment_method.name'), value: (p) => p.name, width: 28 },
        { header: t('payment_method.type'), value: (p) => t(`payment_method.types.${p.type}`), width: 18 },
        { header: t('payment_method.account_details'), value: (p) => p.account_details, width: 40 },
        ...statusAndCreated(t),
      ],
    },
  });
}
