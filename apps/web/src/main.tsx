import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/500.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-khmer/400.css';
import '@fontsource/noto-sans-khmer/500.css';
import '@fontsource/noto-sans-khmer/700.css';
import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/700.css';
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-sc/700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n';
import { checkInactivityOnStart } from './lib/inactivity';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';

checkInactivityOnStart();
const lang = initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers lang={lang}>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
