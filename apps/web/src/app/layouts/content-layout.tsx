import { AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../shell/language-menu';
import { Logo } from '../shell/logo';
import { MAIN_NAV, NavLinks, SETTINGS_NAV } from '../shell/nav-links';
import { ThemeToggle } from '../shell/theme-toggle';
import { UserMenu } from '../shell/user-menu';

/** Side menu, top bar, page area and footer. */
export function ContentLayout({ aside }: { aside?: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 300, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('nav.menu')} />
            <Logo />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            <ThemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <AppShell.Section grow component={ScrollArea}>
          <NavLinks entries={MAIN_NAV} onNavigate={close} />
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="lg" mb={6} px="sm">
            {t('nav.settings')}
          </Text>
          <NavLinks entries={SETTINGS_NAV} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        {aside ? (
          <Group align="flex-start" wrap="nowrap" gap="lg">
            {aside}
            <div style={{ flex: 1, minWidth: 0 }}>
              <Outlet />
            </div>
          </Group>
        ) : (
          <Outlet />
        )}
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl" pt="md">
          {t('footer.credit')}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
