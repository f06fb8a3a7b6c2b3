import { NavLink, Paper, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isActive, useSettingsMenu } from '../shell/use-menu';
import { ContentLayout } from './content-layout';

/** Spec section 9: the settings menu is 260 px wide. */
export const SETTINGS_MENU_WIDTH = 260;

function SettingsMenu() {
  const { t } = useTranslation();
  const items = useSettingsMenu();
  const { pathname } = useLocation();
  return (
    <Paper
      withBorder
      p="sm"
      w={SETTINGS_MENU_WIDTH}
      visibleFrom="md"
      style={{ flexShrink: 0, position: 'sticky', top: 80 }}
      data-testid="settings-menu"
    >
      <Text fw={700} px="sm" pb="xs">
        {t('menu.general')}
      </Text>
      {items.map((item) => (
        <NavLink
          key={item.name}
          component={Link}
          to={item.to!}
          label={t(`menu.${item.name}`)}
          active={isActive(item, pathname)}
          style={{ borderRadius: 8 }}
        />
      ))}
    </Paper>
  );
}

/** The content shell plus the settings side menu headed General. */
export function SettingLayout() {
  return <ContentLayout aside={<SettingsMenu />} />;
}
