import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useUserData } from '../../lib/auth-store';
import { SETTINGS_NAV } from '../shell/nav-links';

export function HomeScreen() {
  const { t } = useTranslation();
  const user = useUserData();
  const shortcuts = SETTINGS_NAV.filter((e) => hasPermission(user, e.permission));
  return (
    <>
      <Title order={2}>{t('home.welcome', { name: user?.data.name ?? '' })}</Title>
      <Text c="dimmed" mb="lg">{t('home.subtitle')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {shortcuts.map((s) => (
          <Card key={s.to} component={Link} to={s.to} withBorder padding="lg">
            <Group>
              <ThemeIcon size={44} variant="light" radius="md"><s.icon size={24} /></ThemeIcon>
              <div>
                <Text fw={600}>{t(s.label)}</Text>
                <Text size="sm" c="dimmed">{t(`home.shortcut_${s.to.slice(1).replace(/-/g, '_')}`)}</Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
