import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_TYPES, type Customer, type CustomerInput } from '@posauto/shared/schemas/shop-settings';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { CustomerForm, customersResource } from '../../features/sales';

const dash = (
  <Text c="dimmed" size="sm">
    —
  </Text>
);

export function CustomersScreen() {
  const { t } = useTranslation();
  return (
    <CrudListPage<Customer, CustomerInput>
      resource={customersResource}
      title="customer.title"
      subtitle="customer.subtitle"
      searchPlaceholder="customer.search_placeholder"
      createTitle="customer.create_title"
      editTitle="customer.edit_title"
      withStatus
      locked={(c) => c.is_walk_in}
      Form={CustomerForm}
      filters={[
        {
          key: 'customer_type',
          placeholder: 'customer.all_types',
          data: CUSTOMER_TYPES.map((v) => ({ value: v, label: t(`customer.types.${v}`) })),
        },
      ]}
      columns={[
        {
          key: 'name',
          header: 'customer.name',
          sortable: true,
          render: (c) => (
            <Stack gap={2} align="flex-start">
              <Text fw={500}>
                <bdi>{c.name}</bdi>
              </Text>
              {c.company_name && (
                <Text c="dimmed" size="xs">
                  <bdi>{c.company_name}</bdi>
                </Text>
              )}
              {c.is_walk_in && (
                <Tooltip label={t('customer.walk_in_hint')} multiline w={260}>
                  <Badge variant="light" color="grape" size="sm" data-testid="walk-in-badge">
                    {t('customer.walk_in')}
                  </Badge>
                </Tooltip>
              )}
            </Stack>
          ),
        },
        {
          key: 'customer_type',
          header: 'customer.type',
          render: (c) => (
            <Badge variant="outline" color={c.customer_type === 'company' ? 'blue' : 'gray'}>
              {t(`customer.types.${c.customer_type}`)}
            </Badge>
          ),
        },
        {
          key: 'member_id',
          header: 'customer.member_id',
          sortable: true,
          render: (c) =>
            c.member_id ? (
              <Text size="sm" ff="monospace" dir="ltr">
                {c.member_id}
              </Text>
            ) : (
              dash
            ),
        },
        {
          key: 'phone',
          header: 'customer.phone',
          render: (c) =>
            c.phone ? (
              <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {c.phone}
              </Text>
            ) : (
              dash
            ),
        },
        { key: 'email', header: 'customer.email', render: (c) => c.email ?? dash },
      ]}
    />
  );
}
