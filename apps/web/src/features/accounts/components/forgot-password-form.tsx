import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLogin, IconMail } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from '@posauto/shared/schemas/accounts';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { signupApi } from '../api/signup';
import { CodeInput, markCodeSent, ResendCode } from './code-input';
import { NewPasswordFields } from './new-password-fields';

/** Step 1: the address to send a reset code to (the answer is the same whether or not it has an account). */
function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving } = useEntityForm(forgotPasswordBodySchema, { email: '' }, async (v) => {
    const email = v.email.trim().toLowerCase();
    await signupApi.forgotPassword({ email });
    markCodeSent('reset', email);
    onSent(email);
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="forgot-email-form">
      <Stack>
        <Text c="dimmed" size="sm">
          {t('signup.forgot_intro')}
        </Text>
        <TextInput
          label={t('login.email')}
          placeholder={t('login.email_placeholder')}
          type="email"
          autoComplete="email"
          withAsterisk
          leftSection={<IconMail size={16} />}
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" loading={saving} data-testid="forgot-submit">
          {t('signup.send_code')}
        </Button>
      </Stack>
    </form>
  );
}

/** Step 2: the emailed code and the new password; the server then ends every session of that user. */
function ResetStep({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { form, onSubmit, saving } = useEntityForm(
    resetPasswordBodySchema,
    { email, code: '', password: '', confirm_password: '' },
    async (v) => {
      await signupApi.resetPassword(v);
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="reset-form">
      <Stack>
        <Text c="dimmed" size="sm" ta="center">
          <Trans
            i18nKey="signup.reset_code_sent_to"
            values={{ email }}
            components={{ b: <Text span fw={700} c="var(--mantine-color-text)" dir="ltr" /> }}
          />
        </Text>
        <CodeInput
          label={t('signup.code')}
          value={code}
          error={form.errors.code as string | undefined}
          onChange={(v) => {
            setCode(v);
            form.setFieldValue('code', v);
            form.clearFieldError('code');
          }}
        />
        <ResendCode email={email} purpose="reset" />
        <NewPasswordFields
          form={form}
          label="signup.new_password"
          confirmLabel="signup.confirm_password"
          hint={{ as: 'description', text: 'signup.password_hint' }}
          lock
        />
        <Button type="submit" size="md" loading={saving} data-testid="reset-submit">
          {t('signup.reset_password')}
        </Button>
      </Stack>
    </form>
  );
}

/** Forgot password: email, then code and new password, then back to sign in. The email step is kept in the address. */
export function ForgotPasswordFlow() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [done, setDone] = useState(false);
  const email = params.get('email');

  if (done) {
    return (
      <Stack align="center" ta="center" data-testid="reset-done">
        <ThemeIcon size={64} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Title order={3}>{t('signup.reset_done_title')}</Title>
        <Text c="dimmed">{t('signup.reset_done_text')}</Text>
        <Button component={Link} to={`/login?email=${encodeURIComponent(email ?? '')}`} leftSection={<IconLogin size={18} />} size="md">
          {t('signup.go_to_signin')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={2}>{t('pages.forgot-password')}</Title>
      {email ? (
        <ResetStep email={email} onDone={() => setDone(true)} />
      ) : (
        <EmailStep onSent={(e) => setParams({ email: e }, { replace: false })} />
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('login.back_to_login')}
      </Anchor>
    </Stack>
  );
}
