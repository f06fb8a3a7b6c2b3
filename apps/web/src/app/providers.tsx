import { lazy, useEffect, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import type { Language } from '@posauto/shared/i18n/index';
import { i18n, isRtl } from '../lib/i18n';
import { saveLoaderColours, usePreferences } from '../lib/preferences';
import { appTheme, cssVariablesResolver } from './theme';

/** Starts fetching the server-data, dialog and notification providers (app-services.tsx) before they are shown. */
export const loadServices = () => import('./app-services');
const LazyServices = lazy(() => loadServices().then((m) => ({ default: m.AppServices })));

/**
 * TanStack Query, modals and notifications around the screens that use them (the signed-in shell, the lazy public
 * screens): loaded with those screens, so that the login page does not carry them (issue #10). Shows the nearest
 * Suspense fallback while loading.
 */
export function Services({ children }: { children: ReactNode }) {
  return <LazyServices>{children}</LazyServices>;
}

/** Remembers the surface and primary colours so the next start-up loader matches (spec: loader colours). */
function LoaderColours({ preset }: { preset: string }) {
  const scheme = useComputedColorScheme('light');
  const theme = useMantineTheme();
  useEffect(() => {
    const background = scheme === 'dark' ? theme.colors.dark[7]! : theme.white;
    saveLoaderColours(background, theme.colors[preset]?.[6] ?? theme.colors.teal[6]!);
    document.getElementById('boot-loader')?.remove();
  }, [scheme, preset, theme]);
  return null;
}

export function Providers({ lang, children }: { lang: Language; children: ReactNode }) {
  const prefs = usePreferences();
  useEffect(() => {
    document.documentElement.dataset.skin = prefs.skin;
  }, [prefs.skin]);
  const theme = appTheme(prefs.preset, prefs.skin, i18n.t('common.close'));
  const dir = isRtl(lang) ? 'rtl' : 'ltr';
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <LoaderColours preset={prefs.preset} />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
