import { Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4, IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Sign-up step 4: the shop exists and waits for the platform team (about 5 minutes, spec section 1). */
export function SignupCompleted({ email }: { email: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" data-testid="signup-completed">
      <ThemeIcon size={72} radius="xl" variant="light" color="teal">
        <IconClockHour4 size={40} />
      </ThemeIcon>
      <Title order={2}>{t('signup.completed_title')}</Title>
      <Text c="dimmed">{t('signup.completed_text')}</Text>
      <List size="sm" spacing={6} ta="start" type="ordered" withPadding>
        <List.Item>{t('signup.completed_next_review')}</List.Item>
        <List.Item>{t('signup.completed_next_signin')}</List.Item>
      </List>
      <Button
        component={Link}
        to={email ? `/login?email=${encodeURIComponent(email)}` : '/login'}
        leftSection={<IconLogin size={18} />}
        size="md"
        data-testid="completed-signin"
      >
        {t('signup.go_to_signin')}
      </Button>
    </Stack>
  );
}
