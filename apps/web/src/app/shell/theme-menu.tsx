import { ActionIcon, Menu, Tooltip, useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const OPTIONS: Array<{ value: MantineColorScheme; icon: typeof IconSun; label: string }> = [
  { value: 'auto', icon: IconDeviceDesktop, label: 'theme.system' },
  { value: 'light', icon: IconSun, label: 'theme.light' },
  { value: 'dark', icon: IconMoon, label: 'theme.dark' },
];

/** System (follows the OS), Light or Dark; Mantine stores the choice and restores it on load. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const Current = colorScheme === 'auto' ? IconDeviceDesktop : computed === 'dark' ? IconMoon : IconSun;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" zIndex={2000}>
      <Menu.Target>
        <Tooltip label={t('theme.switch')}>
          <ActionIcon variant="default" size="lg" aria-label={t('theme.switch')} data-testid="theme-menu">
            <Current size={18} />
          </ActionIcon>
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
