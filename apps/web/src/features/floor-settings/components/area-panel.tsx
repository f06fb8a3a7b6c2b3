import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FloorArea } from '@posauto/shared/schemas/restaurant';
import { confirmDelete } from '../../../components/crud/confirm-delete';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteArea, useSaveArea } from '../api/floor';
import { fieldErrors } from './form-errors';
import { NameModal } from './name-modal';
import css from './floor.module.css';

/** Areas in the order the floor shows them. */
export const sortAreas = (areas: readonly FloorArea[]) =>
  [...areas].sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));

type Editing = { area: FloorArea | null } | null;

/** A branch's areas: choose one, add, rename, delete, and put them in order. */
export function AreaPanel(props: { branchId: string | null; areas: FloorArea[]; selected: string | null; onSelect(id: string): void }) {
  const { t } = useTranslation();
  const save = useSaveArea();
  const remove = useDeleteArea();
  const [editing, setEditing] = useState<Editing>(null);
  const areas = sortAreas(props.areas);

  const onSave = async (name: string): Promise<Record<string, string>> => {
    const area = editing?.area;
    try {
      if (area) await save.mutateAsync({ id: area.id, update: { name, sort_order: area.sort_order } });
      else {
        if (!props.branchId) return {};
        const created = await save.mutateAsync({ create: { branch_id: props.branchId, name, sort_order: areas.length } });
        props.onSelect(created.id);
      }
      notifySuccess(area ? 'messages.updated' : 'floor_settings.area_created');
      setEditing(null);
      return {};
    } catch (e) {
      return fieldErrors(e);
    }
  };

  /** Swaps an area with its neighbour: every area gets its place as its order, so equal orders never stay equal. */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...areas];
    const [a] = order.splice(index, 1);
    order.splice(index + by, 0, a!);
    try {
      for (const [i, area] of order.entries())
        if (area.sort_order !== i) await save.mutateAsync({ id: area.id, update: { name: area.name, sort_order: i } });
    } catch (e) {
      notifyError(e);
    }
  };

  const onDelete = (area: FloorArea) =>
    confirmDelete(() => remove.mutate(area.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }));

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('floor_settings.areas')}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={16} />} disabled={!props.branchId} onClick={() => setEditing({ area: null })}>
          {t('floor_settings.add_area')}
        </Button>
      </Group>
      {areas.length === 0 && <Text c="dimmed">{t('floor_settings.no_areas')}</Text>}
      <Stack gap={4} component="ul" className={css.plainList}>
        {areas.map((area, i) => (
          <Group component="li" key={area.id} gap={4} wrap="nowrap" className={css.areaRow} data-selected={area.id === props.selected}>
            <UnstyledButton className={css.areaName} aria-pressed={area.id === props.selected} onClick={() => props.onSelect(area.id)}>
              {area.name}
            </UnstyledButton>
            <div className={css.areaTools}>
              <ActionIcon
                size="lg"
                variant="subtle"
                disabled={i === 0}
                aria-label={t('floor_settings.move_up', { name: area.name })}
                onClick={() => void move(i, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                size="lg"
                variant="subtle"
                disabled={i === areas.length - 1}
                aria-label={t('floor_settings.move_down', { name: area.name })}
                onClick={() => void move(i, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                size="lg"
                variant="subtle"
                aria-label={t('floor_settings.rename', { name: area.name })}
                onClick={() => setEditing({ area })}
              >
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon
                size="lg"
                variant="subtle"
                color="red"
                aria-label={t('floor_settings.delete_named', { name: area.name })}
                onClick={() => onDelete(area)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </div>
          </Group>
        ))}
      </Stack>
      {editing && (
        <NameModal
          opened
          title={t(editing.area ? 'floor_settings.rename_area' : 'floor_settings.add_area')}
          label={t('floor_settings.area_name')}
          initial={editing.area?.name ?? ''}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={onSave}
        />
      )}
    </Paper>
  );
}
