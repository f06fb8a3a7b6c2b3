import { NativeSelect, useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@posauto/shared/i18n/index';
import { changeLanguage, currentLanguage } from '../../lib/i18n';

/*
 * The language and theme switches of the public pages (sign in, sign up, forgot password): the same choices and the
 * same stored settings as the shell's menus (shell/language-menu, shell/theme-menu), as native selects, so that the
 * login page does not load Mantine's Menu, Popover and Tooltip (issue #10: at most 170 KB of JavaScript).
 */

const THEMES: Array<{ value: MantineColorScheme; label: string }> = [
  { value: 'auto', label: 'theme.system' },
  { value: 'light', label: 'theme.light' },
  { value: 'dark', label: 'theme.dark' },
];

export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      title={t('common.language')}
      value={currentLanguage()}
      onChange={(e) => {
        const value = e.currentTarget.value;
        if (isLanguage(value)) changeLanguage(value);
      }}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data-testid="language-select"
      w={150}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {t(`languages.${l}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

export function ThemeSelect() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const Current = colorScheme === 'auto' ? IconDeviceDesktop : computed === 'dark' ? IconMoon : IconSun;
  return (
    <NativeSelect
      aria-label={t('theme.switch')}
      title={t('theme.switch')}
      value={colorScheme}
      onChange={(e) => setColorScheme(e.currentTarget.value as MantineColorScheme)}
      leftSection={<Current size={16} aria-hidden />}
      data-testid="theme-select"
      w={150}
    >
      {THEMES.map((o) => (
        <option key={o.value} value={o.value}>
          {t(o.label)}
        </option>
      ))}
    </NativeSelect>
  );
}
