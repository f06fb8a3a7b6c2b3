import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OtpVerifyForm, SignupHeader } from '../../features/accounts';
import { PublicPage } from '../layouts/public-page';

/** Sign-up step 2 for the address in ?email=. */
export function OtpVerifyScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <PublicPage width={560}>
      <SignupHeader active={1} compact title={t('signup.verify_title')} />
      {email ? (
        <OtpVerifyForm email={email} />
      ) : (
        <Stack align="center">
          <Text c="dimmed">{t('signup.verify_no_email')}</Text>
          <Anchor component={Link} to="/register">
            {t('signup.create_account_link')}
          </Anchor>
        </Stack>
      )}
    </PublicPage>
  );
}
