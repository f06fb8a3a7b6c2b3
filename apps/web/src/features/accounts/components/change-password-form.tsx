import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema } from '@posauto/shared/schemas/accounts';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { getUserData, setUserData } from '../../../lib/auth-store';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/profile';
import { NewPasswordFields } from './new-password-fields';

/** Current, new and confirmed password; this session stays signed in, the user's other sessions end. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { form, onSubmit, saving } = useEntityForm(
    changePasswordBodySchema,
    { current_password: '', password: '', confirm_password: '' },
    async (v) => {
      const res = await change.mutateAsync(v);
      const user = getUserData();
      if (user && res.access_token) setUserData({ ...user, access_token: res.access_token });
      form.reset();
      notifySuccess('profile.password_changed');
    },
  );
  const lock = <IconLock size={16} />;
  return (
    <Paper withBorder p="lg" maw={560}>
      <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('profile.change_password_hint')}
          </Text>
          <PasswordInput
            label={t('profile.current_password')}
            autoComplete="current-password"
            leftSection={lock}
            withAsterisk
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <NewPasswordFields
            form={form}
            label="profile.new_password"
            confirmLabel="profile.confirm_password"
            hint={{ as: 'description', text: 'signup.password_hint' }}
            lock
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} data-testid="save">
              {t('profile.change_password')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
