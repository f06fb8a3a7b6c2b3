import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@posauto/shared/i18n/index';
import { isRtl, LOCALE_KEY } from '../../lib/i18n';

/**
 * The visitor's language on the public menu. Choosing one stores it as app-locale (as the app's own switcher
 * does) but switches in place, without the reload the back office uses: the menu, its scroll position and the
 * search stay as they are; Arabic turns the page right-to-left.
 */
export function useMenuLanguage(): { lang: Language; choose: (lang: Language) => void } {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const choose = (next: Language) => {
    localStorage.setItem(LOCALE_KEY, next);
    void i18n.changeLanguage(next);
    const dir = isRtl(next) ? 'rtl' : 'ltr';
    document.documentElement.lang = next;
    document.documentElement.dir = dir;
    setDirection(dir);
  };
  return { lang, choose };
}
