import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PermissionGroup } from '../api/roles';

function GroupCard({
  group,
  selected,
  onToggle,
}: {
  group: PermissionGroup;
  selected: Set<string>;
  onToggle: (keys: string[], on: boolean) => void;
}) {
  const { t } = useTranslation();
  const chosen = group.permissions.filter((p) => selected.has(p)).length;
  const all = chosen === group.permissions.length;
  return (
    <Paper withBorder p="md" radius="md" data-testid={`permission-group-${group.key}`}>
      <Group
        justify="space-between"
        wrap="nowrap"
        mb="sm"
        pb="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Checkbox
          label={<Text fw={700}>{t(`permissions.groups.${group.key}`)}</Text>}
          checked={all}
          indeterminate={chosen > 0 && !all}
          onChange={() => onToggle(group.permissions, !all)}
          aria-label={t('roles.select_group', { group: t(`permissions.groups.${group.key}`) })}
          data-testid="permission-group-all"
        />
        <Badge variant={chosen ? 'light' : 'default'} color={chosen ? undefined : 'gray'}>
          {chosen}/{group.permissions.length}
        </Badge>
      </Group>
      <Stack gap="xs">
        {group.permissions.map((p) => (
          <Checkbox
            key={p}
            label={t(`permissions.${p}`)}
            checked={selected.has(p)}
            onChange={(e) => onToggle([p], e.currentTarget.checked)}
            data-permission={p}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** The permissions of a role as a matrix grouped like the menu, with select-all per group and overall. */
export function PermissionMatrix({
  groups,
  value,
  onChange,
}: {
  groups: PermissionGroup[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const { t } = useTranslation();
  const selected = new Set(value);
  const every = groups.flatMap((g) => g.permissions);
  const chosen = every.filter((p) => selected.has(p)).length;
  const toggle = (keys: string[], on: boolean) => {
    const next = new Set(selected);
    for (const k of keys) {
      if (on) next.add(k);
      else next.delete(k);
    }
    onChange([...next]);
  };
  return (
    <Stack gap="sm" data-testid="permission-matrix">
      <Group justify="space-between">
        <Checkbox
          label={t('roles.select_all')}
          checked={every.length > 0 && chosen === every.length}
          indeterminate={chosen > 0 && chosen < every.length}
          onChange={() => toggle(every, chosen !== every.length)}
          data-testid="permission-all"
        />
        <Text size="sm" c="dimmed">
          {t('roles.selected_count', { n: chosen, total: every.length })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {groups.map((g) => (
          <GroupCard key={g.key} group={g} selected={selected} onToggle={toggle} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
