import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function ForbiddenScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="sm" maw={460} ta="center" data-testid="forbidden">
        <IconLock size={80} stroke={1.2} color="var(--mantine-color-red-6)" />
        <Title order={2}>{t('forbidden.title')}</Title>
        <Text c="dimmed">{t('forbidden.text')}</Text>
        <Button component={Link} to="/" mt="md">
          {t('common.back_home')}
        </Button>
      </Stack>
    </Center>
  );
}
