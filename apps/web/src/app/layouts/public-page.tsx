import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from '../shell/logo';
import { MORE_DETAILS_URL } from '../shell/footer';
import { LanguageSelect, ThemeSelect } from './public-switchers';

/** The look of every public page (sign in, sign up, forgot password): logo, language and theme, one card, credit. */
export function PublicPage({ children, width = 440, top }: { children: ReactNode; width?: number; top?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'light-dark(linear-gradient(135deg, var(--mantine-color-teal-0), var(--mantine-color-gray-0)), var(--mantine-color-dark-8))',
      }}
    >
      <Group justify="space-between" p="md">
        <Logo />
        <Group gap="xs">
          <LanguageSelect />
          <ThemeSelect />
        </Group>
      </Group>
      <Center px="md" py={{ base: 16, sm: 40 }} style={{ flexDirection: 'column' }}>
        {top && (
          <Box w="100%" maw={width} mb="md">
            {top}
          </Box>
        )}
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={width}>
          {children}
        </Paper>
      </Center>
      <Text size="xs" c="dimmed" ta="center" pb="md">
        {t('footer.credit')}{' '}
        <Anchor href={MORE_DETAILS_URL} target="_blank" rel="noopener noreferrer" size="xs">
          {t('footer.more_details')}
        </Anchor>
      </Text>
    </Box>
  );
}
