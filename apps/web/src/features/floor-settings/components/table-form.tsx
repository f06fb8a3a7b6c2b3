import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOOR_LIMITS, TABLE_SHAPES, type FloorTable, type TableShape } from '@posauto/shared/schemas/restaurant';

export interface TableDraft {
  name: string;
  seats: number;
  shape: TableShape;
}

/** Adding or editing a table: its name, seats and shape (where it stands is the plan's business). */
export function TableForm(props: {
  table: FloorTable | null;
  saving: boolean;
  onClose(): void;
  onSave(draft: TableDraft): Promise<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TableDraft>({
    name: props.table?.name ?? '',
    seats: props.table?.seats ?? 4,
    shape: props.table?.shape ?? 'square',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    if (!draft.name.trim()) return setErrors({ name: t('validation.required') });
    setErrors(await props.onSave({ ...draft, name: draft.name.trim() }));
  };
  return (
    <Modal opened onClose={props.onClose} title={t(props.table ? 'floor_settings.edit_table' : 'floor_settings.add_table')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('floor_settings.table_name')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            error={errors.name}
            maxLength={FLOOR_LIMITS.name}
            required
            data-autofocus
          />
          <NumberInput
            label={t('floor_settings.seats')}
            value={draft.seats}
            onChange={(v) => setDraft({ ...draft, seats: typeof v === 'number' ? v : Number.parseInt(v, 10) || 1 })}
            min={1}
            max={FLOOR_LIMITS.seats}
            allowDecimal={false}
            allowNegative={false}
            error={errors.seats}
            required
          />
          <Select
            label={t('floor_settings.shape')}
            data={TABLE_SHAPES.map((s) => ({ value: s, label: t(`floor_settings.shapes.${s}`) }))}
            value={draft.shape}
            onChange={(v) => v && setDraft({ ...draft, shape: v as TableShape })}
            allowDeselect={false}
            error={errors.shape}
          />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={props.saving}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
