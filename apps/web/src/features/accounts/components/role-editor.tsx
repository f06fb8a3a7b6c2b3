import { useState } from 'react';
import { Alert, Center, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleInputSchema, type Role, type RoleInput } from '@posauto/shared/schemas/accounts';
import { useCrudItem, useCrudMutations } from '../../../components/crud/resource';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { notifySuccess } from '../../../lib/notify';
import { rolesResource, useGrantablePermissions, type PermissionGroup } from '../api/roles';
import { PermissionMatrix } from './permission-matrix';
import { FormActions } from '../../../components/crud/form-actions';

const LIST_PATH = '/roles-permissions';

function RoleForm({ role, groups }: { role: Role | null; groups: PermissionGroup[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const m = useCrudMutations<Role, RoleInput>(rolesResource);
  const grantable = new Set(groups.flatMap((g) => g.permissions));
  const [perms, setPerms] = useState<string[]>(() => (role?.permissions ?? []).filter((p) => grantable.has(p)));
  // Permissions the editor may not grant stay on the role as they were: only the server may take them away.
  const kept = (role?.permissions ?? []).filter((p) => !grantable.has(p));
  const initialLimit = (role?.max_discount ?? '100').replace(/\.?0+$/, '') || '0';
  const initial = { name: role?.name ?? '', permissions: [] as string[], max_discount: initialLimit };
  const { form, onSubmit, saving } = useEntityForm(roleInputSchema, initial, async (v) => {
    // The limit is sent only when changed: an editor with a smaller limit of their own can still rename the role.
    const input = {
      name: v.name.trim(),
      permissions: [...perms, ...kept],
      ...(v.max_discount !== undefined && v.max_discount.trim() !== initialLimit ? { max_discount: v.max_discount.trim() } : {}),
    };
    if (role) await m.update.mutateAsync({ id: role.id, input });
    else await m.create.mutateAsync(input);
    notifySuccess(role ? 'messages.updated' : 'messages.created');
    navigate(LIST_PATH);
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="role-form">
      <Stack>
        <Paper withBorder p="md">
          <TextInput
            label={t('roles.name')}
            placeholder={t('roles.name_placeholder')}
            withAsterisk
            maw={480}
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            mt="sm"
            label={t('roles.max_discount')}
            description={t('roles.max_discount_hint')}
            inputMode="decimal"
            maw={480}
            disabled={Boolean(role?.is_owner)}
            data-testid="role-max-discount"
            key={form.key('max_discount')}
            {...form.getInputProps('max_discount')}
          />
        </Paper>
        {role?.is_preset && (
          <Alert icon={<IconInfoCircle size={18} />} variant="light">
            {t('roles.preset_note')}
          </Alert>
        )}
        <PermissionMatrix groups={groups} value={perms} onChange={setPerms} />
        {form.errors.permissions && <Alert color="red">{form.errors.permissions}</Alert>}
        <FormActions saving={saving} onCancel={() => navigate(LIST_PATH)} mt={0} />
      </Stack>
    </form>
  );
}

/** Create (no id) or edit a role on a page of its own: the matrix needs the room. */
export function RoleEditor({ id }: { id?: string }) {
  const role = useCrudItem<Role>(rolesResource, id);
  const groups = useGrantablePermissions();
  if ((id && role.isLoading) || groups.isLoading)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  const error = (id && role.error) || groups.error;
  if (error) return <Alert color="red">{(error as Error).message}</Alert>;
  return <RoleForm key={role.data?.id ?? 'new'} role={id ? (role.data ?? null) : null} groups={groups.data ?? []} />;
}
