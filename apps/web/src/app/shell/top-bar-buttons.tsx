import type { ComponentProps } from 'react';
import { ActionIcon, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '../../lib/auth-store';
import classes from './shell.module.css';
import hidden from '../../components/sr-only.module.css';

/**
 * The buttons that open the top bar's language, theme and user menus, apart from the menus themselves: the till
 * shows them at once and loads the menus (Menu, Tooltip, floating-ui: about 26 KB gzip) only when one is first
 * hovered, focused or pressed (light-menus.tsx). Extra props (Menu.Target's and Tooltip's handlers, ref) pass through.
 */
type ButtonProps = Omit<ComponentProps<'button'>, 'color' | 'style'>;

export function LanguageButton(props: ButtonProps) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="default" size="lg" aria-label={t('common.language')} data-testid="language-menu" {...props}>
      <IconLanguage size={18} />
    </ActionIcon>
  );
}

export function ThemeButton(props: ButtonProps) {
  const { t } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const Current = colorScheme === 'auto' ? IconDeviceDesktop : computed === 'dark' ? IconMoon : IconSun;
  return (
    <ActionIcon variant="default" size="lg" aria-label={t('theme.switch')} data-testid="theme-menu" {...props}>
      <Current size={18} />
    </ActionIcon>
  );
}

/** Initials of a name, for the avatar. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function UserButton(props: ButtonProps) {
  const { t } = useTranslation();
  const user = useUserData();
  if (!user) return null;
  return (
    // The initials are decoration: the button is named by the person's full name.
    <UnstyledButton data-testid="user-menu" {...props}>
      <span className={classes.initials} aria-hidden>
        {initialsOf(user.data.name)}
      </span>
      <span className={hidden.srOnly}>{t('nav.account_menu', { name: user.data.name })}</span>
    </UnstyledButton>
  );
}
