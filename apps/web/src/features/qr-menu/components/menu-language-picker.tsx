import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@posauto/shared/i18n/index';
import { useMenuLanguage } from '../use-menu-language';

/** The five languages, each named in its own script, switched in place. */
export function MenuLanguagePicker() {
  const { t } = useTranslation();
  const { lang, choose } = useMenuLanguage();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" radius="xl" size="sm" leftSection={<IconLanguage size={16} />} data-testid="menu-language">
          {/* Named "Language" and then the visible language, so the name holds what is shown. */}
          <VisuallyHidden>{t('common.language')} </VisuallyHidden>
          <span lang={lang}>{t(`languages.${lang}`)}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            onClick={() => choose(l)}
            rightSection={l === lang ? <IconCheck size={14} /> : null}
            data-testid={`menu-language-${l}`}
          >
            {t(`languages.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
