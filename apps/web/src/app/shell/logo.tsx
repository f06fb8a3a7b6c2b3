import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group
      renderRoot={(props) => <Link to="/" {...props} />}
      gap="xs"
      wrap="nowrap"
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={t('app.name')}
    >
      <ThemeIcon size="lg" radius="md" variant="filled">
        <IconCashRegister size={20} />
      </ThemeIcon>
      {!compact && (
        <Text fw={800} size="lg" style={{ letterSpacing: 0.5 }}>
          {t('app.name')}
        </Text>
      )}
    </Group>
  );
}
