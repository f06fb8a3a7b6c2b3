import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerBodySchema, type ShopPackage } from '@posauto/shared/schemas/accounts';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { signupApi } from '../api/signup';
import { confirmMatches } from '../form-rules';
import { clearRegistration } from '../registration-session';
import { markCodeSent } from './code-input';
import { PackageCards } from './package-cards';

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  confirm_email: string;
  package: ShopPackage | null;
};

const registerFormSchema = confirmMatches(registerBodySchema, 'email', 'confirm_email', 'validation.confirm_email_mismatch', true);

const INITIAL: Values = { first_name: '', last_name: '', email: '', confirm_email: '', package: null };

/**
 * Sign-up step 1: the owner's name, email and package; the server then emails a 6-digit code. The password is
 * chosen at step 3, once the email is proven, so nobody can set it for someone else's address.
 */
export function RegisterForm({ initialPackage }: { initialPackage?: ShopPackage | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, onSubmit, saving } = useEntityForm(registerFormSchema, { ...INITIAL, package: initialPackage ?? null }, async (v) => {
    const res = await signupApi.register(v as never);
    clearRegistration();
    markCodeSent('signup', res.email);
    navigate(`/otp-verify?email=${encodeURIComponent(res.email)}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="register-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('signup.first_name')}
            autoComplete="given-name"
            withAsterisk
            data-autofocus
            key={form.key('first_name')}
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('signup.last_name')}
            autoComplete="family-name"
            withAsterisk
            key={form.key('last_name')}
            {...form.getInputProps('last_name')}
          />
          <TextInput
            label={t('signup.email')}
            type="email"
            autoComplete="email"
            placeholder={t('login.email_placeholder')}
            leftSection={<IconMail size={16} />}
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('signup.confirm_email')}
            type="email"
            autoComplete="off"
            leftSection={<IconMail size={16} />}
            withAsterisk
            key={form.key('confirm_email')}
            {...form.getInputProps('confirm_email')}
          />
        </SimpleGrid>
        <PackageCards key={form.key('package')} {...form.getInputProps('package')} />
        <Button type="submit" size="md" loading={saving} data-testid="register-submit">
          {t('signup.create_account')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t('signup.have_account')}{' '}
          <Anchor component={Link} to="/login" fw={600}>
            {t('login.submit')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
