import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, isCurrencyCode, parseDecimal } from '@posauto/shared/money/index';
import type { ServiceCharge, ServiceChargeInput } from '@posauto/shared/schemas/setting-lists';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { ServiceChargeForm, serviceChargesResource } from '../../features/sales';
import { currentLanguage } from '../../lib/i18n';
import { formatMoney } from '../../lib/money-format';

/** "12.5" -> 12.5%; a fixed amount in its own currency, the shop's way. */
function chargeValue(s: ServiceCharge, lang: ReturnType<typeof currentLanguage>): string {
  if (s.type === 'percentage' || !isCurrencyCode(s.currency)) return `${s.value}%`;
  return formatMoney(parseDecimal(s.value, CURRENCIES[s.currency].minorDigits), s.currency, lang);
}

export function ServiceChargesScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <CrudListPage<ServiceCharge, ServiceChargeInput>
      resource={serviceChargesResource}
      title="service_charge.title"
      firstStep="service_charges"
      subtitle="service_charge.subtitle"
      searchPlaceholder="service_charge.search_placeholder"
      createTitle="service_charge.create_title"
      editTitle="service_charge.edit_title"
      withStatus
      Form={ServiceChargeForm}
      columns={[
        { key: 'name', header: 'service_charge.name', sortable: true, render: (s) => <Text fw={500}>{s.name}</Text> },
        {
          key: 'type',
          header: 'service_charge.type',
          render: (s) => (
            <Badge variant="light" color={s.type === 'fixed' ? 'grape' : undefined}>
              {t(`service_charge.types.${s.type}`)}
            </Badge>
          ),
        },
        {
          key: 'value',
          header: 'service_charge.value',
          render: (s) => (
            <Text dir="ltr" ff="monospace" size="sm">
              {chargeValue(s, lang)}
            </Text>
          ),
        },
        {
          key: 'applies_to',
          header: 'service_charge.applies_to',
          render: (s) => (
            <Badge variant="outline" color="gray">
              {t(`service_charge.applies.${s.applies_to}`)}
            </Badge>
          ),
        },
      ]}
    />
  );
}
