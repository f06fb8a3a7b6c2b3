import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeByName } from '@posauto/shared/routes';
import { SETUP_STEPS, type SetupStatus } from '@posauto/shared/schemas/setup';
import { api } from '../../lib/api-client';
import { hasPermission, useUserData } from '../../lib/auth-store';
import { formatInteger } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';

const KEY = ['setup-status'];

/**
 * A new shop's first steps on the dashboard: each done or not from the shop's real data (GET /api/v1/setup-status),
 * each a link to where it is done. Gone once every step is done, or when the owner hides it (for the whole shop).
 * Asked again whenever the tab comes back into view, so a step done in another tab shows at once.
 */
export function SetupChecklist() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const titleId = useId();
  const user = useUserData();
  // Shop-level keepers of the settings only (the server answers others 403).
  const allowed = hasPermission(user, 'general-setting') && !user?.data.branch_id;
  const client = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => api.get<SetupStatus>('/api/v1/setup-status'), enabled: allowed });
  const dismiss = useMutation({
    mutationFn: () => api.post<SetupStatus>('/api/v1/setup-status/dismiss'),
    onSuccess: (s) => client.setQueryData(KEY, s),
    onError: notifyError,
  });
  const s = q.data;
  if (!allowed || !s || s.complete || s.dismissed) return null;
  const doneCount = s.steps.filter((x) => x.done).length;
  return (
    <Paper withBorder p="lg" mb="lg" aria-labelledby={titleId} component="section" data-testid="setup-checklist">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h4" id={titleId}>
            {t('setup.checklist.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('setup.checklist.intro')}
          </Text>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={() => dismiss.mutate()} loading={dismiss.isPending} data-testid="setup-dismiss">
          {t('setup.checklist.dismiss')}
        </Button>
      </Group>
      <Group gap="sm" mb="md" wrap="nowrap">
        <Progress
          value={(doneCount / s.steps.length) * 100}
          style={{ flex: 1 }}
          aria-label={t('setup.checklist.progress', { done: formatInteger(doneCount, lang), total: formatInteger(s.steps.length, lang) })}
        />
        <Text size="sm" fw={500} data-testid="setup-progress" style={{ whiteSpace: 'nowrap' }}>
          {t('setup.checklist.progress', { done: formatInteger(doneCount, lang), total: formatInteger(s.steps.length, lang) })}
        </Text>
      </Group>
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {s.steps.map((step) => {
          const route = routeByName(SETUP_STEPS.find((x) => x.key === step.key)!.route);
          const title = t(`setup.checklist.steps.${step.key}.title`);
          return (
            <Group
              component="li"
              key={step.key}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid={`setup-step-${step.key}`}
              data-done={step.done}
            >
              <ThemeIcon size={28} radius="xl" variant={step.done ? 'filled' : 'light'} color={step.done ? 'teal' : 'gray'} aria-hidden>
                {step.done ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
              </ThemeIcon>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  {hasPermission(user, route.permission) ? (
                    <Anchor
                      component={Link}
                      to={route.path}
                      fw={600}

                      data-testid="setup-step-link"
                    >
                      {title}
                    </Anchor>
                  ) : (
                    <Text fw={600}>{title}</Text>
                  )}
                  <Badge size="sm" variant="light" color={step.done ? 'teal' : 'gray'}>
                    {t(step.done ? 'setup.checklist.done' : 'setup.checklist.todo')}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`setup.checklist.steps.${step.key}.hint`)}
                </Text>
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
