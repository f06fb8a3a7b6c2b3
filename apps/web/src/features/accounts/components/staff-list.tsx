import { useState } from 'react';
import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StaffUser, UserCreateInput } from '@posauto/shared/schemas/accounts';
import { CrudListPage } from '../../../components/crud/crud-list-page';
import type { Column } from '../../../components/data-table/data-table';
import { RowAction } from '../../../components/documents/document-list-actions';
import { Ltr } from '../../../components/ltr';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { useRoleOptions } from '../api/roles';
import { branchUsersResource, useBranchOptions, usersResource } from '../api/users';
import { ResetPasswordModal } from './reset-password-modal';
import { BranchUserForm, UserForm } from './user-form';

const dash = (
  <Text c="dimmed" size="sm">
    —
  </Text>
);

/** Staff of the shop (/user-management) or staff bound to one branch (/branch-user-management). */
export function StaffList({ branchUsers = false }: { branchUsers?: boolean }) {
  const { t } = useTranslation();
  const user = useUserData();
  const resource = branchUsers ? branchUsersResource : usersResource;
  const [resetFor, setResetFor] = useState<StaffUser | null>(null);
  const ns = branchUsers ? 'branch_users' : 'users';
  const roles = useRoleOptions();
  const branches = useBranchOptions();
  const filters = [
    { key: 'role_id', placeholder: 'users.all_roles', data: roles.data ?? [] },
    { key: 'branch_id', placeholder: 'users.branch_all', data: branches.data ?? [] },
  ];

  const columns: Column<StaffUser>[] = [
    {
      key: 'first_name',
      header: 'users.name',
      sortable: true,
      render: (u) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" size={34} color="initials" name={u.full_name} />
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} size="sm" data-testid="user-name">
                {u.full_name}
              </Text>
              {u.is_owner && (
                <Badge size="sm" variant="light" color="grape" tt="none">
                  {t('users.owner')}
                </Badge>
              )}
            </Group>
            {u.gender && (
              <Text size="xs" c="dimmed">
                {t(`users.genders.${u.gender}`, { defaultValue: u.gender })}
              </Text>
            )}
          </Stack>
        </Group>
      ),
    },
    {
      key: 'email',
      header: 'users.email',
      sortable: true,
      render: (u) => (
        <Text size="sm">
          <Ltr>{u.email}</Ltr>
        </Text>
      ),
    },
    {
      key: 'phone',
      header: 'users.phone',
      render: (u) =>
        u.phone ? (
          <Text size="sm">
            <Ltr>{u.phone}</Ltr>
          </Text>
        ) : (
          dash
        ),
    },
    {
      key: 'role',
      header: 'users.role',
      render: (u) => (
        <Badge variant="light" tt="none" data-testid="user-role-name">
          {u.role_name}
        </Badge>
      ),
    },
    {
      key: 'branch',
      header: 'users.branch',
      render: (u) =>
        u.branch_name ?? (
          <Text c="dimmed" size="sm">
            {t('users.branch_all')}
          </Text>
        ),
    },
  ];

  // The buttons follow the spec's permission keys; the server refuses anything else anyway.
  const can = branchUsers
    ? undefined
    : {
        create: hasPermission(user, 'create-user'),
        edit: hasPermission(user, 'edit-user'),
        delete: hasPermission(user, 'delete-user'),
        status: hasPermission(user, 'edit-user'),
      };

  return (
    <>
      <CrudListPage<StaffUser, UserCreateInput>
        resource={resource}
        title={`${ns}.title`}
        subtitle={`${ns}.subtitle`}
        firstStep={branchUsers ? 'branch_users' : undefined}
        searchPlaceholder="users.search_placeholder"
        createTitle={`${ns}.create_title`}
        editTitle={`${ns}.edit_title`}
        withStatus
        filters={filters}
        can={can}
        Form={branchUsers ? BranchUserForm : UserForm}
        columns={columns}
        rowActions={(u) =>
          (can?.edit ?? true) && (
            <RowAction
              label="users.reset_password"
              icon={IconKey}
              color="orange"
              onClick={() => setResetFor(u)}
              testId="row-reset-password"
            />
          )
        }
      />
      <ResetPasswordModal resource={resource} user={resetFor} onClose={() => setResetFor(null)} />
    </>
  );
}
