import { Alert, Avatar, Badge, Center, Grid, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GENDERS, profileUpdateSchema } from '@posauto/shared/schemas/accounts';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { getUserData, setUserData } from '../../../lib/auth-store';
import { notifySuccess } from '../../../lib/notify';
import { useProfile, useUpdateProfile, type Profile } from '../api/profile';
import { FormActions } from '../../../components/crud/form-actions';

function Summary({ p }: { p: Profile }) {
  const { t } = useTranslation();
  const name = `${p.first_name} ${p.last_name}`.trim();
  const row = (label: string, value: string | null) => (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="end">
        {value ?? '—'}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder p="lg" h="100%">
      <Stack align="center" gap={4} mb="md">
        <Avatar size={80} radius="xl" color="initials" name={name} />
        <Title order={4} data-testid="profile-name">
          {name}
        </Title>
        <Badge variant="light">{p.role_name}</Badge>
      </Stack>
      <Stack gap="xs">
        {row(t('profile.email'), p.email)}
        {row(t('profile.shop'), p.shop_name)}
        {row(t('profile.package'), t(`signup.packages.${p.package}.name`, { defaultValue: p.package }))}
        {row(t('profile.branch'), p.branch_name ?? t('users.branch_all'))}
      </Stack>
    </Paper>
  );
}

function EditForm({ p }: { p: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const initial = { first_name: p.first_name, last_name: p.last_name, phone: p.phone ?? '', gender: p.gender as string | null };
  const { form, onSubmit, saving } = useEntityForm(profileUpdateSchema, initial, async (v) => {
    const body = {
      ...v,
      first_name: v.first_name.trim(),
      last_name: v.last_name.trim(),
      phone: v.phone.trim() || null,
      gender: v.gender as never,
    };
    await update.mutateAsync(body);
    // The top bar shows the name from the stored userData.
    const user = getUserData();
    if (user) setUserData({ ...user, data: { ...user.data, name: `${body.first_name} ${body.last_name}` } });
    notifySuccess('messages.updated');
  });
  return (
    <Paper withBorder p="lg">
      <form onSubmit={onSubmit} noValidate data-testid="profile-form">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('users.first_name')} withAsterisk key={form.key('first_name')} {...form.getInputProps('first_name')} />
            <TextInput label={t('users.last_name')} withAsterisk key={form.key('last_name')} {...form.getInputProps('last_name')} />
            <TextInput label={t('users.phone')} type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
            <Select
              label={t('users.gender')}
              placeholder={t('users.gender_placeholder')}
              clearable
              data={GENDERS.map((g) => ({ value: g, label: t(`users.genders.${g}`) }))}
              key={form.key('gender')}
              {...form.getInputProps('gender')}
            />
          </SimpleGrid>
          <TextInput label={t('profile.email')} value={p.email} readOnly disabled description={t('profile.email_hint')} />
          <FormActions saving={saving} mt={0} />
        </Stack>
      </form>
    </Paper>
  );
}

/** The signed-in user's own details (/update-profile). */
export function ProfileForm() {
  const profile = useProfile();
  if (profile.isLoading)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!profile.data) return <Alert color="red">{(profile.error as Error | null)?.message}</Alert>;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Summary p={profile.data} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <EditForm key={profile.dataUpdatedAt} p={profile.data} />
      </Grid.Col>
    </Grid>
  );
}
