import { Menu, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@posauto/shared/i18n/index';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { LanguageButton } from './top-bar-buttons';

export function LanguageMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <Tooltip label={t('common.language')}>
          <LanguageButton />
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
