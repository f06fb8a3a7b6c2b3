import { useEffect, useState } from 'react';
import { Button, Center, Input, PinInput, Stack } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@posauto/shared/schemas/accounts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResendOtp } from '../api/signup';

/** The emailed 6-digit code, one box per digit (pasting the whole code fills them all). */
export function CodeInput({
  value,
  onChange,
  onComplete,
  error,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  onComplete?: (v: string) => void;
  error?: string | null;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} error={error} withAsterisk labelProps={{ w: '100%', ta: 'center' }} errorProps={{ ta: 'center' }}>
      <Center dir="ltr" mt={6}>
        <PinInput
          length={OTP_LENGTH}
          type="number"
          inputMode="numeric"
          oneTimeCode
          size="lg"
          value={value}
          onChange={onChange}
          onComplete={onComplete}
          error={Boolean(error)}
          ariaLabel={t('signup.code_digit')}
          data-testid="otp-input"
          autoFocus
          gap="xs"
        />
      </Center>
    </Input.Wrapper>
  );
}

export const RESEND_COOLDOWN_SECONDS = 60;
const sentKey = (purpose: string, email: string) => `posauto-code-sent:${purpose}:${email}`;

/** Remembers when a code was last sent to this address (the cooldown survives a reload of the tab). */
export function markCodeSent(purpose: 'signup' | 'reset', email: string): void {
  sessionStorage.setItem(sentKey(purpose, email), String(Date.now()));
}

function secondsLeft(purpose: string, email: string): number {
  const at = Number(sessionStorage.getItem(sentKey(purpose, email)) ?? 0);
  return Math.max(0, Math.ceil((at + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000));
}

/** Sends a new code (the old one stops working); waits a minute between sends, as the server does. */
export function ResendCode({ email, purpose }: { email: string; purpose: 'signup' | 'reset' }) {
  const { t } = useTranslation();
  const resend = useResendOtp();
  const [left, setLeft] = useState(() => secondsLeft(purpose, email));
  const ticker = useInterval(() => setLeft(secondsLeft(purpose, email)), 1000);
  useEffect(() => {
    ticker.start();
    return ticker.stop;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const send = () =>
    resend.mutate(
      { email, purpose },
      {
        onSuccess: () => {
          markCodeSent(purpose, email);
          setLeft(RESEND_COOLDOWN_SECONDS);
          notifySuccess('signup.code_resent');
        },
        onError: notifyError,
      },
    );

  return (
    <Stack gap={4} align="center">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconRefresh size={14} />}
        onClick={send}
        disabled={left > 0}
        loading={resend.isPending}
        data-testid="otp-resend"
      >
        {left > 0 ? t('signup.resend_in', { seconds: left }) : t('signup.resend')}
      </Button>
    </Stack>
  );
}
