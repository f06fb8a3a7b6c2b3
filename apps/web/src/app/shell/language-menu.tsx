import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@posauto/shared/i18n/index';
import { changeLanguage, currentLanguage } from '../../lib/i18n';

export function LanguageMenu() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label={t('common.language')}>
          <ActionIcon variant="default" size="lg" aria-label={t('common.language')} data-testid="language-menu">
            <IconLanguage size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((l) => (
          <Menu.Item key={l} onClick={() => changeLanguage(l)} rightSection={l === current ? <IconCheck size={14} /> : null} lang={l}>
            {t(`languages.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
