import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserData } from '@posauto/shared/schemas/auth';
import { api, ApiError } from '../../lib/api-client';
import { setUserData } from '../../lib/auth-store';
import { loginValidator } from '../../lib/light-checks';
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
  // A small form by hand, not @mantine/form, and loginBodySchema's rules and messages without zod: the login page
  // stays light (issue #10). As before: a field is checked when it loses focus, its message goes when it changes,
  // and the whole form is checked on submit.
  const [values, setValues] = useState({ email: params.get('email') ?? '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const validate = loginValidator(t);
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
    onBlur: () => {
      const message = validate(values)[name];
      setErrors(({ [name]: _, ...rest }) => (message ? { ...rest, [name]: message } : rest));
    },
  });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setServerError(null);
    try {
      const data = await api.post<UserData>('/api/v1/login', values);
      setUserData(data);
      navigate(safeRedirect(params.get('to')), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors(e.errors);
      setServerError(e instanceof ApiError ? e.message : t('errors.internal'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPage>
      <Stack gap={4} mb="lg">
        <Title order={2}>{t('login.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('login.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate>
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
            {...field('email')}
          />
          <PasswordInput
            label={t('login.password')}
            placeholder={t('login.password_placeholder')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            withAsterisk
            {...field('password')}
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
