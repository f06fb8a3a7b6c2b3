import { Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../../components/page-header';
import { LanguageSelect, ThemeSelect } from '../layouts/public-switchers';
import { Logo } from '../shell/logo';

/** Sign-up steps (public): the title of the step and what it will hold, until the accounts module fills it. */
export function PublicUpcomingScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  return (
    <Box mih="100vh">
      <Group justify="space-between" p="md">
        <Logo />
        <Group gap="xs">
          <LanguageSelect />
          <ThemeSelect />
        </Group>
      </Group>
      <Center px="md" py={40}>
        <Paper withBorder shadow="md" radius="lg" p="xl" maw={480} w="100%" data-testid="empty-state">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={64} radius="xl" variant="light">
              <IconUserPlus size={34} />
            </ThemeIcon>
            <Title order={2}>{t(`pages.${route?.name ?? 'register'}`)}</Title>
            <Text c="dimmed">{t('upcoming.signup.text')}</Text>
            <Anchor component={Link} to="/login">
              {t('login.back_to_login')}
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
