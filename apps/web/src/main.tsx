// Fonts by script and weight; the browser fetches a file only for the characters a page shows (unicode-range).
// Chinese is added by lib/i18n when it is the language shown.
// latin-ext before latin: where their ranges overlap, the rule declared last wins, and latin is the small file.
import '@fontsource/noto-sans/latin-ext-400.css';
import '@fontsource/noto-sans/latin-ext-500.css';
import '@fontsource/noto-sans/latin-ext-700.css';
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-500.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-khmer/khmer-400.css';
import '@fontsource/noto-sans-khmer/khmer-500.css';
import '@fontsource/noto-sans-khmer/khmer-700.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n';
import { checkInactivityOnStart } from './lib/inactivity';
import { registerServiceWorker } from './lib/service-worker';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';

// zod compiles object schemas with `new Function` unless told not to; the Content-Security-Policy (no 'unsafe-eval')
// refuses that, and the browser reports a violation on every page that checks a form. The forms are small: plain
// parsing is fast enough. zod keeps its settings on this global object, shared whichever loads first: setting it here
// keeps zod itself out of the sign-in page's weight.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = Object.assign(zodSettings.__zod_globalConfig ?? {}, { jitless: true });
checkInactivityOnStart();
registerServiceWorker();
const { lang, ready } = initI18n();

// The first screen renders once its language's table is there (the start-up loader shows until then).
void ready.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers lang={lang}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
