import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentMethodInput } from '@posauto/shared/schemas/catalogue-settings';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { PaymentMethodForm, paymentMethodsResource } from '../../features/sales';

export function PaymentMethodsScreen() {
  const { t } = useTranslation();
  return (
    <CrudListPage<PaymentMethod, PaymentMethodInput>
      resource={paymentMethodsResource}
      title="payment_method.title"
      firstStep="payment_methods"
      subtitle="payment_method.subtitle"
      searchPlaceholder="payment_method.search_placeholder"
      createTitle="payment_method.create_title"
      editTitle="payment_method.edit_title"
      withStatus
      Form={PaymentMethodForm}
      columns={[
        { key: 'name', header: 'payment_method.name', sortable: true, render: (p) => <Text fw={500}>{p.name}</Text> },
        { key: 'type', header: 'payment_method.type', render: (p) => <Badge variant="light">{t(`payment_method.types.${p.type}`)}</Badge> },
        {
          key: 'account_details',
          header: 'payment_method.account_details',
          render: (p) =>
            p.account_details ?? (
              <Text c="dimmed" size="sm">
                —
              </Text>
            ),
        },
      ]}
    />
  );
}
