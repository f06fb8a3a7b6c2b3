import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** A full-width message in place of the menu: not found, failed, empty or nothing matching the search. */
export function MenuMessage({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Stack align="center" ta="center" gap="sm" py={48} px="md" data-testid={testId}>
      <ThemeIcon size={72} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Title order={2} fz={20}>
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {text}
      </Text>
      {action}
    </Stack>
  );
}
