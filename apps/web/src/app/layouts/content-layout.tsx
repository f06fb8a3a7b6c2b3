import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { AppShell, Burger, Center, Group, Loader, ScrollArea } from '@mantine/core';
import { useDisclosure, useHeadroom, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setShopTimeZone } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { BackToTop } from '../shell/back-to-top';
import { Customizer } from '../shell/customizer';
import { Footer } from '../shell/footer';
import { GlobalSearch } from '../shell/global-search';
import { HorizontalMenu } from '../shell/horizontal-menu';
import { LanguageMenu } from '../shell/language-menu';
import { Logo } from '../shell/logo';
import { NotificationBell, useGeneralSetting } from '../shell/notification-bell';
import { ThemeMenu } from '../shell/theme-menu';
import { useVisibleMenu } from '../shell/use-menu';
import { UserMenu } from '../shell/user-menu';
import { RailMenu, VerticalMenu } from '../shell/vertical-menu';
import classes from '../shell/shell.module.css';

/** Spec section 9: side menu 300 px; rail 80 px, or 96 px in the modern skin; a drawer below the large breakpoint. */
export const MENU_WIDTH = 300;
export const RAIL_WIDTH = 80;
export const RAIL_WIDTH_MODERN = 96;

/**
 * Dates and times on the shop's clock (lib/format.ts): when the shop's zone arrives and differs from the one kept
 * from the last visit, the page is drawn again with it (once, in practice on the first visit only).
 */
function useShopClock(): string {
  const setting = useGeneralSetting();
  const zone = setting.data?.setting.time_zone;
  const [drawn, setDrawn] = useState('');
  useEffect(() => {
    if (zone && setShopTimeZone(zone)) setDrawn(zone);
  }, [zone]);
  return drawn;
}

/** The page, loaded on demand, while the shell around it stays in place. */
function PageOutlet() {
  const clock = useShopClock();
  return (
    <Suspense
      fallback={
        <Center h="40vh">
          <Loader />
        </Center>
      }
    >
      <Outlet key={clock} />
    </Suspense>
  );
}

/** Side menu (or top menu), top bar, page area, footer and back-to-top button. */
export function ContentLayout({ aside }: { aside?: ReactNode }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const menu = useVisibleMenu();
  const [opened, { toggle, close }] = useDisclosure();
  const large = useMediaQuery('(min-width: 75em)', true);
  const wide = useMediaQuery('(min-width: 36em)', true);
  const pinned = useHeadroom({ fixedAt: 120 });
  const horizontal = prefs.menuLayout === 'horizontal' && large;
  const rail = !horizontal && prefs.miniMenu && large;
  const navWidth = rail ? (prefs.skin === 'modern' ? RAIL_WIDTH_MODERN : RAIL_WIDTH) : MENU_WIDTH;
  const headerHeight = horizontal ? 112 : 64;

  return (
    <AppShell
      header={{ height: headerHeight, collapsed: !prefs.navbarFixed && !pinned, offset: true }}
      navbar={horizontal ? undefined : { width: navWidth, breakpoint: 'lg', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      data-skin={prefs.skin}
    >
      <AppShell.Header>
        <Group h={64} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!horizontal && <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label={t('nav.menu')} />}
            {(horizontal || !large) && <Logo compact={!wide} />}
            <GlobalSearch />
          </Group>
          <Group gap={6} wrap="nowrap">
            <LanguageMenu />
            <ThemeMenu />
            <NotificationBell />
            {wide && <Customizer />}
            <UserMenu />
          </Group>
        </Group>
        {horizontal && (
          <Group h={48} px="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <HorizontalMenu items={menu} />
          </Group>
        )}
      </AppShell.Header>
      {!horizontal && (
        <AppShell.Navbar
          p={rail ? 'xs' : 'md'}
          className={prefs.semiDark ? classes.semiDark : undefined}
          data-testid="navbar"
          data-rail={rail || undefined}
        >
          {large && (
            <AppShell.Section mb="md" px={rail ? 0 : 'xs'} style={{ display: 'flex', justifyContent: rail ? 'center' : 'flex-start' }}>
              <Logo compact={rail} />
            </AppShell.Section>
          )}
          <AppShell.Section grow component={ScrollArea}>
            {rail ? <RailMenu items={menu} /> : <VerticalMenu items={menu} onNavigate={close} />}
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main onClick={close}>
        <div className={classes.page}>
          {aside ? (
            <Group align="flex-start" wrap="nowrap" gap="lg">
              {aside}
              <div style={{ flex: 1, minWidth: 0 }}>
                <PageOutlet />
              </div>
            </Group>
          ) : (
            <PageOutlet />
          )}
        </div>
        <Footer />
        <BackToTop />
      </AppShell.Main>
    </AppShell>
  );
}
