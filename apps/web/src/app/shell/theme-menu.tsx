import { Menu, Tooltip, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ThemeButton } from './top-bar-buttons';

const OPTIONS: Array<{ value: MantineColorScheme; icon: typeof IconSun; label: string }> = [
  { value: 'auto', icon: IconDeviceDesktop, label: 'theme.system' },
  { value: 'light', icon: IconSun, label: 'theme.light' },
  { value: 'dark', icon: IconMoon, label: 'theme.dark' },
];

/** System (follows the OS), Light or Dark; Mantine stores the choice and restores it on load. */
export function ThemeMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" zIndex={2000} defaultOpened={defaultOpened}>
      <Menu.Target>
        <Tooltip label={t('theme.switch')}>
          <ThemeButton />
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {OPTIONS.map((o) => (
          <Menu.Item
            key={o.value}
            leftSection={<o.icon size={16} />}
            rightSection={colorScheme === o.value ? <IconCheck size={14} /> : null}
            onClick={() => setColorScheme(o.value)}
            data-testid={`theme-${o.value}`}
          >
            {t(o.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
