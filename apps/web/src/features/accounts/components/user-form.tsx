import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  branchUserCreateSchema,
  GENDERS,
  userCreateSchema,
  userUpdateSchema,
  type StaffUser,
  type UserCreateInput,
} from '@posauto/shared/schemas/accounts';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { useRoleOptions } from '../api/roles';
import { chosen, confirmMatches } from '../form-rules';
import { useBranchOptions } from '../api/users';
import { FormActions } from '../../../components/crud/form-actions';
import { NewPasswordFields } from './new-password-fields';

type Values = {
  first_name: string;
  last_name: string;
  gender: string | null;
  email: string;
  phone: string;
  role_id: string | null;
  branch_id: string | null;
  status: boolean;
  password: string;
  confirm_password: string;
};

/** On the branch-user screen the branch is required on edit too (the shared update schema serves both screens). */
function schemaFor(creating: boolean, branchRequired: boolean) {
  const base = creating
    ? confirmMatches(
        branchRequired ? branchUserCreateSchema : userCreateSchema,
        'password',
        'confirm_password',
        'validation.confirm_password_mismatch',
      )
    : userUpdateSchema;
  return branchRequired ? chosen(base, 'branch_id', 'validation.branch_select') : base;
}

/** Staff and branch users: the same form; on the branch-user screen the branch is required. */
export function UserForm({
  item,
  submit,
  onCancel,
  branchRequired = false,
}: EntityFormProps<StaffUser, UserCreateInput> & { branchRequired?: boolean }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const branches = useBranchOptions();
  const creating = item === null;
  const initial: Values = {
    first_name: item?.first_name ?? '',
    last_name: item?.last_name ?? '',
    gender: item?.gender ?? null,
    email: item?.email ?? '',
    phone: item?.phone ?? '',
    role_id: item?.role_id ?? null,
    branch_id: item?.branch_id ?? null,
    status: item?.status ?? true,
    password: '',
    confirm_password: '',
  };
  const { form, onSubmit, saving } = useEntityForm(schemaFor(creating, branchRequired), initial, ({ password, confirm_password, ...v }) =>
    submit({ ...v, phone: v.phone.trim() || null, ...(creating ? { password, confirm_password } : {}) } as UserCreateInput),
  );
  const combo = { comboboxProps: { zIndex: 2100 }, nothingFoundMessage: t('common.no_match') };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="user-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('users.first_name')}
            withAsterisk
            data-autofocus
            key={form.key('first_name')}
            {...form.getInputProps('first_name')}
          />
          <TextInput label={t('users.last_name')} withAsterisk key={form.key('last_name')} {...form.getInputProps('last_name')} />
          <TextInput
            label={t('users.email')}
            type="email"
            autoComplete="off"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput label={t('users.phone')} type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
          <Select
            label={t('users.gender')}
            placeholder={t('users.gender_placeholder')}
            clearable
            {...combo}
            data={GENDERS.map((g) => ({ value: g, label: t(`users.genders.${g}`) }))}
            key={form.key('gender')}
            {...form.getInputProps('gender')}
          />
          <Select
            label={t('users.role')}
            placeholder={t('users.role_placeholder')}
            withAsterisk
            searchable
            {...combo}
            data={roles.data ?? []}
            data-testid="user-role"
            key={form.key('role_id')}
            {...form.getInputProps('role_id')}
          />
          {/* Tying a user to a branch means something only where there are several (or it is tied already). */}
          {(branchRequired || (branches.data?.length ?? 0) > 1 || Boolean(item?.branch_id)) && (
            <Select
              label={t('users.branch')}
              placeholder={t(branchRequired ? 'users.branch_placeholder' : 'users.branch_all')}
              withAsterisk={branchRequired}
              clearable={!branchRequired}
              searchable
              {...combo}
              data={branches.data ?? []}
              data-testid="user-branch"
              key={form.key('branch_id')}
              {...form.getInputProps('branch_id')}
            />
          )}
        </SimpleGrid>
        {creating && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NewPasswordFields form={form} label="users.password" confirmLabel="users.confirm_password" />
          </SimpleGrid>
        )}
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

export function BranchUserForm(props: EntityFormProps<StaffUser, UserCreateInput>) {
  return <UserForm {...props} branchRequired />;
}
