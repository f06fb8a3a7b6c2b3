import {
  ActionIcon,
  Button,
  ColorSwatch,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Tooltip,
  useMantineColorScheme,
  useMantineTheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRESETS, resetPreferences, setPreference, SKINS, usePreferences, type MenuLayout, type Skin } from '../../lib/preferences';

function Section({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The customiser: every stored preference in one panel. */
export function Customizer() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure();
  const prefs = usePreferences();
  const theme = useMantineTheme();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Tooltip label={t('customizer.title')}>
        <ActionIcon variant="default" size="lg" onClick={open} aria-label={t('customizer.title')} data-testid="customizer-open">
          <IconSettings size={18} />
        </ActionIcon>
      </Tooltip>
      <Drawer opened={opened} onClose={close} title={t('customizer.title')} position="right" size={340} zIndex={2000}>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('customizer.subtitle')}
          </Text>
          <Section label={t('theme.switch')}>
            <SegmentedControl
              fullWidth
              value={colorScheme}
              onChange={(v) => setColorScheme(v as MantineColorScheme)}
              data={[
                { value: 'auto', label: t('theme.system') },
                { value: 'light', label: t('theme.light') },
                { value: 'dark', label: t('theme.dark') },
              ]}
            />
          </Section>
          <Section label={t('customizer.primary')}>
            <Group gap={8}>
              {PRESETS.map((c) => (
                <ColorSwatch
                  key={c}
                  component="button"
                  color={theme.colors[c]?.[6] ?? c}
                  onClick={() => setPreference('preset', c)}
                  aria-label={c}
                  style={{ cursor: 'pointer', color: '#fff' }}
                  data-testid={`preset-${c}`}
                >
                  {prefs.preset === c && <IconCheck size={14} />}
                </ColorSwatch>
              ))}
            </Group>
          </Section>
          <Section label={t('customizer.skin')}>
            <SegmentedControl
              fullWidth
              value={prefs.skin}
              onChange={(v) => setPreference('skin', v as Skin)}
              data={SKINS.map((s) => ({ value: s, label: t(`customizer.skins.${s}`) }))}
            />
          </Section>
          <Section label={t('customizer.layout')}>
            <SegmentedControl
              fullWidth
              value={prefs.menuLayout}
              onChange={(v) => setPreference('menuLayout', v as MenuLayout)}
              data={[
                { value: 'vertical', label: t('customizer.vertical') },
                { value: 'horizontal', label: t('customizer.horizontal') },
              ]}
              data-testid="layout-control"
            />
          </Section>
          <Switch
            label={t('customizer.mini_menu')}
            checked={prefs.miniMenu}
            onChange={(e) => setPreference('miniMenu', e.currentTarget.checked)}
            disabled={prefs.menuLayout === 'horizontal'}
          />
          <Switch
            label={t('customizer.semi_dark')}
            checked={prefs.semiDark}
            onChange={(e) => setPreference('semiDark', e.currentTarget.checked)}
            disabled={prefs.menuLayout === 'horizontal'}
          />
          <Switch
            label={t('customizer.navbar_fixed')}
            checked={prefs.navbarFixed}
            onChange={(e) => setPreference('navbarFixed', e.currentTarget.checked)}
          />
          <Button
            variant="default"
            onClick={() => {
              resetPreferences();
              setColorScheme('auto');
            }}
          >
            {t('customizer.reset')}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
