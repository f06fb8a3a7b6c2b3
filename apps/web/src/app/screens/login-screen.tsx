import { useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginBodySchema, type UserData } from '@posauto/shared/schemas/auth';
import { api, ApiError } from '../../lib/api-client';
import { setUserData } from '../../lib/auth-store';
import { zodValidator } from '../../lib/zod-form';
import { LanguageMenu } from '../shell/language-menu';
import { Logo } from '../shell/logo';
import { ThemeMenu } from '../shell/theme-menu';
import { MORE_DETAILS_URL } from '../shell/footer';

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
    initialValues: { email: '', password: '' },
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
    <Box mih="100vh" style={{ background: 'light-dark(linear-gradient(135deg, var(--mantine-color-teal-0), var(--mantine-color-gray-0)), var(--mantine-color-dark-8))' }}>
      <Group justify="space-between" p="md">
        <Logo />
        <Group gap="xs">
          <LanguageMenu />
          <ThemeMenu />
        </Group>
      </Group>
      <Center px="md" py={40}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={440}>
          <Stack gap={4} mb="lg">
            <Title order={2}>{t('login.title')}</Title>
            <Text c="dimmed" size="sm">{t('login.subtitle')}</Text>
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
              <Button type="submit" size="md" loading={busy} fullWidth mt="xs">
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Center>
      <Text size="xs" c="dimmed" ta="center" pb="md">
        {t('footer.credit')}{' '}
        <Anchor href={MORE_DETAILS_URL} target="_blank" rel="noopener noreferrer" size="xs">{t('footer.more_details')}</Anchor>
      </Text>
    </Box>
  );
}
