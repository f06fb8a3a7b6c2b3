import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLinks, SETTINGS_NAV } from '../shell/nav-links';
import { ContentLayout } from './content-layout';

function SettingsMenu() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" w={260} visibleFrom="lg" style={{ flexShrink: 0, position: 'sticky', top: 80 }}>
      <Text fw={700} px="sm" pb="xs">
        {t('nav.general')}
      </Text>
      <NavLinks entries={SETTINGS_NAV} />
    </Paper>
  );
}

/** The content shell plus the settings side menu headed General. */
export function SettingLayout() {
  return <ContentLayout aside={<SettingsMenu />} />;
}
