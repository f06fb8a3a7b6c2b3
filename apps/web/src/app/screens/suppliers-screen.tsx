import { Stack, Text } from '@mantine/core';
import type { Supplier, SupplierInput } from '@posauto/shared/schemas/catalogue-settings';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { SupplierForm, suppliersResource } from '../../features/purchases';

const dash = (
  <Text c="dimmed" size="sm">
    —
  </Text>
);

export function SuppliersScreen() {
  return (
    <CrudListPage<Supplier, SupplierInput>
      resource={suppliersResource}
      title="supplier.title"
      firstStep="suppliers"
      subtitle="supplier.subtitle"
      searchPlaceholder="supplier.search_placeholder"
      createTitle="supplier.create_title"
      editTitle="supplier.edit_title"
      withStatus
      Form={SupplierForm}
      columns={[
        {
          key: 'name',
          header: 'supplier.name',
          sortable: true,
          render: (s) => (
            <Stack gap={0}>
              <Text fw={500}>{s.name}</Text>
              {s.company && (
                <Text c="dimmed" size="xs">
                  {s.company}
                </Text>
              )}
            </Stack>
          ),
        },
        { key: 'phone', header: 'supplier.phone', render: (s) => (s.phone ? <span dir="ltr">{s.phone}</span> : dash) },
        { key: 'email', header: 'supplier.email', render: (s) => s.email ?? dash },
        { key: 'address', header: 'supplier.address', render: (s) => s.address ?? dash },
      ]}
    />
  );
}
