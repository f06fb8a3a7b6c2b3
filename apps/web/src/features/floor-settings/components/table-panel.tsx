import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FloorArea, FloorTable } from '@posauto/shared/schemas/restaurant';
import { confirmDelete } from '../../../components/crud/confirm-delete';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteTable, useSaveTable } from '../api/floor';
import { freeCell } from '../lib/plan';
import { fieldErrors } from './form-errors';
import { TableForm, type TableDraft } from './table-form';

/** The tables of one area: add, edit (name, seats, shape), delete. */
export function TablePanel({ area, tables }: { area: FloorArea; tables: FloorTable[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useSaveTable();
  const remove = useDeleteTable();
  const [editing, setEditing] = useState<{ table: FloorTable | null } | null>(null);

  const onSave = async (draft: TableDraft): Promise<Record<string, string>> => {
    const table = editing?.table ?? null;
    const at = table ? { x: table.x, y: table.y } : freeCell(tables, draft.shape);
    try {
      await save.mutateAsync({ id: table?.id, input: { area_id: area.id, ...draft, ...at } });
      notifySuccess(table ? 'messages.updated' : 'floor_settings.table_created');
      setEditing(null);
      return {};
    } catch (e) {
      return fieldErrors(e);
    }
  };
  const onDelete = (table: FloorTable) =>
    confirmDelete(() => remove.mutate(table.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }));

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('floor_settings.tables_of', { area: area.name })}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ table: null })}>
          {t('floor_settings.add_table')}
        </Button>
      </Group>
      {tables.length === 0 ? (
        <Text c="dimmed">{t('floor_settings.no_tables')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('floor_settings.table_name')}</Table.Th>
                <Table.Th>{t('floor_settings.seats')}</Table.Th>
                <Table.Th>{t('floor_settings.shape')}</Table.Th>
                <Table.Th>{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tables.map((table) => (
                <Table.Tr key={table.id}>
                  <Table.Td fw={500}>{table.name}</Table.Td>
                  <Table.Td>{formatInteger(table.seats, lang)}</Table.Td>
                  <Table.Td>{t(`floor_settings.shapes.${table.shape}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('floor_settings.edit_named', { name: table.name })}
                        onClick={() => setEditing({ table })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('floor_settings.delete_named', { name: table.name })}
                        onClick={() => onDelete(table)}
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
      {editing && <TableForm table={editing.table} saving={save.isPending} onClose={() => setEditing(null)} onSave={onSave} />}
    </Paper>
  );
}
