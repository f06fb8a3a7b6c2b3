import { ActionIcon, Center, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import classes from '../shell/shell.module.css';
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
  const wide = useMediaQuery('(min-width: 36em)', true);
  return (
    <Stack gap={0} mih="100vh">
      <Group justify="space-between" px="md" h={60} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="sm" wrap="nowrap">
          <Tooltip label={t('pos.back')}>
            <ActionIcon component={Link} to="/" variant="subtle" size="lg" aria-label={t('pos.back')}>
              <IconArrowLeft size={18} className={classes.flip} />
            </ActionIcon>
          </Tooltip>
          <Logo compact={!wide} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <LanguageMenu />
          <ThemeMenu />
          <UserMenu />
        </Group>
      </Group>
      <Center style={{ flex: 1 }} p="md">
        <Paper withBorder p="xl" maw={560} data-testid="empty-state">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={80} radius="xl" variant="light">
              <IconCashRegister size={44} stroke={1.4} />
            </ThemeIcon>
            <Title order={2}>{t('pages.sale-pos')}</Title>
            <Text c="dimmed">{t('upcoming.pos.text')}</Text>
          </Stack>
        </Paper>
      </Center>
    </Stack>
  );
}
