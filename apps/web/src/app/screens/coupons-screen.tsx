import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, isCurrencyCode, parseDecimal } from '@posauto/shared/money/index';
import type { Coupon, CouponInput } from '@posauto/shared/schemas/coupons';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { CouponForm, couponsResource } from '../../features/coupons';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatMoney } from '../../lib/money-format';

/** "12.5" -> 12.5%; a fixed amount in the shop currency, the shop's way. */
function couponValue(c: Coupon, lang: ReturnType<typeof currentLanguage>): string {
  if (c.discount_type === 'percent' || !isCurrencyCode(c.currency)) return `${c.discount_value}%`;
  return formatMoney(parseDecimal(c.discount_value, CURRENCIES[c.currency].minorDigits), c.currency, lang);
}

export function CouponsScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00Z`, lang) : '…');
  return (
    <CrudListPage<Coupon, CouponInput>
      resource={couponsResource}
      title="coupons.title"
      firstStep="coupons"
      subtitle="coupons.subtitle"
      searchPlaceholder="coupons.search_placeholder"
      createTitle="coupons.create_title"
      editTitle="coupons.edit_title"
      withStatus
      Form={CouponForm}
      columns={[
        {
          key: 'name',
          header: 'coupons.code',
          sortable: true,
          render: (c) => (
            <Text fw={600} ff="monospace" dir="ltr">
              {c.name}
            </Text>
          ),
        },
        {
          key: 'discount',
          header: 'coupons.discount_value',
          render: (c) => (
            <Badge variant="light" color={c.discount_type === 'fixed' ? 'grape' : undefined}>
              <span dir="ltr">{couponValue(c, lang)}</span>
            </Badge>
          ),
        },
        {
          key: 'ends_on',
          header: 'coupons.validity',
          sortable: true,
          render: (c) => (c.starts_on || c.ends_on ? `${day(c.starts_on)} – ${day(c.ends_on)}` : t('coupons.always')),
        },
        {
          key: 'usage',
          header: 'coupons.used_count',
          render: (c) => (c.usage_limit === null ? `${c.used_count} / ${t('coupons.unlimited')}` : `${c.used_count} / ${c.usage_limit}`),
        },
      ]}
    />
  );
}
