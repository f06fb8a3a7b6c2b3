import type { ReactNode } from 'react';
import { createTheme, DirectionProvider, MantineProvider, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@posauto/shared/i18n/index';
import { ApiError } from '../lib/api-client';
import { isRtl } from '../lib/i18n';
import { saveLoaderColours, usePreferences } from '../lib/preferences';
import { useEffect } from 'react';

const FONT = "'Noto Sans', 'Noto Sans Khmer', 'Noto Sans Arabic', 'Noto Sans SC', system-ui, sans-serif";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retry only what might succeed later: never a 4xx answer.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

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
  const theme = createTheme({
    primaryColor: prefs.preset,
    defaultRadius: prefs.skin === 'classic' ? 'sm' : 'md',
    fontFamily: FONT,
    headings: { fontFamily: FONT },
  });
  const dir = isRtl(lang) ? 'rtl' : 'ltr';
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="auto">
        <LoaderColours preset={prefs.preset} />
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-center" zIndex={2100} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
