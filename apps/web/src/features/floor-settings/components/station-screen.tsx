import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KitchenStation } from '@posauto/shared/schemas/restaurant';
import { confirmDelete } from '../../../components/crud/confirm-delete';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCategoryChoices, useDeleteStation, useSaveStation, useStations } from '../api/floor';
import { useBranchPicker } from './branch-picker';
import { fieldErrors } from './form-errors';
import { StationForm, type StationDraft } from './station-form';

/** /kitchen-station-listing: a branch's kitchen stations and the categories each prepares. */
export function KitchenStationScreen() {
  const { t } = useTranslation();
  const { branchId, ready, picker } = useBranchPicker();
  const stations = useStations(branchId, ready);
  const categories = useCategoryChoices();
  const save = useSaveStation();
  const remove = useDeleteStation();
  const [editing, setEditing] = useState<{ station: KitchenStation | null } | null>(null);
  const categoryName = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
  const choices = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));

  const onSave = async (draft: StationDraft): Promise<Record<string, string>> => {
    const station = editing?.station ?? null;
    try {
      if (station) await save.mutateAsync({ id: station.id, update: draft });
      else if (branchId) await save.mutateAsync({ create: { branch_id: branchId, ...draft } });
      notifySuccess(station ? 'messages.updated' : 'floor_settings.station_created');
      setEditing(null);
      return {};
    } catch (e) {
      return fieldErrors(e);
    }
  };
  const onDelete = (s: KitchenStation) =>
    confirmDelete(() => remove.mutate(s.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }));

  const rows = (stations.data ?? []).map((s) => (
    <Table.Tr key={s.id}>
      <Table.Td fw={500}>{s.name}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {s.is_default && <Badge variant="light">{t('floor_settings.default_badge')}</Badge>}
          {s.print_tickets && (
            <Badge variant="light" color="grape">
              {t('floor_settings.print_badge')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        {s.category_ids.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('common.none')}
          </Text>
        ) : (
          <Group gap={4}>
            {s.category_ids.map((id) => (
              <Badge key={id} variant="outline" color="gray">
                {categoryName.get(id) ?? t('floor_settings.unknown_category')}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('floor_settings.edit_named', { name: s.name })}
            onClick={() => setEditing({ station: s })}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('floor_settings.delete_named', { name: s.name })}
            onClick={() => onDelete(s)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <>
      <PageHeader
        subtitle={t('floor_settings.stations_subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!branchId} onClick={() => setEditing({ station: null })}>
            {t('floor_settings.add_station')}
          </Button>
        }
      />
      {picker}
      {stations.error && <Alert color="red">{stations.error.message}</Alert>}
      {stations.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {stations.data && (
        <Paper withBorder radius="md" p="md">
          {stations.data.length === 0 ? (
            <Text c="dimmed">{t('floor_settings.no_stations')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('floor_settings.station_name')}</Table.Th>
                    <Table.Th>{t('floor_settings.flags')}</Table.Th>
                    <Table.Th>{t('floor_settings.categories')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{rows}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      {editing && (
        <StationForm
          station={editing.station}
          categories={choices}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={onSave}
        />
      )}
    </>
  );
}
