import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { otpCodeSchema } from '@posauto/shared/schemas/accounts';
import { ApiError } from '../../../lib/api-client';
import { signupApi } from '../api/signup';
import { saveRegistration } from '../registration-session';
import { CodeInput, ResendCode } from './code-input';

/** Sign-up step 2: the code emailed to the owner proves the address; the answer's token opens step 3. */
export function OtpVerifyForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async (value: string) => {
    const parsed = otpCodeSchema.safeParse(value);
    if (!parsed.success) return setError(t(parsed.error.issues[0]!.message));
    setBusy(true);
    setError(null);
    try {
      const res = await signupApi.verifyOtp({ email, code: parsed.data });
      saveRegistration({ email, token: res.registration_token });
      navigate('/registration');
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors?.code ?? e.message) : t('errors.internal'));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void verify(code);
      }}
      noValidate
      data-testid="otp-form"
    >
      <Stack align="stretch">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconMailCheck size={30} />
          </ThemeIcon>
          <Text c="dimmed" size="sm">
            <Trans
              i18nKey="signup.code_sent_to"
              values={{ email }}
              components={{ b: <Text span fw={700} c="var(--mantine-color-text)" dir="ltr" /> }}
            />
          </Text>
          <Text c="dimmed" size="xs">
            {t('signup.code_valid_for')}
          </Text>
        </Stack>
        <CodeInput
          label={t('signup.code')}
          value={code}
          onChange={(v) => {
            setCode(v);
            setError(null);
          }}
          onComplete={(v) => void verify(v)}
          error={error}
        />
        <Button type="submit" size="md" loading={busy} data-testid="otp-submit">
          {t('signup.verify')}
        </Button>
        <ResendCode email={email} purpose="signup" />
        <Alert variant="light" color="gray">
          <Text size="xs">{t('signup.code_not_received')}</Text>
        </Alert>
        <Anchor component={Link} to="/register" size="sm" ta="center">
          {t('signup.change_email')}
        </Anchor>
      </Stack>
    </form>
  );
}
