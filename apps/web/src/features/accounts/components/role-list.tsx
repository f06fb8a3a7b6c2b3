import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Role, RoleInput } from '@posauto/shared/schemas/accounts';
import { CrudListPage } from '../../../components/crud/crud-list-page';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { formatDate, formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { rolesResource } from '../api/roles';

/** The shop's roles; create and edit open the permission matrix on a page of its own. */
export function RoleList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const user = useUserData();
  return (
    <CrudListPage<Role, RoleInput>
      resource={rolesResource}
      title="roles.title"
      subtitle="roles.subtitle"
      searchPlaceholder="roles.search_placeholder"
      createTo="/roles-permissions/create"
      editTo={(r) => `/roles-permissions/edit/${r.id}`}
      can={{
        create: hasPermission(user, 'role-create'),
        edit: hasPermission(user, 'role-edit'),
        delete: hasPermission(user, 'role-delete'),
      }}
      columns={[
        {
          key: 'name',
          header: 'roles.name',
          sortable: true,
          render: (r) => (
            <Group gap="xs" wrap="nowrap">
              <Text fw={600} data-testid="role-name">
                {r.name}
              </Text>
              {r.is_preset && (
                <Badge size="sm" variant="light" color="gray" tt="none">
                  {t('roles.preset')}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          key: 'permissions',
          header: 'roles.permissions',
          render: (r) => (
            <Text size="sm" c="dimmed">
              {t('roles.permissions_count', { n: formatInteger(r.permissions.length, lang) })}
            </Text>
          ),
        },
        {
          key: 'users_count',
          header: 'roles.users_count',
          align: 'center',
          render: (r) => (
            <Badge variant={r.users_count ? 'light' : 'default'} data-testid="role-users">
              {formatInteger(r.users_count, lang)}
            </Badge>
          ),
        },
        { key: 'created_at', header: 'common.created_at', sortable: true, render: (r) => formatDate(r.created_at, lang) },
      ]}
    />
  );
}
