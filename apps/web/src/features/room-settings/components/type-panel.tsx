import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@posauto/shared/money/index';
import { ROOM_LIMITS, type RoomType, type RoomTypeInput } from '@posauto/shared/schemas/rooms';
import { confirmDelete } from '../../../components/crud/confirm-delete';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoneyText } from '../../../lib/money-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteType, useSaveType } from '../api/rooms';
import { fieldErrors } from './form-errors';
import { TypeForm } from './type-form';
import css from './room-settings.module.css';

/** Types in the order the board and the pickers show them. */
export const sortTypes = (types: readonly RoomType[]) =>
  [...types].sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));

/** The shop's room types: how each charges its time; add, edit (with the rate plan), delete. */
export function TypePanel({ types, currency }: { types: RoomType[]; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useSaveType();
  const remove = useDeleteType();
  const [editing, setEditing] = useState<{ type: RoomType | null } | null>(null);
  const list = sortTypes(types);
  const minutes = (m: number) => t('room_settings.minutes_value', { minutes: formatInteger(m, lang) });

  const onSave = async (input: RoomTypeInput): Promise<Record<string, string>> => {
    const type = editing?.type ?? null;
    try {
      await save.mutateAsync({ id: type?.id, input });
      notifySuccess(type ? 'messages.updated' : 'room_settings.type_created');
      setEditing(null);
      return {};
    } catch (e) {
      return fieldErrors(e);
    }
  };
  const onDelete = (type: RoomType) =>
    confirmDelete(() => remove.mutate(type.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }));

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" className={css.grow}>
          {t('room_settings.types_hint')}
        </Text>
        <Button
          size="xs"
          leftSection={<IconPlus size={16} />}
          disabled={list.length >= ROOM_LIMITS.typesPerBusiness}
          onClick={() => setEditing({ type: null })}
        >
          {t('room_settings.add_type')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed">{t('room_settings.no_types')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('room_settings.type_name')}</Table.Th>
                <Table.Th>{t('room_settings.block')}</Table.Th>
                <Table.Th>{t('room_settings.first_block')}</Table.Th>
                <Table.Th>{t('room_settings.grace')}</Table.Th>
                <Table.Th>{t('room_settings.min_spend')}</Table.Th>
                <Table.Th>{t('room_settings.cleaning')}</Table.Th>
                <Table.Th>{t('room_settings.room_count')}</Table.Th>
                <Table.Th>{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td fw={500}>{type.name}</Table.Td>
                  <Table.Td>{minutes(type.block_minutes)}</Table.Td>
                  <Table.Td>{minutes(type.first_block_minutes)}</Table.Td>
                  <Table.Td>{minutes(type.grace_minutes)}</Table.Td>
                  <Table.Td>
                    {/^0*(\.0*)?$/.test(type.min_spend.trim()) ? t('common.none') : formatMoneyText(type.min_spend, currency, lang)}
                  </Table.Td>
                  <Table.Td>{type.cleaning_minutes === 0 ? t('room_settings.by_hand') : minutes(type.cleaning_minutes)}</Table.Td>
                  <Table.Td>{formatInteger(type.room_count, lang)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={t('room_settings.edit_named', { name: type.name })}
                        onClick={() => setEditing({ type })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        color="red"
                        aria-label={t('room_settings.delete_named', { name: type.name })}
                        onClick={() => onDelete(type)}
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
      )}
      {editing && (
        <TypeForm
          type={editing.type}
          nextOrder={Math.min(
            999,
            list.reduce((max, x) => Math.max(max, x.sort_order + 1), 0),
          )}
          currency={currency}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={onSave}
        />
      )}
    </Paper>
  );
}
