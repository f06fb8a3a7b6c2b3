import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES_BY_NAME, type AppRoute } from '@posauto/shared/routes';
import { useCurrentRoute } from '../lib/current-route';

export { useCurrentRoute };

/** The page title with its breadcrumb (Dashboard › list › page), from the route table. */
export function PageHeader({ subtitle, actions, title }: { subtitle?: string; actions?: ReactNode; title?: string }) {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const trail: AppRoute[] = [];
  for (let r = route?.parent ? ROUTES_BY_NAME.get(route.parent) : undefined; r; r = r.parent ? ROUTES_BY_NAME.get(r.parent) : undefined)
    trail.unshift(r);
  const heading = title ?? (route ? t(`pages.${route.name}`) : '');
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <Stack gap={4}>
        {route && route.name !== 'home' && (
          <Breadcrumbs separatorMargin={6} data-testid="breadcrumbs">
            <Anchor component={Link} to="/" size="sm">
              {t('pages.home')}
            </Anchor>
            {trail.map((r) => (
              <Anchor key={r.name} component={Link} to={r.path} size="sm">
                {t(`pages.${r.name}`)}
              </Anchor>
            ))}
            <Text size="sm" c="dimmed">
              {heading}
            </Text>
          </Breadcrumbs>
        )}
        <Title order={2}>{heading}</Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
