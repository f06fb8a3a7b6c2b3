import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { adminResetPasswordBodySchema, type StaffUser } from '@posauto/shared/schemas/accounts';
import type { CrudResource } from '../../../components/crud/resource';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { notifySuccess } from '../../../lib/notify';
import { useResetUserPassword } from '../api/users';
import { NewPasswordFields } from './new-password-fields';

function ResetForm({ resource, user, onClose }: { resource: CrudResource; user: StaffUser; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetUserPassword(resource);
  const { form, onSubmit, saving } = useEntityForm(adminResetPasswordBodySchema, { password: '', confirm_password: '' }, async (body) => {
    await reset.mutateAsync({ id: user.id, body });
    notifySuccess('users.password_reset_done');
    onClose();
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="reset-password-form">
      <Stack>
        <Text size="sm">{t('users.reset_password_text', { name: user.full_name })}</Text>
        <NewPasswordFields form={form} label="users.new_password" confirmLabel="users.confirm_password" autoFocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="reset-password-save">
            {t('users.reset_password')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An administrator sets a new password for a member of staff; their sessions end on the server. */
export function ResetPasswordModal({ resource, user, onClose }: { resource: CrudResource; user: StaffUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('users.reset_password')} centered zIndex={2000}>
      {user && <ResetForm resource={resource} user={user} onClose={onClose} />}
    </Modal>
  );
}
