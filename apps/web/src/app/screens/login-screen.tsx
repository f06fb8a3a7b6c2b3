import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginBodySchema, type UserData } from '@posauto/shared/schemas/auth';
import { api, ApiError } from '../../lib/api-client';
import { setUserData } from '../../lib/auth-store';
import { zodValidator } from '../../lib/zod-form';
import { PublicPage } from '../layouts/public-page';

/** Only same-site paths are followed after login, never another origin. */
export function safeRedirect(to: string | null): string {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/';
}

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: params.get('email') ?? '', password: '' },
    validate: zodValidator(loginBodySchema, t),
    validateInputOnBlur: true,
  });
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setServerError(null);
    try {
      const data = await api.post<UserData>('/api/v1/login', values);
      setUserData(data);
      navigate(safeRedirect(params.get('to')), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.errors) form.setErrors(e.errors);
      setServerError(e instanceof ApiError ? e.message : t('errors.internal'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <PublicPage>
      <Stack gap={4} mb="lg">
        <Title order={2}>{t('login.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('login.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          {serverError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
              {serverError}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            placeholder={t('login.email_placeholder')}
            type="email"
            autoComplete="username"
            leftSection={<IconMail size={16} />}
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('login.password')}
            placeholder={t('login.password_placeholder')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
              {t('signup.forgot_link')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={busy} fullWidth>
            {t('login.submit')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('signup.no_account')}{' '}
            <Anchor component={Link} to="/register" fw={600} data-testid="register-link">
              {t('signup.create_account_link')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PublicPage>
  );
}
