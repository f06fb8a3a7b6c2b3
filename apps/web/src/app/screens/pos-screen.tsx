import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCashRegister } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../shell/language-menu';
import { Logo } from '../shell/logo';
import { ThemeMenu } from '../shell/theme-menu';
import { UserMenu } from '../shell/user-menu';

/** The till, full window (blank layout). The selling screen itself arrives with the POS and sales module. */
export function PosScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap={0} mih="100vh">
      <Group justify="space-between" px="md" h={60} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="sm">
          <Button component={Link} to="/" variant="subtle" leftSection={<IconArrowLeft size={16} style={{ transform: 'scaleX(var(--pa-dir, 1))' }} />}>{t('pos.back')}</Button>
          <Logo />
        </Group>
        <Group gap={6}>
          <LanguageMenu />
          <ThemeMenu />
          <UserMenu />
        </Group>
      </Group>
      <Center style={{ flex: 1 }} p="md">
        <Paper withBorder p="xl" maw={560} data-testid="empty-state">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={80} radius="xl" variant="light"><IconCashRegister size={44} stroke={1.4} /></ThemeIcon>
            <Title order={2}>{t('pages.sale-pos')}</Title>
            <Text c="dimmed">{t('upcoming.pos.text')}</Text>
          </Stack>
        </Paper>
      </Center>
    </Stack>
  );
}
