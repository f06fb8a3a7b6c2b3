import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const MORE_DETAILS_URL = 'https://github.com/posauto/posauto';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      mt="xl"
      pt="md"
      pb="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="xs" c="dimmed">
        {t('footer.credit')}
      </Text>
      <Anchor href={MORE_DETAILS_URL} target="_blank" rel="noopener noreferrer" size="xs" data-testid="more-details">
        {t('footer.more_details')}
      </Anchor>
    </Group>
  );
}
