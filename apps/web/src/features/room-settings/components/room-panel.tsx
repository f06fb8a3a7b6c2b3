import { useState } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROOM_LIMITS, type Room, type RoomType } from '@posauto/shared/schemas/rooms';
import { confirmDelete } from '../../../components/crud/confirm-delete';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteRoom, useRooms, useSaveRoom } from '../api/rooms';
import { useBranchPicker } from './branch-picker';
import { fieldErrors } from './form-errors';
import { RoomForm, type RoomDraft } from './room-form';
import css from './room-settings.module.css';

/** Rooms in the board's order. */
export const sortRooms = (rooms: readonly Room[]) => [...rooms].sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));

/** The rooms of a branch: add, edit (name, type, order), delete. */
export function RoomPanel({ types }: { types: RoomType[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { branchId, ready, picker } = useBranchPicker();
  const rooms = useRooms(branchId, ready);
  const save = useSaveRoom();
  const remove = useDeleteRoom();
  const [editing, setEditing] = useState<{ room: Room | null } | null>(null);
  const list = sortRooms(rooms.data ?? []);
  // A type renamed since the rooms were read shows its new name.
  const typeName = new Map(types.map((x) => [x.id, x.name]));

  const onSave = async (draft: RoomDraft): Promise<Record<string, string>> => {
    const room = editing?.room ?? null;
    try {
      if (room) await save.mutateAsync({ id: room.id, update: draft });
      else if (branchId) await save.mutateAsync({ create: { branch_id: branchId, ...draft } });
      else return {};
      notifySuccess(room ? 'messages.updated' : 'room_settings.room_created');
      setEditing(null);
      return {};
    } catch (e) {
      return fieldErrors(e);
    }
  };
  const onDelete = (room: Room) =>
    confirmDelete(() => remove.mutate(room.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }));

  return (
    <>
      {picker}
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Text size="sm" c="dimmed" className={css.grow}>
            {types.length === 0 ? t('room_settings.first_type') : t('room_settings.rooms_hint')}
          </Text>
          <Button
            size="xs"
            leftSection={<IconPlus size={16} />}
            disabled={!branchId || types.length === 0 || list.length >= ROOM_LIMITS.roomsPerBranch}
            onClick={() => setEditing({ room: null })}
          >
            {t('room_settings.add_room')}
          </Button>
        </Group>
        {rooms.error && <Alert color="red">{rooms.error.message}</Alert>}
        {rooms.isLoading && (
          <Center py="xl">
            <Loader />
          </Center>
        )}
        {rooms.data &&
          (list.length === 0 ? (
            <Text c="dimmed">{t('room_settings.no_rooms')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('room_settings.room_name')}</Table.Th>
                    <Table.Th>{t('room_settings.room_type')}</Table.Th>
                    <Table.Th>{t('room_settings.order')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((room) => (
                    <Table.Tr key={room.id}>
                      <Table.Td fw={500}>{room.name}</Table.Td>
                      <Table.Td>{typeName.get(room.type_id) ?? room.type_name}</Table.Td>
                      <Table.Td>{formatInteger(room.sort_order, lang)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            aria-label={t('room_settings.edit_named', { name: room.name })}
                            onClick={() => setEditing({ room })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            color="red"
                            aria-label={t('room_settings.delete_named', { name: room.name })}
                            onClick={() => onDelete(room)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
      </Paper>
      {editing && (
        <RoomForm
          room={editing.room}
          types={types}
          nextOrder={Math.min(
            999,
            list.reduce((max, r) => Math.max(max, r.sort_order + 1), 0),
          )}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={onSave}
        />
      )}
    </>
  );
}
