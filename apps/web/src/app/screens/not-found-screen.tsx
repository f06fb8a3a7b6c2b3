import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconError404 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="80vh" px="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <IconError404 size={96} stroke={1.2} color="var(--mantine-primary-color-filled)" />
        <Title order={2}>{t('not_found.title')}</Title>
        <Text c="dimmed">{t('not_found.text')}</Text>
        <Button component={Link} to="/" mt="md">
          {t('common.back_home')}
        </Button>
      </Stack>
    </Center>
  );
}
