import { useState } from 'react';
import { Button, Divider, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SHOP_TYPES, shopInfoBodySchema, type ShopInfoBody } from '@posauto/shared/schemas/accounts';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { signupApi } from '../api/signup';
import { confirmMatches } from '../form-rules';
import { clearRegistration, type RegistrationSession } from '../registration-session';
import { LogoInput } from './logo-input';
import { NewPasswordFields } from './new-password-fields';

type Values = Omit<ShopInfoBody, 'shop_type' | 'logo'> & { shop_type: string | null };

const blankToNull = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);

const shopInfoFormSchema = confirmMatches(shopInfoBodySchema, 'password', 'confirm_password', 'validation.confirm_password_mismatch');

/**
 * Sign-up step 3: the owner's password (chosen only now that the email is proven) and the shop itself. Sending it
 * creates the shop, waiting for the team's activation.
 */
export function ShopInfoForm({ session }: { session: RegistrationSession }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [logo, setLogo] = useState<string | null>(null);
  const initial: Values = {
    registration_token: session.token,
    password: '',
    confirm_password: '',
    shop_name: '',
    shop_type: null,
    phone: '',
    address: '',
    company_name: '',
    contact_name: '',
    note: '',
  };
  const { form, onSubmit, saving } = useEntityForm(shopInfoFormSchema, initial, async (v) => {
    try {
      await signupApi.shopInfo({
        ...v,
        shop_type: v.shop_type as ShopInfoBody['shop_type'],
        logo,
        address: blankToNull(v.address),
        company_name: blankToNull(v.company_name),
        contact_name: blankToNull(v.contact_name),
        note: blankToNull(v.note),
      });
    } catch (e) {
      // The verification expired or was used: the only way on is to start again.
      if (e instanceof ApiError && (e.errors?.registration_token || e.status === 401 || e.status === 410)) {
        notifyError(e);
        clearRegistration();
        navigate('/register', { replace: true });
        return;
      }
      throw e;
    }
    clearRegistration();
    navigate(`/completed?email=${encodeURIComponent(session.email)}`, { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="shop-info-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('signup.shop_name')}
            withAsterisk
            data-autofocus
            key={form.key('shop_name')}
            {...form.getInputProps('shop_name')}
          />
          <Select
            label={t('signup.shop_type')}
            placeholder={t('signup.shop_type_placeholder')}
            withAsterisk
            allowDeselect={false}
            data={SHOP_TYPES.map((s) => ({ value: s, label: t(`signup.shop_types.${s}`) }))}
            data-testid="shop-type"
            key={form.key('shop_type')}
            {...form.getInputProps('shop_type')}
          />
          <TextInput
            label={t('signup.phone')}
            type="tel"
            autoComplete="tel"
            leftSection={<IconPhone size={16} />}
            withAsterisk
            placeholder="012 345 678"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('signup.contact_name')}
            autoComplete="name"
            key={form.key('contact_name')}
            {...form.getInputProps('contact_name')}
          />
          <TextInput
            label={t('signup.company_name')}
            autoComplete="organization"
            key={form.key('company_name')}
            {...form.getInputProps('company_name')}
          />
          <Textarea
            label={t('signup.address')}
            autosize
            minRows={1}
            maxRows={4}
            autoComplete="street-address"
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
        </SimpleGrid>
        <LogoInput value={logo} onChange={setLogo} error={form.errors.logo as string | undefined} />
        <Textarea
          label={t('signup.note')}
          description={t('signup.note_hint')}
          autosize
          minRows={2}
          key={form.key('note')}
          {...form.getInputProps('note')}
        />
        <Divider />
        <Stack gap={4}>
          <Text fw={600}>{t('signup.password_title')}</Text>
          <Text size="sm" c="dimmed">
            {t('signup.password_intro')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NewPasswordFields
            form={form}
            label="signup.password"
            confirmLabel="signup.confirm_password"
            hint={{ as: 'placeholder', text: 'signup.password_hint' }}
            lock
          />
        </SimpleGrid>
        <Button type="submit" size="md" loading={saving} data-testid="shop-info-submit">
          {t('signup.finish')}
        </Button>
      </Stack>
    </form>
  );
}
