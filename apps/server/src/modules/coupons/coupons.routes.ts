import { couponInputSchema, couponListQuerySchema, couponSchema } from '@posauto/shared/schemas/coupons';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, statusAndCreated } from '../../http/crud';
import { couponsService } from './coupons.service';

/** The coupon list of the sales menu (spec: coupon management). */
export function couponRoutes(app: AppInstance, deps: Deps): void {
  registerCrudRoutes(app, {
    path: '/api/v1/coupons',
    tag: 'coupons',
    permissions: managedBy('coupon-management'),
    schemas: { item: couponSchema, input: couponInputSchema, query: couponListQuerySchema },
    service: couponsService(deps),
    exportSheet: {
      fileKey: 'coupons.title',
      fileName: 'coupons',
      columns: (t) => [
        { header: t('coupons.code'), value: (c) => c.name, width: 18 },
        { header: t('coupons.description'), value: (c) => c.description, width: 28 },
        { header: t('coupons.discount_type'), value: (c) => t(`coupons.types.${c.discount_type}`), width: 16 },
        {
          header: t('coupons.discount_value'),
          value: (c) => (c.discount_type === 'percent' ? `${c.discount_value}%` : `${c.discount_value} ${c.currency ?? ''}`.trim()),
          width: 14,
        },
        { header: t('coupons.starts_on'), value: (c) => c.starts_on, width: 14 },
        { header: t('coupons.ends_on'), value: (c) => c.ends_on, width: 14 },
        {
          header: t('coupons.usage_limit'),
          value: (c) => (c.usage_limit === null ? t('coupons.unlimited') : String(c.usage_limit)),
          width: 14,
        },
        { header: t('coupons.used_count'), value: (c) => String(c.used_count), width: 12 },
        ...statusAndCreated(t),
      ],
    },
  });
}
